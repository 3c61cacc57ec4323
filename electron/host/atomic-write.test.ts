import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporarySuffix, writeFileAtomic } from './atomic-write';

let base: string;
let bundle: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'morf-atomic-'));
  bundle = join(base, 'atomic-write.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'atomic-write.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Start a child that writes `size` bytes of 'B' over `target` atomically and stops after the first slice. */
function startStalledWriter(target: string, size: number) {
  const script =
    `
    import { writeFileAtomic } from ${JSON.stringify(bundle)};
    setInterval(() => {}, 1000);
    await writeFileAtomic(${JSON.stringify(target)}, new Uint8Array(${size}).fill(66), {
      onProgress: async (written) => { process.stdout.write('WRITING ' + written + '\\n'); await new Promise(() => ` +
    `{}); },
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const started = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('WRITING')) resolve(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`writer exited early (${code}): ${output}`)));
  });
  return { child, started };
}

describe('atomic save', () => {
  it('keeps the original intact when the writer is killed mid-write, and the next write cleans up', async () => {
    const target = join(base, 'model.mdx');
    writeFileSync(target, 'ORIGINAL CONTENT');
    const { child, started } = startStalledWriter(target, 12 * 1024 * 1024);
    await started;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    expect(readFileSync(target, 'utf8')).toBe('ORIGINAL CONTENT');
    const leftovers = readdirSync(base).filter((name) => name.endsWith(temporarySuffix));
    expect(leftovers).toHaveLength(1);
    expect(statSync(join(base, leftovers[0]!)).size).toBe(4 * 1024 * 1024); // really killed mid-write

    await writeFileAtomic(target, new TextEncoder().encode('NEW CONTENT'));
    expect(readFileSync(target, 'utf8')).toBe('NEW CONTENT');
    expect(readdirSync(base).filter((name) => name.endsWith(temporarySuffix))).toEqual([]);
  });

  it('keeps an existing file mode and leaves no temporary file after a failed write', async () => {
    const target = join(base, 'script.sh');
    writeFileSync(target, 'old', { mode: 0o750 });
    await writeFileAtomic(target, new TextEncoder().encode('new'));
    expect(statSync(target).mode & 0o777).toBe(0o750);

    const missingFolder = join(base, 'missing', 'a.mdx');
    await expect(writeFileAtomic(missingFolder, new Uint8Array(1))).rejects.toThrow();
    expect(readdirSync(base).filter((name) => name.endsWith(temporarySuffix))).toEqual([]);
  });
});
