/**
 * `--data FOLDER_OR_ARCHIVE` (repeatable) for `inspect`, `validate` and `events`: data folders and
 * archives stacked in the order given (first match wins, case-insensitive), and each MRF link's
 * cape reported as found (in which folder or archive) or missing.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { CodecError } from '../../shared/binary/codec-error';
import { modelCodec } from '../../shared/events/index';
import { openArchiveFile, type OpenArchive } from '../host/archive-file';
import { gamePathKey } from '../host/game-paths';
import { UsageError } from './command';
import { CliFileError } from './files';

/** Where one MRF link's cape was found. */
export interface CapeLocation {
  id: string;
  path: string;
  found: boolean;
  /** The folder's file path, or `ARCHIVE:inner\path`; null when missing. */
  where: string | null;
}

/** Removes every `--data VALUE` (or `--data=VALUE`) from `args`; returns the rest and the values in order. */
export function takeDataOptions(args: readonly string[]): { rest: string[]; data: string[] } {
  const rest: string[] = [];
  const data: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg.startsWith('--data=')) data.push(arg.slice('--data='.length));
    else if (arg === '--data') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError('--data needs a folder or an archive');
      data.push(value);
      index += 1;
    } else rest.push(arg);
  }
  return { rest, data };
}

type Source =
  { kind: 'folder'; path: string; files: Map<string, string> } | { kind: 'archive'; path: string; opened: OpenArchive };

async function indexFolder(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const pending = [folder];
  while (pending.length) {
    const directory = pending.pop()!;
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        const key = gamePathKey(relative(folder, path));
        if (!files.has(key)) files.set(key, path);
      }
    }
  }
  return files;
}

/** The `--data` stack of one command run. */
export class CliDataSources {
  private constructor(private readonly sources: Source[]) {}

  /** Opens each folder or archive, in order; a missing or unreadable one is one clear error. */
  static async open(paths: readonly string[], cwd: string): Promise<CliDataSources> {
    const sources: Source[] = [];
    try {
      for (const given of paths) {
        const path = resolve(cwd, given);
        const info = await stat(path).catch(() => null);
        if (!info) throw new CliFileError(`${given}: no such file or folder (--data)`);
        if (info.isDirectory()) sources.push({ kind: 'folder', path: given, files: await indexFolder(path) });
        else {
          try {
            sources.push({ kind: 'archive', path: given, opened: await openArchiveFile(path) });
          } catch (error) {
            throw error instanceof CodecError ? error.withFileName(given) : error;
          }
        }
      }
    } catch (error) {
      await Promise.all(sources.map((source) => (source.kind === 'archive' ? source.opened.close() : undefined)));
      throw error;
    }
    return new CliDataSources(sources);
  }

  /** Where a game path is found first, or null. */
  locate(gamePath: string): string | null {
    const key = gamePathKey(gamePath);
    for (const source of this.sources) {
      if (source.kind === 'folder') {
        const path = source.files.get(key);
        if (path) return path;
      } else {
        const entry = source.opened.archive.find(gamePath);
        if (entry) return `${source.path}:${entry.name}`;
      }
    }
    return null;
  }

  /** Reads a game path from the first source that holds it: its bytes and where, or null. */
  async read(gamePath: string): Promise<{ bytes: Uint8Array; source: string } | null> {
    const key = gamePathKey(gamePath);
    for (const source of this.sources) {
      if (source.kind === 'folder') {
        const path = source.files.get(key);
        if (path) return { bytes: new Uint8Array(await readFile(path)), source: path };
      } else {
        const entry = source.opened.archive.find(gamePath);
        if (!entry) continue;
        try {
          return { bytes: await source.opened.archive.read(entry), source: `${source.path}:${entry.name}` };
        } catch (error) {
          throw error instanceof CodecError ? error.withFileName(source.path) : error;
        }
      }
    }
    return null;
  }

  /** Each link's cape, found or missing. */
  capes(links: readonly { id: string; path: string }[]): CapeLocation[] {
    return links.map((link) => {
      const where = this.locate(link.path);
      return { id: link.id, path: link.path, found: where !== null, where };
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.sources.map((source) => (source.kind === 'archive' ? source.opened.close() : undefined)));
  }
}

/** Looks up the capes of `links` through `data` (nothing when no `--data` was given). */
export async function locateCapes(
  data: readonly string[],
  cwd: string,
  links: readonly { id: string; path: string }[],
): Promise<CapeLocation[] | null> {
  if (data.length === 0) return null;
  const sources = await CliDataSources.open(data, cwd);
  try {
    return sources.capes(links);
  } finally {
    await sources.close();
  }
}

/** The MRF links of a model file (none for other formats). */
export function modelLinksOf(
  format: string,
  bytes: Uint8Array,
  fileName: string,
): readonly { id: string; path: string }[] {
  return format === 'mdx' || format === 'mdl' ? modelCodec.readModel(bytes, fileName).links : [];
}

/** The MRF links (id and cape path) of an `inspect` summary: its `mrfLinks`, or none for a cape. */
export function linksOf(summary: Record<string, unknown>): { id: string; path: string }[] {
  return Array.isArray(summary.mrfLinks) ? (summary.mrfLinks as { id: string; path: string }[]) : [];
}

/** Readable lines for the capes: `  cape 0006 …\ArthasCape0006.mrf: found in X` or `: missing`. */
export function capeLines(capes: readonly CapeLocation[], indent = '  '): string {
  if (capes.length === 0) return `${indent}no MRF links, no capes to look for\n`;
  return capes
    .map((cape) => `${indent}cape ${cape.id} ${cape.path}: ${cape.found ? `found in ${cape.where}` : 'missing'}\n`)
    .join('');
}
