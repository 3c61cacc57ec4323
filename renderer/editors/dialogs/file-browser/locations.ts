/**
 * What the in-app file browser lists: a directory inside the granted roots (the host's listDirectory), the
 * roots themselves, or a folder inside an MPQ archive — a map or one of the game's archives, whose game paths
 * are shown as folders (listArchive, once per archive). Locations are plain paths: `/maps/Cape.w3x/Doodads`
 * is the Doodads folder inside the map, as the host names the files in it.
 */
import type { ArchiveListing, DirectoryEntry, HostClient } from '../../../../shared/contract/contract';
import { HostError, limits } from '../../../../shared/contract/contract';
import { archiveEntryPath, displayName, isArchiveName, splitArchivePath } from '../../../files/archive-paths';

/** One row of the browser. */
export interface BrowserEntry {
  name: string;
  path: string;
  /** An archive is a file the browser goes into, as into a folder. */
  kind: 'file' | 'directory' | 'archive';
  size: number;
  /** 0 when unknown (files inside archives). */
  mtimeMs: number;
}

/** What the browser shows at one location. */
export interface BrowserListing {
  /** The location, or null for the granted places. */
  path: string | null;
  /** Where "up" goes (null: to the places). */
  parent: string | null;
  entries: BrowserEntry[];
  /** Set inside an archive. */
  archive: {
    path: string;
    /** Whether files can be saved into it (a map, never the game's archives). */
    writable: boolean;
    /** Entries no listfile names (they cannot be opened by name). */
    unnamed: number;
    /** Entries left out past the host's listing limit. */
    truncated: number;
  } | null;
}

type BrowserHost = Pick<HostClient, 'listDirectory' | 'listArchive'>;

interface Folder {
  folders: Map<string, string>;
  files: { name: string; gamePath: string; size: number }[];
}

/** An archive's game paths as a tree of folders (case-insensitive, first spelling kept). */
export class ArchiveTree {
  private readonly folders = new Map<string, Folder>();

  constructor(readonly listing: ArchiveListing) {
    this.folders.set('', { folders: new Map(), files: [] });
    for (const entry of listing.entries) {
      if (entry.gamePath === null) continue;
      const parts = entry.gamePath.split(/[\\/]+/).filter(Boolean);
      let key = '';
      for (const part of parts.slice(0, -1)) {
        const parent = this.folders.get(key)!;
        const childKey = key ? `${key}\\${part.toLowerCase()}` : part.toLowerCase();
        if (!parent.folders.has(part.toLowerCase())) parent.folders.set(part.toLowerCase(), part);
        if (!this.folders.has(childKey)) this.folders.set(childKey, { folders: new Map(), files: [] });
        key = childKey;
      }
      const name = parts[parts.length - 1];
      if (name) this.folders.get(key)!.files.push({ name, gamePath: parts.join('\\'), size: entry.size });
    }
  }

  /** Entries no listfile names. */
  get unnamed(): number {
    return this.listing.entries.filter((entry) => entry.gamePath === null).length;
  }

  /** Whether `inner` (backslashes, '' for the top) is a folder of the archive. */
  has(inner: string): boolean {
    return this.folders.has(inner.toLowerCase());
  }

  /** The rows of a folder (null when there is no such folder), with paths below `archivePath`. */
  entries(archivePath: string, inner: string): BrowserEntry[] | null {
    const folder = this.folders.get(inner.toLowerCase());
    if (!folder) return null;
    const prefix = this.spelling(inner);
    const below = (name: string) => archiveEntryPath(archivePath, prefix ? `${prefix}\\${name}` : name);
    const folders = [...folder.folders.values()].map((name): BrowserEntry => ({
      name,
      path: below(name),
      kind: 'directory',
      size: 0,
      mtimeMs: 0,
    }));
    const files = folder.files.map((file): BrowserEntry => ({
      name: file.name,
      path: below(file.name),
      kind: 'file',
      size: file.size,
      mtimeMs: 0,
    }));
    return [...folders, ...files];
  }

  /** A folder key in the archive's own spelling. */
  private spelling(inner: string): string {
    let key = '';
    const names: string[] = [];
    for (const part of inner.split('\\').filter(Boolean)) {
      names.push(this.folders.get(key)?.folders.get(part.toLowerCase()) ?? part);
      key = key ? `${key}\\${part.toLowerCase()}` : part.toLowerCase();
    }
    return names.join('\\');
  }
}

/** The folder a path is in (null for a path with no folder). */
export function folderOf(path: string): string | null {
  const trimmed = path.replace(/[\\/]+$/, '');
  const index = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (index < 0) return null;
  return index === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, index);
}

/** Sorts folders (and archives) first, then by name, case-insensitive and numbers by value. */
export function sortEntries(entries: BrowserEntry[]): BrowserEntry[] {
  const rank = (entry: BrowserEntry) => (entry.kind === 'directory' ? 0 : entry.kind === 'archive' ? 1 : 2);
  return entries.sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }),
  );
}

function fromDirectory(entry: DirectoryEntry): BrowserEntry {
  return { ...entry, kind: entry.kind === 'file' && isArchiveName(entry.name) ? 'archive' : entry.kind };
}

/** Lists locations, keeping each archive's tree while the browser is open. */
export class Locations {
  private readonly trees = new Map<string, ArchiveTree>();

  constructor(private readonly host: BrowserHost) {}

  /** The rows at a location; throws a HostError or Error with a message to show. */
  async list(path: string | null): Promise<BrowserListing> {
    if (path === null) {
      const roots = await this.host.listDirectory({ path: null });
      return { path: null, parent: null, entries: roots.entries.map(fromDirectory), archive: null };
    }
    const parts = splitArchivePath(path);
    const tree = parts ? await this.tree(parts.archive) : null;
    if (!parts || !tree) {
      const listing = await this.host.listDirectory({ path });
      return { ...listing, entries: sortEntries(listing.entries.map(fromDirectory)), archive: null };
    }
    const entries = tree.entries(parts.archive, parts.inner);
    if (!entries) throw new Error(`${displayName(parts.archive)} holds no folder ${parts.inner}`);
    const parentInner = parts.inner.split('\\').slice(0, -1).join('\\');
    return {
      path: parts.inner ? archiveEntryPath(parts.archive, parts.inner) : parts.archive,
      parent: parts.inner ? archiveEntryPath(parts.archive, parentInner) : folderOf(parts.archive),
      entries: sortEntries(entries),
      archive: {
        path: parts.archive,
        writable: tree.listing.writable,
        unnamed: tree.unnamed,
        truncated: tree.listing.total - tree.listing.entries.length,
      },
    };
  }

  /** The tree of an archive, or null when the path is a folder merely named like one. */
  private async tree(archive: string): Promise<ArchiveTree | null> {
    const known = this.trees.get(archive);
    if (known) return known;
    try {
      const tree = new ArchiveTree(await this.host.listArchive({ path: archive, limit: limits.listEntries }));
      this.trees.set(archive, tree);
      return tree;
    } catch (error) {
      if (error instanceof HostError && /not an archive file/.test(error.message)) return null;
      throw error;
    }
  }
}

/** A filter of wildcard patterns (`*.mrf *.mdx`, `;` or `,` between them also); null matches everything. */
export function filterPattern(text: string): RegExp | null {
  const patterns = text
    .split(/[\s;,]+/)
    .filter(Boolean)
    .map((pattern) =>
      pattern
        .split('')
        .map((character) =>
          character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join(''),
    );
  if (patterns.length === 0 || patterns.includes('.*')) return null;
  return new RegExp(`^(?:${patterns.join('|')})$`, 'i');
}
