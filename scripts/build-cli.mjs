// Builds the Node-side programs that run without Electron: the `morf` command line, the browser
// shell's server, the benchmark and the asset generator. Runs on `npm ci` (the `prepare` script),
// so that `npx morf` works right after install.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entries = {
  'cli/morf': 'electron/cli/morf.ts',
  'cli/generate-assets': 'scripts/generate-assets.ts',
  'web/server': 'electron/web/server.ts',
  'bench/bench': 'scripts/bench/bench.ts',
};
const entryPoints = Object.fromEntries(
  Object.entries(entries)
    .filter(([, source]) => existsSync(join(root, source)))
    .map(([out, source]) => [out, join(root, source)]),
);

await build({
  entryPoints,
  outdir: join(root, 'out'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
  banner: {
    js:
      "import { createRequire as __morfCreateRequire } from 'node:module'; const require = " +
      '__morfCreateRequire(import.meta.url);',
  },
});
