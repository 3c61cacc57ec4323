/**
 * `morf texture FILE [--png OUT.png] [--mip N] [--json]`: decodes a BLP, TGA or DDS texture with
 * shared/textures; prints its size, encoding and levels, or writes one level as a PNG.
 */
import { deflateSync } from 'node:zlib';
import { decodeTexture } from '../../../shared/textures/index';
import type { DecodedTexture, TextureMip } from '../../../shared/textures/types';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { readInputFile, writeFileAtomic } from '../files';
import { toJson } from '../json';
import { namingFile } from './open-file';

const usage = 'morf texture FILE [--png OUT.png] [--mip N] [--json]';

interface TextureArgs {
  file: string;
  png?: string;
  mip: number;
  json: boolean;
}

function parseTextureArgs(args: readonly string[]): TextureArgs {
  const positional: string[] = [];
  let png: string | undefined;
  let mip: number | undefined;
  let json = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--json') json = true;
    else if (arg === '--png' || arg === '--mip') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value (usage: ${usage})`);
      index += 1;
      if (arg === '--png') png = value;
      else {
        if (!/^\d+$/.test(value)) throw new UsageError(`--mip expects a level number 0, 1, 2…, not "${value}"`);
        mip = Number(value);
      }
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg} (usage: ${usage})`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new UsageError(`expects one texture file (usage: ${usage})`);
  if (mip !== undefined && !png) throw new UsageError(`--mip chooses the level written by --png (usage: ${usage})`);
  return { file: positional[0]!, png, mip: mip ?? 0, json };
}

/** `morf texture`: summary or PNG export of one decoded mip level. */
export const textureCommand: CliCommand = {
  name: 'texture',
  summary: 'Decode a BLP, TGA or DDS texture: show its levels or write one as PNG',
  usage:
    `Usage: ${usage}\n\nDecodes FILE (BLP1 JPEG/paletted, BLP2, TGA, DDS) and prints its size, encoding,\nmip ` +
    `levels and any warnings (--json: an object with container, encoding, width,\nheight, mips [{width,height}] and ` +
    `warnings). With --png, writes level N (--mip N,\ndefault 0) as an RGBA PNG, atomically.`,
  async run(args, io) {
    const options = parseTextureArgs(args);
    const bytes = await readInputFile(options.file, io.cwd);
    const texture = namingFile(options.file, () => decodeTexture(bytes, options.file));
    if (options.png) {
      const mip = texture.mips[options.mip];
      if (!mip) {
        io.stderr(
          `morf texture: ${options.file} has ${texture.mips.length} level${texture.mips.length === 1 ? '' : 's'} ` +
            `(0–${texture.mips.length - 1}); --mip ${options.mip} is out of range\n`,
        );
        return ExitCode.failure;
      }
      await writeFileAtomic(options.png, encodePng(mip), io.cwd);
      if (!options.json)
        io.stdout(`${options.png}: level ${options.mip} of ${options.file}, ${mip.width}×${mip.height}\n`);
    }
    if (options.json) io.stdout(`${toJson(summaryOf(texture))}\n`);
    else if (!options.png) io.stdout(describe(options.file, texture));
    return ExitCode.ok;
  },
};

function summaryOf(texture: DecodedTexture) {
  return {
    container: texture.container,
    encoding: texture.encoding,
    width: texture.width,
    height: texture.height,
    mips: texture.mips.map((mip) => ({ width: mip.width, height: mip.height })),
    warnings: texture.warnings,
  };
}

function describe(file: string, texture: DecodedTexture): string {
  const levels = texture.mips.map((mip) => `${mip.width}×${mip.height}`).join(', ');
  const lines = [
    `${file}: ${texture.container.toUpperCase()} ${texture.width}×${texture.height}, ${texture.encoding}`,
    `  ${texture.mips.length} mip level${texture.mips.length === 1 ? '' : 's'}: ${levels}`,
    ...texture.warnings.map((warning) => `  warning: ${warning}`),
  ];
  return `${lines.join('\n')}\n`;
}

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_COLOUR_RGBA = 6;
const PNG_FILTER_NONE = 0;

/** An 8-bit RGBA PNG of one level (rows unfiltered, zlib-deflated). */
function encodePng(mip: TextureMip): Uint8Array {
  const rowBytes = mip.width * 4;
  const raw = new Uint8Array((rowBytes + 1) * mip.height);
  for (let row = 0; row < mip.height; row += 1) {
    raw[row * (rowBytes + 1)] = PNG_FILTER_NONE;
    raw.set(mip.rgba.subarray(row * rowBytes, (row + 1) * rowBytes), row * (rowBytes + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, mip.width);
  view.setUint32(4, mip.height);
  header.set([8, PNG_COLOUR_RGBA, 0, 0, 0], 8);
  const chunks = [chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(PNG_SIGNATURE.length + chunks.reduce((sum, part) => sum + part.length, 0));
  out.set(PNG_SIGNATURE);
  let offset = PNG_SIGNATURE.length;
  for (const part of chunks) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index += 1) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
