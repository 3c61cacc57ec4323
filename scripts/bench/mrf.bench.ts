/**
 * MRF benchmarks: parsing a ~100 MB file (20,000 vertices × 200 keyframes) against reading its
 * bytes from disk, and sampling one frame of 20,000 vertices.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMrf } from '../../shared/mrf/create';
import { MRF_FLOATS_PER_VERTEX } from '../../shared/mrf/layout';
import { readMrf } from '../../shared/mrf/read';
import { createMrfPlayhead, sampleMrf } from '../../shared/mrf/sample';
import { validateMrf } from '../../shared/mrf/validate';
import { writeMrf } from '../../shared/mrf/write';
import { measure, median, type BenchSuite } from './harness';

const VERTEX_COUNT = 20_000;
const KEYFRAME_COUNT = 200;
const COLUMNS = 200;

/** A synthetic cloth of VERTEX_COUNT vertices and KEYFRAME_COUNT keyframes, in canonical bytes. */
function syntheticMrf(): Uint8Array {
  const rows = VERTEX_COUNT / COLUMNS;
  const corners: number[] = [];
  for (let row = 0; row + 1 < rows; row += 1) {
    for (let column = 0; column + 1 < COLUMNS; column += 1) {
      const a = row * COLUMNS + column;
      corners.push(a, a + 1, a + COLUMNS, a + 1, a + COLUMNS + 1, a + COLUMNS);
    }
  }
  const uvs = new Float32Array(VERTEX_COUNT * 2);
  for (let vertex = 0; vertex < VERTEX_COUNT; vertex += 1) {
    uvs[vertex * 2] = (vertex % COLUMNS) / COLUMNS;
    uvs[vertex * 2 + 1] = Math.floor(vertex / COLUMNS) / rows;
  }
  const keyframes: Float32Array[] = [];
  for (let keyframe = 0; keyframe < KEYFRAME_COUNT; keyframe += 1) {
    const data = new Float32Array(VERTEX_COUNT * MRF_FLOATS_PER_VERTEX);
    for (let vertex = 0; vertex < VERTEX_COUNT; vertex += 1) {
      const base = vertex * MRF_FLOATS_PER_VERTEX;
      const column = vertex % COLUMNS;
      const row = Math.floor(vertex / COLUMNS);
      data[base] = Math.sin(keyframe * 0.1 + row * 0.05) * row * 0.2;
      data[base + 1] = column;
      data[base + 2] = -row;
      data[base + 3] = -1;
    }
    keyframes.push(data);
  }
  return writeMrf(createMrf({ texturePath: 'Textures\\Bench.blp', faces: Uint16Array.from(corners), uvs, keyframes }));
}

/** Medians of reading the file, and of reading plus parsing it, measured in alternation so drift hits both alike. */
function interleaved(path: string, rounds: number): { readMs: number; readAndParseMs: number } {
  const read: number[] = [];
  const readAndParse: number[] = [];
  const timeRead = () => {
    const started = performance.now();
    readFileSync(path);
    return performance.now() - started;
  };
  const timeReadAndParse = () => {
    const started = performance.now();
    const buffer = readFileSync(path);
    readMrf(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    return performance.now() - started;
  };
  for (let round = -2; round < rounds; round += 1) {
    // Alternate which goes first, so that garbage collection of the previous buffer hits both alike.
    let readTime: number;
    let readAndParseTime: number;
    if (round % 2 === 0) {
      readTime = timeRead();
      readAndParseTime = timeReadAndParse();
    } else {
      readAndParseTime = timeReadAndParse();
      readTime = timeRead();
    }
    if (round < 0) continue; // warm-up
    read.push(readTime);
    readAndParse.push(readAndParseTime);
  }
  return { readMs: median(read), readAndParseMs: median(readAndParse) };
}

/** The `mrf` bench suite. */
export const mrfBench: BenchSuite = {
  name: 'mrf',
  async run(report) {
    const path = join(tmpdir(), `morf-bench-${process.pid}.mrf`);
    const bytes = syntheticMrf();
    writeFileSync(path, bytes);
    try {
      report.note(`synthetic MRF: ${VERTEX_COUNT} vertices × ${KEYFRAME_COUNT} keyframes, ${(bytes.byteLength / 1e6).toFixed(1)} MB at ${path}`);
      const { readMs, readAndParseMs } = interleaved(path, 9);
      const parseMs = await measure(() => readMrf(bytes), { minTimeMs: 300, minRuns: 20 });
      report.row({ suite: 'mrf', name: 'read file bytes (100 MB)', value: readMs, unit: 'ms' });
      report.row({ suite: 'mrf', name: 'read file bytes + readMrf', value: readAndParseMs, unit: 'ms' });
      report.row({ suite: 'mrf', name: 'readMrf alone (bytes in memory)', value: parseMs, unit: 'ms' });
      const ratio = readAndParseMs / readMs;
      report.row({ suite: 'mrf', name: '(read + parse) / read', value: ratio, unit: '×', goal: '≤ 1.2×', met: ratio <= 1.2 });

      const file = readMrf(bytes);
      const positions = new Float32Array(VERTEX_COUNT * 3);
      const normals = new Float32Array(VERTEX_COUNT * 3);
      const playhead = createMrfPlayhead();
      let seconds = 0;
      const sampleMs = await measure(
        () => {
          seconds = (seconds + 0.0173) % 7;
          sampleMrf(file, seconds, positions, normals, playhead);
        },
        { minTimeMs: 500, minRuns: 200 },
      );
      report.row({ suite: 'mrf', name: 'sample one frame, 20,000 vertices', value: sampleMs, unit: 'ms', goal: '< 1 ms', met: sampleMs < 1 });

      report.row({ suite: 'mrf', name: 'validateMrf (informational)', value: await measure(() => validateMrf(file), { minTimeMs: 500, minRuns: 3 }), unit: 'ms' });
      report.row({ suite: 'mrf', name: 'writeMrf (informational)', value: await measure(() => writeMrf(file), { minTimeMs: 500, minRuns: 3 }), unit: 'ms' });
    } finally {
      rmSync(path, { force: true });
    }
  },
};
