/**
 * `morf texture FILE [--png OUT.png] [--mip N] [--json]`: decodes a BLP, TGA or DDS texture with
 * shared/textures; prints its size, encoding and levels, or writes one level as a PNG.
 */
import { decodeTexture } from '../../../shared/textures/index';
import { encodePng } from '../../../shared/textures/png';
import type { DecodedTexture } from '../../../shared/textures/types';
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
