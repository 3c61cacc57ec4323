/**
 * Cape authoring benchmarks: MRF → GLB of the 100 MB bench cape (20,000 vertices × 200 keyframes,
 * the mrf suite's) against reading plus writing the same bytes — streamed, and (informational) in
 * one buffer, which pays for a fresh 100 MB allocation — and baking a 20,000-vertex, 200-frame
 * skinned glTF into an MRF.
 */
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mrfToGlb, mrfToGlbStream } from '../../shared/capes/gltf/export';
import { gltfToMrf } from '../../shared/capes/gltf/import';
import { readGltf } from '../../shared/capes/gltf/read';
import { GltfBuilder } from '../../shared/capes/gltf/testing/gltf-builder';
import { readMrf } from '../../shared/mrf/read';
import { gridMrf } from '../../shared/mrf/testing/fixtures';
import { writeMrf } from '../../shared/mrf/write';
import { type BenchSuite, clearsAtMost, measure, median } from './harness';

const COLUMNS = 200;
const ROWS = 100;
const VERTEX_COUNT = COLUMNS * ROWS;
const KEYFRAME_COUNT = 200;
const FPS = 30;
/** Joints of the skinned bench cape: a chain hanging down its rows. */
const JOINT_COUNT = 8;

/** Reads the MRF, converts it and writes the GLB: streamed chunk by chunk (its head again last), or in one buffer. */
function convertFile(mrfPath: string, outPath: string, streamed: boolean): void {
  const buffer = readFileSync(mrfPath);
  const file = readMrf(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  if (!streamed) {
    writeFileSync(outPath, mrfToGlb(file));
    return;
  }
  const descriptor = openSync(outPath, 'w');
  try {
    const stream = mrfToGlbStream(file);
    for (const chunk of stream.chunks()) writeSync(descriptor, chunk);
    // The head again, with the displacements' bounds the keyframes gave.
    const head = stream.head();
    writeSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Medians of reading the MRF and writing as many bytes, and of the two conversions, measured in
 * turns (the order rotating) so that drift and garbage collection hit each alike.
 */
function interleaved(mrfPath: string, outPath: string, rounds: number) {
  const tasks = {
    copy: () => writeFileSync(outPath, readFileSync(mrfPath)),
    streamed: () => convertFile(mrfPath, outPath, true),
    oneBuffer: () => convertFile(mrfPath, outPath, false),
  };
  const names = Object.keys(tasks) as (keyof typeof tasks)[];
  const times = { copy: [] as number[], streamed: [] as number[], oneBuffer: [] as number[] };
  for (let round = -2; round < rounds; round += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(turn + Math.max(round, 0)) % names.length]!;
      const started = performance.now();
      tasks[name]();
      if (round >= 0) times[name].push(performance.now() - started);
    }
  }
  return { copyMs: median(times.copy), streamedMs: median(times.streamed), oneBufferMs: median(times.oneBuffer) };
}

/**
 * A skinned grid of COLUMNS × ROWS vertices in glTF's XY plane, hanging from a chain of joints
 * down its rows, each joint swinging about X; KEYFRAME_COUNT frames at FPS.
 */
function skinnedGridGlb(): Uint8Array {
  const builder = new GltfBuilder();
  const positions: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  for (let row = 0; row < ROWS; row += 1) {
    const along = (row / (ROWS - 1)) * (JOINT_COUNT - 1);
    const joint = Math.min(Math.floor(along), JOINT_COUNT - 2);
    const blend = along - joint;
    for (let column = 0; column < COLUMNS; column += 1) {
      positions.push(column, -row, 0);
      joints.push(joint, joint + 1, 0, 0);
      weights.push(1 - blend, blend, 0, 0);
    }
  }
  const faces: number[] = [];
  for (let row = 0; row + 1 < ROWS; row += 1) {
    for (let column = 0; column + 1 < COLUMNS; column += 1) {
      const at = row * COLUMNS + column;
      faces.push(at, at + COLUMNS, at + 1, at + 1, at + COLUMNS, at + COLUMNS + 1);
    }
  }
  const normals = new Array<number>(VERTEX_COUNT * 3).fill(0).map((_, index) => (index % 3 === 2 ? 1 : 0));
  const mesh = builder.add('meshes', {
    primitives: [
      {
        attributes: {
          POSITION: builder.floats('VEC3', positions, true),
          NORMAL: builder.floats('VEC3', normals),
          JOINTS_0: builder.integers('VEC4', joints, 'UNSIGNED_BYTE'),
          WEIGHTS_0: builder.floats('VEC4', weights),
        },
        indices: builder.integers('SCALAR', faces, 'UNSIGNED_SHORT'),
      },
    ],
  });
  const spacing = (ROWS - 1) / (JOINT_COUNT - 1);
  const chain: number[] = [];
  for (let joint = JOINT_COUNT - 1; joint >= 0; joint -= 1) {
    chain.unshift(
      builder.add('nodes', {
        translation: [0, joint ? -spacing : 0, 0],
        ...(joint < JOINT_COUNT - 1 ? { children: [chain[0]!] } : {}),
      }),
    );
  }
  const inverseBind: number[] = [];
  for (let joint = 0; joint < JOINT_COUNT; joint += 1)
    inverseBind.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, joint * spacing, 0, 1);
  const skin = builder.add('skins', { joints: chain, inverseBindMatrices: builder.floats('MAT4', inverseBind) });
  builder.scene([chain[0]!, builder.add('nodes', { mesh, skin })]);
  const times = Array.from({ length: KEYFRAME_COUNT }, (_, frame) => frame / FPS);
  const input = builder.floats('SCALAR', times, true);
  const samplers = [];
  const channels = [];
  for (let joint = 0; joint < JOINT_COUNT; joint += 1) {
    const rotations = times.flatMap((time) => {
      const half = 0.2 * Math.sin(time * 3 + joint);
      return [Math.sin(half), 0, 0, Math.cos(half)];
    });
    samplers.push({ input, output: builder.floats('VEC4', rotations) });
    channels.push({ sampler: joint, target: { node: chain[joint]!, path: 'rotation' } });
  }
  builder.add('animations', { name: 'Sway', samplers, channels });
  return builder.glb();
}

/** The `capes` bench suite. */
export const capesBench: BenchSuite = {
  name: 'capes',
  async run(report) {
    const mrfPath = join(tmpdir(), `morf-bench-capes-${process.pid}.mrf`);
    const outPath = join(tmpdir(), `morf-bench-capes-${process.pid}.glb`);
    const bytes = writeMrf(
      gridMrf({ columns: COLUMNS, rows: ROWS, keyframeCount: KEYFRAME_COUNT, frameInterval: 1 / FPS }),
    );
    writeFileSync(mrfPath, bytes);
    try {
      report.note(
        `synthetic MRF: ${VERTEX_COUNT} vertices × ${KEYFRAME_COUNT} keyframes, ` +
          `${(bytes.byteLength / 1e6).toFixed(1)} MB`,
      );
      const { copyMs, streamedMs, oneBufferMs } = interleaved(mrfPath, outPath, 9);
      report.row({ suite: 'capes', name: 'read MRF bytes + write as many (100 MB)', value: copyMs, unit: 'ms' });
      report.row({ suite: 'capes', name: 'read MRF + mrfToGlbStream, chunks written', value: streamedMs, unit: 'ms' });
      const ratio = streamedMs / copyMs;
      report.row({
        suite: 'capes',
        name: 'MRF → GLB / (read + write)',
        value: ratio,
        unit: '×',
        goal: '≤ 2×',
        met: clearsAtMost(ratio, 2),
      });
      report.row({
        suite: 'capes',
        name: 'MRF → GLB in one buffer (mrfToGlb) / (read + write)',
        value: oneBufferMs / copyMs,
        unit: '×',
      });

      const glb = skinnedGridGlb();
      report.note(
        `skinned glTF: ${VERTEX_COUNT} vertices, ${JOINT_COUNT} joints, ${KEYFRAME_COUNT} frames, ` +
          `${(glb.length / 1e6).toFixed(1)} MB`,
      );
      let keyframes = 0;
      const bakeMs = await measure(
        async () => {
          const baked = gltfToMrf(await readGltf(glb), { fps: FPS });
          keyframes = baked.mrf.keyframes.length;
        },
        { minTimeMs: 2000, minRuns: 3, warmup: 1 },
      );
      report.row({
        suite: 'capes',
        name: `bake skinned glTF, ${VERTEX_COUNT} vertices × ${keyframes} frames`,
        value: bakeMs,
        unit: 'ms',
        goal: '< 1000 ms',
        met: clearsAtMost(bakeMs, 1000) && keyframes === KEYFRAME_COUNT,
      });
    } finally {
      rmSync(mrfPath, { force: true });
      rmSync(outPath, { force: true });
    }
  },
};
