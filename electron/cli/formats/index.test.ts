import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../run';
import { formatHandlers, handlerForFile, type FormatHandler } from './index';

const fake: FormatHandler = {
  format: 'fake',
  extensions: ['.fake'],
  sniff: (bytes) => bytes[0] === 0x46,
  inspect: () => ({ summary: { format: 'fake', diagnostics: [], size: 1 }, text: 'FAKE\n' }),
  validate: () => [{ severity: 'error', code: 'fake.bad', message: 'always bad' }],
};

afterEach(() => {
  const index = formatHandlers.indexOf(fake);
  if (index >= 0) formatHandlers.splice(index, 1);
});

describe('format-handler table', () => {
  it('picks the handler by extension first, then by magic bytes', () => {
    formatHandlers.push(fake);
    expect(handlerForFile('a.MRF', new Uint8Array([0x46]))?.format).toBe('mrf');
    expect(handlerForFile('a.fake', new TextEncoder().encode('Morf'))?.format).toBe('fake');
    expect(handlerForFile('a.bin', new TextEncoder().encode('Morf'))?.format).toBe('mrf');
    expect(handlerForFile('a.bin', new Uint8Array([0x46]))?.format).toBe('fake');
    expect(handlerForFile('a.bin', new Uint8Array([0x00]))).toBeUndefined();
  });

  it('lets a new handler serve inspect and validate with one registry line', async () => {
    formatHandlers.push(fake);
    const folder = mkdtempSync(join(tmpdir(), 'morf-formats-'));
    try {
      writeFileSync(join(folder, 'x.fake'), 'F');
      let stdout = '';
      const io = { stdout: (text: string) => void (stdout += text), stderr: () => undefined, cwd: folder };
      expect(await runCli(['inspect', 'x.fake', '--json'], io)).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ format: 'fake', diagnostics: [], size: 1 });
      stdout = '';
      expect(await runCli(['validate', 'x.fake'], io)).toBe(1);
      expect(stdout).toContain('error fake.bad: always bad');
      expect(await runCli(['dump', 'x.fake'], io)).toBe(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
