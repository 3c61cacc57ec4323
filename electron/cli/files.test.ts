import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliFileError, readInputFile, writeFileAtomic } from './files';

const folder = mkdtempSync(join(tmpdir(), 'morf-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the target, keeps a backup when asked, and leaves no temporary file', async () => {
    writeFileSync(join(folder, 'a.bin'), 'before');
    await writeFileAtomic('a.bin', new TextEncoder().encode('after'), folder, { backup: true });
    expect(readFileSync(join(folder, 'a.bin'), 'utf8')).toBe('after');
    expect(readFileSync(join(folder, 'a.bin.bak'), 'utf8')).toBe('before');
    expect(readFileSync(join(folder, 'a.bin.orig'), 'utf8')).toBe('before');
    await writeFileAtomic('a.bin', new TextEncoder().encode('again'), folder, { backup: true });
    expect(readFileSync(join(folder, 'a.bin.bak'), 'utf8')).toBe('after');
    expect(readFileSync(join(folder, 'a.bin.orig'), 'utf8')).toBe('before');
    expect(readdirSync(folder).sort()).toEqual(['a.bin', 'a.bin.bak', 'a.bin.orig']);
  });

  it('fails with one line naming the file when the folder does not exist, leaving nothing behind', async () => {
    await expect(writeFileAtomic('missing/b.bin', new Uint8Array(1), folder)).rejects.toThrow(
      new CliFileError('missing/b.bin: no such file or folder'),
    );
  });

  it('refuses to replace a folder and removes its temporary file', async () => {
    await expect(writeFileAtomic('.', new Uint8Array(1), folder, { backup: true })).rejects.toThrow(/is a directory/);
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('readInputFile', () => {
  it('returns the bytes of a regular file', async () => {
    writeFileSync(join(folder, 'c.bin'), Uint8Array.of(1, 2, 3));
    expect(Array.from(await readInputFile('c.bin', folder))).toEqual([1, 2, 3]);
  });
});
