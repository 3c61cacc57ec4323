#!/usr/bin/env node
// The `morf` command line. The TypeScript sources are bundled into out/cli by `npm ci`
// (the prepare script) or `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../out/cli/morf.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('morf: the command line is not built yet; run `npm run build` (or `npm ci`) first\n');
  process.exit(2);
}
await import(entry.href);
