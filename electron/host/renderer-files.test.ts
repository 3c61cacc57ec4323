import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, rendererFile, rendererRequestPath } from './renderer-files';

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'morf-renderer-files-')));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');
  writeFileSync(join(base, 'secret.txt'), 'secret');
  symlinkSync(join(base, 'secret.txt'), join(root, 'escape.txt'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('renderer request paths', () => {
  it('maps / to the start page and decodes the rest', () => {
    expect(rendererRequestPath('/')).toBe('/index.html');
    expect(rendererRequestPath('/assets/app%20copy.js')).toBe('/assets/app copy.js');
  });

  it.each(['/..%2f..%2fpackage.json', '/assets/../index.html', '/a%5c..%5cb', '/a%00.js', '/%E0%A4%A'])(
    'refuses the malformed path %s',
    (pathname) => {
      expect(rendererRequestPath(pathname)).toBeNull();
    },
  );
});

describe('renderer files', () => {
  it('finds files inside the folder, and nothing that does not exist', async () => {
    expect(await rendererFile(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(await rendererFile(root, '/missing.js')).toBeNull();
  });

  it('refuses a symbolic link leading out of the folder', async () => {
    expect(await rendererFile(root, '/escape.txt')).toBeNull();
  });

  it('names content types by extension, bytes for anything unknown', () => {
    expect(contentTypeOf('/r/index.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/r/assets/app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('/r/data.bin')).toBe('application/octet-stream');
  });
});
