import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MRF_HEADER_OFFSET } from '../../shared/mrf/layout';
import { readMrf } from '../../shared/mrf/read';
import { assembleMrf, gridMrf } from '../../shared/mrf/testing/fixtures';
import { buildMorf, inProcessMorf, runBuiltMorf } from './testing/run-cli';

let folder: string;

const morf = inProcessMorf(() => folder);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-cli-'));
  writeFileSync(join(folder, 'cape.mrf'), assembleMrf({ base: gridMrf({ initialTime: -0.25 }), debugFlag: 2 }));
  writeFileSync(
    join(folder, 'scrambled.mrf'),
    assembleMrf({ order: ['keyframes', 'uvs', 'faces', 'texture'], alignment: 4 }),
  );
  writeFileSync(join(folder, 'zero-interval.mrf'), assembleMrf({ frameInterval: 0 }));
  writeFileSync(join(folder, 'other-magic.mrf'), assembleMrf({ magic: 'Mxrf' }));
  writeFileSync(join(folder, 'empty.mrf'), new Uint8Array(0));
  writeFileSync(join(folder, 'truncated.mrf'), assembleMrf().subarray(0, 80));
  const hostile = assembleMrf();
  new DataView(hostile.buffer).setUint32(MRF_HEADER_OFFSET.keyframeCount, 4_000_000_000, true);
  writeFileSync(join(folder, 'hostile.mrf'), hostile);
  writeFileSync(join(folder, 'past-end.mrf'), assembleMrf({ offsetOverrides: { faces: 1 << 24 } }));
  writeFileSync(join(folder, 'notes.txt'), 'hello');
  mkdirSync(join(folder, 'folder.mrf'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf inspect', () => {
  it('prints the documented --json fields', async () => {
    const { code, stdout } = await morf('inspect', 'cape.mrf', '--json');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      format: 'mrf',
      keyframeCount: 4,
      vertexCount: 6,
      cornerCount: 12,
      faceCount: 4,
      initialTime: -0.25,
      debugFlag: 2,
      pivot: [1, 2, 3],
      boundsRadius: 42,
      texturePath: 'Textures\\Cape',
      diagnostics: [],
    });
    expect(summary.frameInterval).toBe(Math.fround(0.1));
    expect(summary.durationSeconds).toBeCloseTo(0.3, 6);
    expect(summary.bounds).toEqual({ min: [0, 0, -10], max: [23, 6, 0] });
  });

  it('prints a readable summary without --json', async () => {
    const { code, stdout } = await morf('inspect', 'cape.mrf');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^cape\.mrf: MRF, \d+ bytes\n/);
    expect(stdout).toContain('4 × 6 vertices, 4 faces (12 corners)');
    expect(stdout).toContain('texture         Textures\\Cape');
    expect(stdout).toContain('no problems found');
  });

  it('detects an MRF by its magic when the extension says nothing', async () => {
    writeFileSync(join(folder, 'cape.bin'), readFileSync(join(folder, 'cape.mrf')));
    expect(JSON.parse((await morf('inspect', 'cape.bin', '--json')).stdout).format).toBe('mrf');
  });
});

describe('morf dump', () => {
  it('prints faces, UVs as stored and every keyframe as float32 values', async () => {
    const { code, stdout } = await morf('dump', 'cape.mrf', '--json');
    expect(code).toBe(0);
    const dump = JSON.parse(stdout);
    const file = gridMrf();
    expect(dump.keyframeCount).toBe(4);
    expect(dump.faces[0]).toEqual([0, 3, 1]);
    expect(dump.uvs).toEqual([
      [0, 0],
      [0.5, 0],
      [1, 0],
      [0, 1],
      [0.5, 1],
      [1, 1],
    ]);
    expect(dump.keyframes).toHaveLength(4);
    expect(dump.keyframes[2].positions[1]).toEqual(Array.from(file.keyframes[2]!.subarray(6, 9)));
    expect(dump.keyframes[2].normals[1]).toEqual([0, -1, 0]);
  });

  it('prints NaN as a string so the JSON stays valid', async () => {
    const base = gridMrf();
    base.keyframes[0]![0] = Number.NaN;
    writeFileSync(join(folder, 'nan.mrf'), assembleMrf({ base }));
    const dump = JSON.parse((await morf('dump', 'nan.mrf')).stdout);
    expect(dump.keyframes[0].positions[0][0]).toBe('NaN');
  });
});

describe('morf validate', () => {
  it('exits 0 for clean files, even with warnings', async () => {
    const { code, stdout } = await morf('validate', 'cape.mrf', 'other-magic.mrf');
    expect(code).toBe(0);
    expect(stdout).toContain('cape.mrf: ok');
    expect(stdout).toContain('other-magic.mrf: 1 warning');
    expect(stdout).toContain('warning mrf.magic-not-morf at header.magic (byte 0)');
  });

  it('exits 1 when a file has errors', async () => {
    const { code, stdout } = await morf('validate', 'cape.mrf', 'zero-interval.mrf');
    expect(code).toBe(1);
    expect(stdout).toContain('error mrf.frame-interval-zero at header.frameInterval (byte 16)');
  });

  it('exits 2 when a file cannot be read, still checking the others', async () => {
    const { code, stdout, stderr } = await morf('validate', 'zero-interval.mrf', 'truncated.mrf', 'cape.mrf');
    expect(code).toBe(2);
    expect(stdout).toContain('cape.mrf: ok');
    expect(stderr).toBe(
      'morf validate: truncated.mrf: MRF truncated at offsetTable (byte 64): count 8 × 4 bytes needs 32 bytes, 16 ' +
        'left\n',
    );
  });
});

describe('morf convert', () => {
  it('rewrites a scrambled file in the canonical layout, atomically, keeping the old output as .bak', async () => {
    writeFileSync(join(folder, 'out.mrf'), 'old');
    const { code, stdout } = await morf('convert', 'scrambled.mrf', 'out.mrf');
    expect(code).toBe(0);
    expect(stdout).toMatch(/scrambled\.mrf → out\.mrf/);
    const written = new Uint8Array(readFileSync(join(folder, 'out.mrf')));
    expect(written).toEqual(assembleMrf());
    expect(readFileSync(join(folder, 'out.mrf.bak'), 'utf8')).toBe('old');
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readMrf(written).layout!.textureOffset % 16).toBe(0);
  });

  it('refuses an output format it cannot write', async () => {
    const { code, stderr } = await morf('convert', 'cape.mrf', 'cape.xyz');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^morf convert: cape\.xyz: unknown output format/);
  });
});

describe('bad input: one line naming the file, exit 2', () => {
  const cases: Array<[string, RegExp]> = [
    ['empty.mrf', /^morf inspect: empty\.mrf: the file is empty\n$/],
    ['truncated.mrf', /^morf inspect: truncated\.mrf: MRF truncated at offsetTable \(byte 64\)/],
    ['hostile.mrf', /^morf inspect: hostile\.mrf: MRF limit at header\.keyframeCount \(byte 4\): 4000000000 keyframes/],
    [
      'past-end.mrf',
      /^morf inspect: past-end\.mrf: MRF truncated at faces \(byte 16777216\): chunk offset 16777216 is past the end/,
    ],
    ['folder.mrf', /^morf inspect: folder\.mrf: is a directory, not a file\n$/],
    ['missing.mrf', /^morf inspect: missing\.mrf: no such file or folder\n$/],
    ['notes.txt', /^morf inspect: notes\.txt: not a file format morf knows/],
  ];
  for (const [name, message] of cases) {
    it(name, async () => {
      const { code, stdout, stderr } = await morf('inspect', name);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }

  it('rejects unknown options and missing arguments as usage errors', async () => {
    expect(await morf('inspect', 'cape.mrf', '--yaml')).toMatchObject({
      code: 2,
      stderr: 'morf inspect: unknown option --yaml (usage: morf inspect FILE [--json] [--data FOLDER_OR_ARCHIVE]...)\n',
    });
    expect((await morf('convert', 'cape.mrf')).code).toBe(2);
    expect((await morf('validate')).code).toBe(2);
  });
});

describe('the built morf program', () => {
  beforeAll(buildMorf);

  it('validates with exit codes 0 and 1', async () => {
    const clean = await runBuiltMorf(['validate', 'cape.mrf'], folder);
    expect(clean.stdout).toBe('cape.mrf: ok\n');
    const failed = await runBuiltMorf(['validate', 'zero-interval.mrf'], folder).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
  });

  it('prints one line and exits 2 for a hostile file, with no stack trace', async () => {
    const failure = await runBuiltMorf(['inspect', 'hostile.mrf'], folder).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(
      /^morf inspect: hostile\.mrf: MRF limit at header\.keyframeCount \(byte 4\)[^\n]*\n$/,
    );
  });
});
