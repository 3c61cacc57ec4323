#!/usr/bin/env node
// Fails when a source line is longer than 120 characters (Prettier keeps code within its printWidth; this also
// covers the strings and comments it leaves alone). Run by `npm test` (see package.json "lint").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts|mjs|cjs|js|css|html|yml|json)$/.test(file) && file !== 'package-lock.json');
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, index) => {
    const length = [...line].length;
    if (length > LIMIT) long.push(`${file}:${index + 1}: ${length} characters`);
  });
}
if (long.length > 0) {
  process.stderr.write(`${long.length} line(s) over ${LIMIT} characters:\n${long.join('\n')}\n`);
  process.exit(1);
}
