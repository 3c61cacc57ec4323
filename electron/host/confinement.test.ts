import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodePath, { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostError } from '../../shared/contract/contract';
import { normalizeRequestedPath, PathGuard } from './confinement';

const windows = { path: nodePath.win32, caseInsensitive: true, windows: true };
const posix = { path: nodePath.posix, caseInsensitive: false, windows: false };

async function deniedCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    return error instanceof HostError ? error.code : `unexpected ${String(error)}`;
  }
}

describe('path syntax checks', () => {
  it.each([
    ['relative', 'models/a.mdx', posix],
    ['dot-dot', '/data/../etc/passwd', posix],
    ['dot-dot with backslash', '/data/..\\etc', posix],
    ['windows relative', 'models\\a.mdx', windows],
    ['windows dot-dot', 'C:\\data\\..\\Windows\\win.ini', windows],
    ['device namespace', '\\\\.\\PhysicalDrive0', windows],
    ['long-path namespace', '\\\\?\\C:\\Windows\\win.ini', windows],
    ['drive-relative', '\\Windows\\win.ini', windows],
  ])('refuses a %s path', (_label, path, platform) => {
    expect(() => normalizeRequestedPath(path, platform)).toThrow(HostError);
  });

  it('accepts absolute paths and normalizes them', () => {
    expect(normalizeRequestedPath('/data//models/./a.mdx', posix)).toBe('/data/models/a.mdx');
    expect(normalizeRequestedPath('C:/Data/a.mdx', windows)).toBe('C:\\Data\\a.mdx');
    expect(normalizeRequestedPath('\\\\server\\share\\a.mdx', windows)).toBe('\\\\server\\share\\a.mdx');
  });

  it('refuses UNC paths outside the roots and matches Windows roots without regard to case', () => {
    const guard = new PathGuard(windows);
    guard.grant('C:\\Games\\Data', 'directory', 'data-folder');
    expect(guard.grantFor(normalizeRequestedPath('c:\\games\\data\\Units\\a.mdx', windows))?.path).toBe(
      'C:\\Games\\Data',
    );
    expect(guard.grantFor(normalizeRequestedPath('\\\\evil\\share\\a.mdx', windows))).toBeNull();
    expect(guard.grantFor(normalizeRequestedPath('C:\\Games\\DataX\\a.mdx', windows))).toBeNull();
    expect(guard.grantFor(normalizeRequestedPath('D:\\Games\\Data\\a.mdx', windows))).toBeNull();
  });
});

describe('path confinement on disk', () => {
  let base: string;
  let root: string;
  let outside: string;
  let guard: PathGuard;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'morf-guard-'));
    root = join(base, 'root');
    outside = join(base, 'outside');
    mkdirSync(join(root, 'models'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'models', 'a.mdx'), 'inside');
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'models', 'escape.txt'));
    symlinkSync(outside, join(root, 'outside-dir'));
    symlinkSync(join(root, 'models', 'a.mdx'), join(root, 'alias.mdx'));
    guard = new PathGuard();
    guard.grant(root, 'directory', 'data-folder');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('allows files inside a granted folder, and symlinks that stay inside', async () => {
    expect(await guard.check(join(root, 'models', 'a.mdx'), 'read')).toBe(join(root, 'models', 'a.mdx'));
    expect(await guard.check(join(root, 'alias.mdx'), 'read')).toBe(join(root, 'alias.mdx'));
    expect(await guard.check(join(root, 'models', 'new.mdx'), 'write')).toBe(join(root, 'models', 'new.mdx'));
  });

  it('refuses absolute paths elsewhere, .. escapes and symlinks out of the root', async () => {
    expect(await deniedCode(guard.check(join(outside, 'secret.txt'), 'read'))).toBe('denied');
    expect(await deniedCode(guard.check(`${root}/models/../../outside/secret.txt`, 'read'))).toBe('denied');
    expect(await deniedCode(guard.check(join(root, 'models', 'escape.txt'), 'read'))).toBe('denied');
    expect(await deniedCode(guard.check(join(root, 'outside-dir', 'secret.txt'), 'read'))).toBe('denied');
    expect(await deniedCode(guard.check(join(root, 'outside-dir', 'new.txt'), 'write'))).toBe('denied');
    expect(await deniedCode(guard.check('models/a.mdx', 'read'))).toBe('denied');
    expect(await deniedCode(guard.check(`${root}x/a.mdx`, 'read'))).toBe('denied');
  });

  it('grants a single file without its folder', async () => {
    const single = new PathGuard();
    single.grant(join(root, 'models', 'a.mdx'), 'file', 'dialog');
    expect(await single.check(join(root, 'models', 'a.mdx'), 'write')).toBe(join(root, 'models', 'a.mdx'));
    expect(await deniedCode(single.check(join(root, 'models', 'a.mdx.other'), 'write'))).toBe('denied');
    expect(await deniedCode(single.check(join(root, 'models'), 'read'))).toBe('denied');
  });

  it('reports a missing file inside a root as not-found, and revoking a root denies it', async () => {
    expect(await deniedCode(guard.check(join(root, 'nothing.mdx'), 'read'))).toBe('not-found');
    guard.revoke(root, 'directory');
    expect(await deniedCode(guard.check(join(root, 'models', 'a.mdx'), 'read'))).toBe('denied');
  });
});
