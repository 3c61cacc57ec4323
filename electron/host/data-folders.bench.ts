/**
 * Bench: indexing a game data folder of 100,000 files (goal: under 2 s, watcher included) and
 * resolving game paths through the index.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSuite } from '../../scripts/bench/harness';
import { measure } from '../../scripts/bench/harness';
import { PathGuard } from './confinement';
import { DataFolderStack, FolderIndex } from './data-folders';

const fileCount = 100_000;
const filesPerFolder = 100;

/** A folder tree shaped like extracted game data: 1,000 folders of 100 files, three levels deep. */
function makeTree(root: string): string[] {
  const gamePaths: string[] = [];
  for (let folder = 0; folder < fileCount / filesPerFolder; folder += 1) {
    const relative = join(`Units${folder % 10}`, `Race${Math.floor(folder / 10) % 10}`, `Unit${folder}`);
    mkdirSync(join(root, relative), { recursive: true });
    for (let file = 0; file < filesPerFolder; file += 1) {
      const name = file % 3 === 0 ? `Texture${file}.blp` : file % 3 === 1 ? `Model${file}.mdx` : `Cape${file}.mrf`;
      writeFileSync(join(root, relative, name), '');
      if (file === 0) gamePaths.push(`${relative.replaceAll('/', '\\')}\\${name}`.toUpperCase());
    }
  }
  return gamePaths;
}

export const dataFolderSuite: BenchSuite = {
  name: 'host',
  async run(report) {
    const root = mkdtempSync(join(tmpdir(), 'morf-bench-data-'));
    try {
      const gamePaths = makeTree(root);
      const indexMs = await measure(
        async () => {
          const index = new FolderIndex(root, false, () => undefined);
          await index.build();
          if (index.files.size !== fileCount)
            throw new Error(`indexed ${index.files.size} files, expected ${fileCount}`);
          index.stopWatching();
        },
        { minRuns: 3, warmup: 1, minTimeMs: 0 },
      );
      report.row({
        suite: 'host',
        name: `index a data folder of ${fileCount.toLocaleString('en')} files (with watcher)`,
        value: indexMs,
        unit: 'ms',
        goal: '≤ 2000 ms',
        met: indexMs <= 2000,
      });

      const stack = new DataFolderStack(new PathGuard(), () => undefined);
      await stack.add(root, -1);
      const resolveMs = await measure(() => {
        for (const gamePath of gamePaths)
          if (stack.locate(gamePath, 'any').status !== 'found') throw new Error(`not found: ${gamePath}`);
      });
      report.row({
        suite: 'host',
        name: 'resolve one game path (case-insensitive, any slash)',
        value: (resolveMs * 1000) / gamePaths.length,
        unit: 'µs',
      });
      stack.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
