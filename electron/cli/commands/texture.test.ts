import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeBlp1Paletted,
  encodeDds,
  dxtFriendlyImage,
  levelSize,
  palettedToRgba,
  randomPaletted,
} from '../../../shared/textures/testing/encoders';
import { inProcessMorf } from '../testing/run-cli';

let folder: string;
const image = randomPaletted(8, 4, 3, 8, 5);

const morf = inProcessMorf(() => folder);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-texture-'));
  writeFileSync(join(folder, 'cape.blp'), encodeBlp1Paletted(image, 8));
  writeFileSync(
    join(folder, 'icon.dds'),
    encodeDds(
      {
        kind: 'fourcc',
        fourCC: 'DXT1',
        mips: [0, 1].map((level) => dxtFriendlyImage('dxt1', ...levelSize(8, 8, level), level)),
      },
      { mipMapCount: 7 },
    ),
  );
  writeFileSync(join(folder, 'model.blp'), new TextEncoder().encode('MDLXVERS\x04\x00\x00\x00\x20\x03\x00\x00'));
  writeFileSync(join(folder, 'short.blp'), encodeBlp1Paletted(image, 8).subarray(0, 1200));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf texture', () => {
  it('writes the top level as an RGBA PNG with the decoded pixels', async () => {
    const { code, stdout, stderr } = await morf('texture', 'cape.blp', '--png', 'out.png');
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toBe('out.png: level 0 of cape.blp, 8×4\n');
    const png = PNG.sync.read(readFileSync(join(folder, 'out.png')));
    expect([png.width, png.height]).toEqual([8, 4]);
    expect(new Uint8Array(png.data)).toEqual(palettedToRgba(image, 0));
  });

  it('writes the level chosen with --mip', async () => {
    expect((await morf('texture', 'cape.blp', '--png', 'level2.png', '--mip', '2')).code).toBe(0);
    const png = PNG.sync.read(readFileSync(join(folder, 'level2.png')));
    expect([png.width, png.height]).toEqual([2, 1]);
    expect(new Uint8Array(png.data)).toEqual(palettedToRgba(image, 2));
  });

  it('prints size, encoding, levels and warnings, or the same as --json', async () => {
    const text = await morf('texture', 'icon.dds');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^icon\.dds: DDS 8×8, DXT1\n {2}2 mip levels: 8×8, 4×4\n {2}warning: mipMapCount 7 exceeds the 4 levels/,
    );
    const json = JSON.parse((await morf('texture', 'cape.blp', '--json')).stdout);
    expect(json).toEqual({
      container: 'blp1',
      encoding: 'paletted, 8-bit alpha',
      width: 8,
      height: 4,
      mips: [
        { width: 8, height: 4 },
        { width: 4, height: 2 },
        { width: 2, height: 1 },
      ],
      warnings: [],
    });
  });

  it('refuses bad input with one line and exit code 2', async () => {
    const model = await morf('texture', 'model.blp', '--png', 'x.png');
    expect([model.code, model.stderr]).toEqual([
      2,
      'morf texture: model.blp: TEXTURE invalid at magic (byte 0): this is an MDX model, not a BLP texture\n',
    ]);
    const short = await morf('texture', 'short.blp');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(
      /^morf texture: short\.blp: BLP truncated at mips\[0\] \(byte 1180\): needs \d+ bytes/,
    );
    expect(short.stderr.trim().split('\n')).toHaveLength(1);
    const range = await morf('texture', 'cape.blp', '--png', 'x.png', '--mip', '3');
    expect([range.code, range.stderr]).toEqual([
      2,
      'morf texture: cape.blp has 3 levels (0–2); --mip 3 is out of range\n',
    ]);
    for (const args of [
      ['cape.blp', '--mip', 'two', '--png', 'x.png'],
      ['cape.blp', '--png'],
      ['cape.blp', '--mip', '1'],
      [],
      ['missing.blp'],
    ]) {
      const result = await morf('texture', ...args);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
