/**
 * MRF benchmarks: parsing a ~100 MB file (20,000 vertices × 200 keyframes) against reading its
 * bytes from disk, and sampling one frame of 20,000 vertices.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readMrf } from '../../shared/mrf/read';
import { createMrfPlayhead, sampleMrf } from '../../shared/mrf/sample';
import { gridMrf } from '../../shared/mrf/testing/fixtures';
import { validateMrf } from '../../shared/mrf/validate';
import { writeMrf } from '../../shared/mrf/write';
import { type BenchSuite, clearsAtMost, measure, median } from './harness';

const COLUMNS = 200;
const ROWS = 100;
const VERTEX_COUNT = COLUMNS * ROWS;
const KEYFRAME_COUNT = 200;

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
    // A moving grid of VERTEX_COUNT vertices and KEYFRAME_COUNT keyframes, in canonical bytes.
    const bytes = writeMrf(
      gridMrf({ columns: COLUMNS, rows: ROWS, keyframeCount: KEYFRAME_COUNT, frameInterval: 1 / 30 }),
    );
    writeFileSync(path, bytes);
    try {
      report.note(
        `synthetic MRF: ${VERTEX_COUNT} vertices × ${KEYFRAME_COUNT} ` +
          `keyframes, ${(bytes.byteLength / 1e6).toFixed(1)} MB at ${path}`,
      );
      const { readMs, readAndParseMs } = interleaved(path, 9);
      const parseMs = await measure(() => readMrf(bytes), { minTimeMs: 300, minRuns: 20 });
      report.row({ suite: 'mrf', name: 'read file bytes (100 MB)', value: readMs, unit: 'ms' });
      report.row({ suite: 'mrf', name: 'read file bytes + readMrf', value: readAndParseMs, unit: 'ms' });
      report.row({ suite: 'mrf', name: 'readMrf alone (bytes in memory)', value: parseMs, unit: 'ms' });
      const ratio = readAndParseMs / readMs;
      report.row({
        suite: 'mrf',
        name: '(read + parse) / read',
        value: ratio,
        unit: '×',
        goal: '≤ 1.2×',
        met: clearsAtMost(ratio, 1.2),
      });

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
      report.row({
        suite: 'mrf',
        name: 'sample one frame, 20,000 vertices',
        value: sampleMs,
        unit: 'ms',
        goal: '< 1 ms',
        met: clearsAtMost(sampleMs, 1),
      });

      report.row({
        suite: 'mrf',
        name: 'validateMrf (informational)',
        value: await measure(() => validateMrf(file), { minTimeMs: 500, minRuns: 3 }),
        unit: 'ms',
      });
      report.row({
        suite: 'mrf',
        name: 'writeMrf (informational)',
        value: await measure(() => writeMrf(file), { minTimeMs: 500, minRuns: 3 }),
        unit: 'ms',
      });
    } finally {
      rmSync(path, { force: true });
    }
  },
};
