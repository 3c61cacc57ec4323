/**
 * MPQ benchmarks on a generated 100 MB archive of 10,000 zlib files: opening it from disk and
 * listing it (read by range: header, tables, listfile); extracting every file, ours (with fflate as
 * in the browser and workers, and with Node's zlib as in the host and CLI) against mdx-m3-viewer's
 * MPQ reader (pako) on the same bytes in memory; and adding one file to it (atomic write,
 * `.bak` kept) against copying it (read, then the same atomic write).
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MpqArchive } from '../../shared/archives/mpq/archive';
import { memorySource } from '../../shared/archives/mpq/source';
import { emptyMpq, writeMpq } from '../../shared/archives/mpq/writer';
import { seededRandom } from '../../shared/random';
import { writeFileAtomic } from '../../electron/host/atomic-write';
import { editArchiveFile, nodeInflater, openArchiveFile } from '../../electron/host/archive-file';
import type { Inflater } from '../../shared/archives/mpq/zlib';
import { type BenchSuite, clearsAtLeast, clearsAtMost, measure } from './harness';

const FILE_COUNT = 10_000;
/** Uncompressed bytes per file: noise, then text, so each stores about 10 KB (100 MB in all). */
const FILE_BYTES = 14_000;
const NOISE_BYTES = 9_600;

interface ViewerArchive {
  load(buffer: Uint8Array, readonly?: boolean): void;
  get(name: string): { bytes(): Uint8Array } | null;
}

/** mdx-m3-viewer's MPQ archive class, loaded only for this comparison. */
function viewerArchive(): (new () => ViewerArchive) | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('mdx-m3-viewer/dist/cjs/parsers/mpq/archive.js') as { default: new () => ViewerArchive }).default;
  } catch {
    return null;
  }
}

function fileContents(index: number, random: () => number): Uint8Array {
  const bytes = new Uint8Array(FILE_BYTES);
  const noiseEnd = NOISE_BYTES;
  for (let at = 0; at < noiseEnd; at += 1) bytes[at] = Math.floor(random() * 256);
  const line = `Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape${index} frame ${index * 7}\r\n`;
  for (let at = noiseEnd; at < FILE_BYTES; at += 1) bytes[at] = line.charCodeAt((at - noiseEnd) % line.length);
  return bytes;
}

/** The archive's file names. */
function nameOf(index: number): string {
  return `Units\\Group${index % 97}\\Model${index}.mdx`;
}

async function generate(): Promise<Uint8Array> {
  const random = seededRandom(100);
  const edits = Array.from({ length: FILE_COUNT }, (_, index) => ({
    kind: 'put' as const,
    name: nameOf(index),
    bytes: fileContents(index, random),
  }));
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const { bytes } = await writeMpq(base, edits, { createListfile: true, compressionLevel: 1 });
  return bytes;
}

export const mpqBench: BenchSuite = {
  name: 'mpq',
  async run(report) {
    const folder = mkdtempSync(join(tmpdir(), 'morf-mpq-bench-'));
    try {
      const bytes = await generate();
      const path = join(folder, 'big.mpq');
      writeFileSync(path, bytes);
      report.note(`generated ${(bytes.length / 1e6).toFixed(1)} MB, ${FILE_COUNT} zlib files`);

      const openMs = await measure(async () => {
        const opened = await openArchiveFile(path);
        const count = opened.archive.entries().length;
        await opened.close();
        if (count !== FILE_COUNT + 1) throw new Error(`listed ${count} files`);
      });
      report.row({
        suite: 'mpq',
        name: 'open + list 100 MB / 10,000 files (from disk, by range)',
        value: openMs,
        unit: 'ms',
        goal: '< 50 ms',
        met: clearsAtMost(openMs, 50),
      });

      const names = Array.from({ length: FILE_COUNT }, (_, index) => nameOf(index));
      const extractAll = (inflater?: Inflater) => async () => {
        const archive = await MpqArchive.open(memorySource(bytes), { inflater });
        for (const name of names) await archive.read(name);
      };
      const pureMs = await measure(extractAll(), { minRuns: 3, warmup: 1 });
      report.row({ suite: 'mpq', name: 'extract all (ours, fflate: browser and worker)', value: pureMs, unit: 'ms' });
      const oursMs = await measure(extractAll(nodeInflater), { minRuns: 3, warmup: 1 });
      report.row({ suite: 'mpq', name: 'extract all (ours, Node zlib: host and CLI)', value: oursMs, unit: 'ms' });
      const Viewer = viewerArchive();
      if (Viewer) {
        const viewerMs = await measure(
          () => {
            const archive = new Viewer();
            archive.load(bytes, true);
            for (const name of names) archive.get(name)!.bytes();
          },
          { minRuns: 3, warmup: 1 },
        );
        report.row({ suite: 'mpq', name: 'extract all (mdx-m3-viewer, pako)', value: viewerMs, unit: 'ms' });
        report.row({
          suite: 'mpq',
          name: 'extract all: mdx-m3-viewer / ours (fflate)',
          value: viewerMs / pureMs,
          unit: '×',
        });
        report.row({
          suite: 'mpq',
          name: 'extract all: mdx-m3-viewer / ours (host)',
          value: viewerMs / oursMs,
          unit: '×',
          goal: '≥ 2×',
          met: clearsAtLeast(viewerMs / oursMs, 2),
        });
      } else report.note('mdx-m3-viewer is not installed: no comparison');

      const copyPath = join(folder, 'copy.mpq');
      const copyMs = await measure(async () => writeFileAtomic(copyPath, await readFile(path)), {
        minRuns: 3,
        warmup: 1,
      });
      const added = new Uint8Array(50_000).fill(7);
      const editPath = join(folder, 'edit.mpq');
      writeFileSync(editPath, bytes);
      const addMs = await measure(
        () => editArchiveFile(editPath, [{ kind: 'put', name: 'Added\\File.mdx', bytes: added }], { backup: true }),
        { minRuns: 3, warmup: 1 },
      );
      report.row({ suite: 'mpq', name: 'copy the archive (read + atomic write)', value: copyMs, unit: 'ms' });
      report.row({ suite: 'mpq', name: 'add a file (atomic write, .bak kept)', value: addMs, unit: 'ms' });
      report.row({
        suite: 'mpq',
        name: 'add a file / copy',
        value: addMs / copyMs,
        unit: '×',
        goal: '< 2×',
        met: clearsAtMost(addMs / copyMs, 2),
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
