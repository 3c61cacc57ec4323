/**
 * `morf inspect`, `validate` and `convert` of EMF sets and KF2 files: the parts beside a manifest,
 * the options, the baked cape, and bad files refused in one line with exit code 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emfManifestBytes, wolfSet } from '../../../shared/emf/testing/emf-builder';
import { capeScene, Kf2Writer, nodeChunk } from '../../../shared/kf2/testing/kf2-builder';
import { readMrf } from '../../../shared/mrf/read';
import { inProcessMorf } from '../testing/run-cli';

let folder: string;
const morf = inProcessMorf(() => folder);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-emf-kf2-'));
  for (const [name, bytes] of Object.entries(wolfSet())) writeFileSync(join(folder, name), bytes);
  // A manifest whose parts are missing, and one cut short.
  writeFileSync(join(folder, 'lone.emf'), emfManifestBytes('x', 30, ['idle']));
  writeFileSync(join(folder, 'short.emf'), wolfSet()['wolf.emf']!.subarray(0, 400));
  writeFileSync(join(folder, 'scene.kf2'), capeScene());
  writeFileSync(join(folder, 'tagged.kf2'), capeScene(5, { layout: 'tagged' }));
  const whole = capeScene();
  writeFileSync(join(folder, 'truncated.kf2'), whole.subarray(0, whole.length - 9));
  writeFileSync(
    join(folder, 'future.kf2'),
    new Kf2Writer().chunk(0x00010005, 9, (mesh) => nodeChunk(mesh, 'x')).done(),
  );
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function positions(path: string, key: number, vertex: number): number[] {
  const mrf = readMrf(new Uint8Array(readFileSync(join(folder, path))));
  return Array.from(mrf.keyframes[key]!.subarray(vertex * 6, vertex * 6 + 3)).map(
    (value) => Number(value.toFixed(5)) + 0,
  );
}

describe('morf with EMF', () => {
  it('inspects the set: mesh, bones, animations with frame counts and rate', async () => {
    const { code, stdout } = await morf('inspect', 'wolf.emf');
    expect(code).toBe(0);
    expect(stdout).toContain('EMF manifest, 416 bytes, 30 fps');
    expect(stdout).toContain('  bones           7 root, 9 tip');
    expect(stdout).toContain('  animation 1     swing: 4 keyframes, 31 frames (0–30) at 30 fps');
    const json = JSON.parse((await morf('inspect', 'wolf.emf', '--json')).stdout);
    expect(json).toMatchObject({ format: 'emf', framerate: 30, mesh: { triangles: 2 }, collision: { triangles: 1 } });
    expect(json.animations.map((animation: { name: string }) => animation.name)).toEqual(['idle', 'swing']);
    expect((await morf('validate', 'wolf.emf')).code).toBe(0);
  });

  it('converts the chosen animation, bound by --bind, at --fps', async () => {
    const { code, stdout, stderr } = await morf('convert', 'wolf.emf', 'cape.mrf', '--animation', 'swing');
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(
      new RegExp(
        '^wolf\\.emf → cape\\.mrf \\(MRF, \\d+ bytes\\): animation 1 "swing" bound by "idle", 0–1 s, ' +
          '31 keyframes at 30 fps, 6 vertices\\n$',
      ),
    );
    expect(positions('cape.mrf', 30, 0)).toEqual([0, 1, 0]);
    expect(positions('cape.mrf', 30, 3)).toEqual([0, 1, 6]);
    const slow = await morf('convert', 'wolf.emf', 'slow.mrf', '--animation', '1', '--fps', '5', '--bind', 'swing');
    expect(slow.code).toBe(0);
    expect(slow.stdout).toContain('6 keyframes at 5 fps');
  });

  it('refuses missing parts, a short manifest and unknown animations in one line with exit 2', async () => {
    for (const [args, message] of [
      [['convert', 'lone.emf', 'x.mrf'], /^morf convert: .*lone\.emf\.vtx/],
      [
        ['inspect', 'short.emf'],
        /^morf inspect: short\.emf: EMF truncated at short\.emf:nAnimations \(byte 280\): 2 × 64 bytes needs 128/,
      ],
      [
        ['convert', 'wolf.emf', 'x.mrf', '--animation', 'run'],
        /no animation "run": the manifest names "idle", "swing"/,
      ],
    ] as const) {
      const { code, stdout, stderr } = await morf(...args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('morf with KF2', () => {
  it('inspects meshes, nodes, skins and animations with frame counts and rates', async () => {
    const { code, stdout } = await morf('inspect', 'scene.kf2');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^scene\.kf2: KF2, \d+ bytes, 7 chunks, plain primitives \(issue 15\)\n/);
    expect(stdout).toContain('  mesh 2          cape: 3 vertices, 1 polygons, material cloth (cape.tga), skinned');
    expect(stdout).toContain('  animation 0     2 tracks, 4 keyframes, 0–1 s at 30 fps');
    expect(stdout).toContain('    track         bone1 (version 5): 2 keyframes of 31 frames, frames 0–30 at 30 fps');
    const json = JSON.parse((await morf('inspect', 'scene.kf2', '--json')).stdout);
    expect(json).toMatchObject({
      format: 'kf2',
      layout: 'plain',
      chunks: 7,
      skins: [{ objects: ['cape'], bones: 2, influences: 4 }],
    });
  });

  it('inspects and converts a tagged file by the fallback reading, saying so', async () => {
    const { code, stdout } = await morf('inspect', 'tagged.kf2');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^tagged\.kf2: KF2, \d+ bytes, 7 chunks, tagged primitives \(the fallback reading\)\n/);
    const json = JSON.parse((await morf('inspect', 'tagged.kf2', '--json')).stdout);
    expect(json).toMatchObject({ format: 'kf2', layout: 'tagged', chunks: 7 });
    const converted = await morf('convert', 'tagged.kf2', 'tagged.mrf', '--fps', '10');
    expect(converted.code).toBe(0);
    expect(converted.stderr).toMatch(/read by the tagged fallback/);
    expect(positions('tagged.mrf', 10, 0)).toEqual([0, -1, 0]);
    expect(positions('tagged.mrf', 10, 1)).toEqual([0.5, 0.5, 1]);
  });

  it('converts the mesh over the animation', async () => {
    const { code, stdout, stderr } = await morf('convert', 'scene.kf2', 'kf2.mrf', '--mesh', 'cape', '--fps', '10');
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(
      /^scene\.kf2 → kf2\.mrf \(MRF, \d+ bytes\): mesh 2 "cape", animation 0, 0–1 s, 11 keyframes/,
    );
    expect(positions('kf2.mrf', 10, 0)).toEqual([0, -1, 0]);
    expect(positions('kf2.mrf', 10, 1)).toEqual([0.5, 0.5, 1]);
  });

  it('refuses a truncated file and an undefined version in one line with exit 2', async () => {
    for (const [args, message] of [
      [['inspect', 'truncated.kf2'], /^morf inspect: truncated\.kf2: KF2 truncated at chunks\[6\]/],
      [
        ['convert', 'future.kf2', 'x.mrf'],
        /^morf convert: future\.kf2: KF2 unsupported at chunks\[0\]\(Mesh\).*version 9/,
      ],
      [['convert', 'scene.kf2', 'x.mrf', '--animation', '4'], /no animation "4": the file has "animation 0"/],
    ] as const) {
      const { code, stdout, stderr } = await morf(...args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
