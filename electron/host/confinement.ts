/**
 * Path confinement: every path the renderer sends is checked against the roots the user granted
 * (data folders, files opened through a dialog, drag and drop or the command line). Refused with
 * HostError('denied'): relative paths, any `..` segment, device namespaces (`\\?\`, `\\.\`),
 * absolute or UNC paths outside every root, and paths whose real location (after symlinks) leaves
 * the root they were granted through.
 */
import { realpath, stat } from 'node:fs/promises';
import nodePath from 'node:path';
import type { GrantedRoot } from '../../shared/contract/contract';
import { HostError } from '../../shared/contract/contract';

/** What a checked path will be used for: writing allows a file that does not exist yet. */
export type AccessMode = 'read' | 'write';

interface Grant extends GrantedRoot {
  /** The grant's path compared case-insensitively where the file system is. */
  key: string;
}

/** The platform's path rules (injectable so Windows rules are tested on Linux too). */
export interface PathPlatform {
  path: typeof nodePath.posix;
  caseInsensitive: boolean;
  windows: boolean;
}

/** The rules of the platform this process runs on. */
export function currentPlatform(): PathPlatform {
  const windows = process.platform === 'win32';
  return {
    path: windows ? nodePath.win32 : nodePath.posix,
    caseInsensitive: windows || process.platform === 'darwin',
    windows,
  };
}

/**
 * Check a path's syntax and make it absolute and normalized, without touching the disk.
 * Throws HostError('denied') for relative paths, `..` segments and device namespaces.
 */
export function normalizeRequestedPath(requested: string, platform: PathPlatform = currentPlatform()): string {
  if (requested.includes('\u0000')) throw new HostError('denied', 'path contains a NUL character', requested);
  if (/^[\\/]{2}[?.][\\/]/.test(requested))
    throw new HostError('denied', 'device and long-path namespaces (\\\\?\\, \\\\.\\) are refused', requested);
  const segments = requested.split(/[\\/]/);
  if (segments.includes('..')) throw new HostError('denied', 'paths with ".." segments are refused', requested);
  if (!platform.path.isAbsolute(requested))
    throw new HostError('denied', 'only absolute paths are accepted', requested);
  if (platform.windows && /^[\\/](?![\\/])/.test(requested))
    throw new HostError('denied', 'drive-relative paths are refused', requested);
  return platform.path.resolve(requested);
}

/** The roots the user granted, and the check every renderer path goes through. */
export class PathGuard {
  private readonly grants: Grant[] = [];

  constructor(private readonly platform: PathPlatform = currentPlatform()) {}

  private key(path: string): string {
    return this.platform.caseInsensitive ? path.toLowerCase() : path;
  }

  /** True when `child` is `parent` or below it (both normalized). */
  private contains(parent: string, child: string): boolean {
    const relative = this.platform.path.relative(this.key(parent), this.key(child));
    return relative === '' || (!relative.startsWith('..') && !this.platform.path.isAbsolute(relative));
  }

  /** Grant a file or a directory (trusted callers only: dialogs, drops, the command line, settings). */
  grant(path: string, kind: 'file' | 'directory', reason: GrantedRoot['reason']): GrantedRoot {
    const normalized = this.platform.path.resolve(path);
    const key = this.key(normalized);
    const existing = this.grants.find((grant) => grant.key === key && grant.kind === kind);
    if (existing) return { path: existing.path, kind, reason: existing.reason };
    this.grants.push({ path: normalized, kind, reason, key });
    return { path: normalized, kind, reason };
  }

  /** Withdraw a grant (e.g. a data folder removed from the stack). */
  revoke(path: string, kind: 'file' | 'directory'): void {
    const key = this.key(this.platform.path.resolve(path));
    const index = this.grants.findIndex((grant) => grant.key === key && grant.kind === kind);
    if (index >= 0) this.grants.splice(index, 1);
  }

  /** The granted roots, in the order they were granted. */
  roots(): GrantedRoot[] {
    return this.grants.map(({ path, kind, reason }) => ({ path, kind, reason }));
  }

  /** The grant a normalized path falls under (lexically), or null. */
  grantFor(normalized: string): GrantedRoot | null {
    const key = this.key(normalized);
    const grant =
      this.grants.find((candidate) => candidate.kind === 'file' && candidate.key === key) ??
      this.grants.find((candidate) => candidate.kind === 'directory' && this.contains(candidate.path, normalized));
    return grant ? { path: grant.path, kind: grant.kind, reason: grant.reason } : null;
  }

  /** Whether a path lies inside a granted root, lexically and (where it exists) after resolving symlinks. */
  async allows(requested: string, mode: AccessMode): Promise<boolean> {
    try {
      await this.check(requested, mode);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Check a renderer-supplied path and return it normalized. For `read`, the file must exist; for
   * `write`, its parent directory must. Symlinks are followed and their target must stay inside the
   * root the path was granted through.
   */
  async check(requested: string, mode: AccessMode): Promise<string> {
    const normalized = normalizeRequestedPath(requested, this.platform);
    const grant = this.grantFor(normalized);
    if (!grant)
      throw new HostError('denied', 'path is outside the granted roots (data folders and files you opened)', requested);
    const real = await this.realLocation(normalized, mode);
    const realRoot = await this.realLocation(grant.path, 'write').catch(() => grant.path);
    const inside = grant.kind === 'file' ? this.key(real) === this.key(realRoot) : this.contains(realRoot, real);
    if (!inside) throw new HostError('denied', 'path leads out of its granted root through a symbolic link', requested);
    return normalized;
  }

  /** The real path of an existing file, or for a file to be written, its real parent plus its name. */
  private async realLocation(normalized: string, mode: AccessMode): Promise<string> {
    try {
      return await realpath(normalized);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || mode !== 'write') {
        if (code === 'ENOENT' || code === 'ENOTDIR')
          throw new HostError('not-found', 'no such file or directory', normalized);
        throw new HostError('io', `cannot resolve the path (${code ?? (error as Error).message})`, normalized);
      }
    }
    const parent = this.platform.path.dirname(normalized);
    let realParent: string;
    try {
      realParent = await realpath(parent);
      if (!(await stat(realParent)).isDirectory())
        throw new HostError('not-found', 'the parent is not a directory', normalized);
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw new HostError('not-found', 'the folder to write into does not exist', normalized);
    }
    return this.platform.path.join(realParent, this.platform.path.basename(normalized));
  }
}
