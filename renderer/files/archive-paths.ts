/**
 * Paths of files inside MPQ archives, as the editor names them: the archive's path with the game path's parts
 * below it (`/maps/Cape.w3x/Doodads/Cape.mrf`, as the host's archiveEntryPath joins them), shown as
 * `Cape.w3x\Doodads\Cape.mrf`. Also the labels that tell two files of one name apart by their folder.
 * Pure string work: whether a `.w3x` really is an archive (and not a folder so named) only the host knows.
 */

/** Extensions (lower case, with the dot) of the archives the editor browses: maps, campaigns, the game's archives. */
export const ARCHIVE_EXTENSIONS: readonly string[] = ['.w3x', '.w3m', '.w3n', '.mpq'];

/** Extensions of archives the editor writes into: maps and campaigns, never the game's own archives. */
export const WRITABLE_ARCHIVE_EXTENSIONS: readonly string[] = ['.w3x', '.w3m', '.w3n'];

/** Whether a file name (or path) ends in an archive extension. */
export function isArchiveName(name: string, extensions: readonly string[] = ARCHIVE_EXTENSIONS): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/** Whether an archive path names one the editor may write into (a map or campaign). */
export function isWritableArchive(path: string): boolean {
  return isArchiveName(path, WRITABLE_ARCHIVE_EXTENSIONS);
}

/** A path split at the archive it goes through. */
export interface ArchivePathParts {
  /** The archive's own path (the path's text up to and with the archive's name). */
  archive: string;
  /** The game path below it with backslashes ('' for the archive itself). */
  inner: string;
}

/** The parts of a path: the left-most segment with an archive extension is taken as the archive (null: none). */
export function splitArchivePath(path: string): ArchivePathParts | null {
  const pattern = /[^\\/]+/g;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    if (!isArchiveName(match[0])) continue;
    const end = match.index + match[0].length;
    const inner = path
      .slice(end)
      .split(/[\\/]+/)
      .filter((part) => part && part !== '.')
      .join('\\');
    return { archive: path.slice(0, end), inner };
  }
  return null;
}

/** The file inside an archive that a path names, or null when the path goes through no archive. */
export function archiveEntryOf(path: string): { archive: string; gamePath: string } | null {
  const parts = splitArchivePath(path);
  return parts && parts.inner ? { archive: parts.archive, gamePath: parts.inner } : null;
}

/** The separator a path uses (backslash only for a path spelled with backslashes alone). */
export function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

/** A game path inside an archive as a file path below it (the host's archiveEntryPath, in the archive's spelling). */
export function archiveEntryPath(archive: string, gamePath: string): string {
  const separator = separatorOf(archive);
  const parts = gamePath.split(/[\\/]+/).filter((part) => part && part !== '.' && part !== '..');
  return [archive.replace(/[\\/]+$/, ''), ...parts].join(separator);
}

/** The last part of a path (either slash). */
function lastPart(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}

/** The name shown for a file: `Map.w3x\path\inside` for a file in an archive, else its base name. */
export function displayName(path: string): string {
  const entry = archiveEntryOf(path);
  return entry ? `${lastPart(entry.archive)}\\${entry.gamePath}` : lastPart(path);
}

/** A label for one of several paths: its name, and the folder that tells it apart when another has that name. */
export interface PathLabel {
  name: string;
  /** The fewest trailing folders that tell it from the others of the same name (null when its name is unique). */
  folder: string | null;
}

/**
 * Labels for a list of paths (Recent, Places): each path's base name, and for names two paths share
 * (case-insensitive), the shortest run of parent folders that differs — `Maps\A` and `Maps\B`.
 */
export function distinctLabels(paths: readonly string[]): PathLabel[] {
  const parts = paths.map((path) => path.split(/[\\/]+/).filter(Boolean));
  const names = parts.map((segments, index) => segments[segments.length - 1] ?? paths[index]!);
  return paths.map((_path, index) => {
    const name = names[index]!;
    const twins = names
      .map((other, otherIndex) =>
        other.toLowerCase() === name.toLowerCase() && otherIndex !== index ? otherIndex : -1,
      )
      .filter((otherIndex) => otherIndex >= 0 && paths[otherIndex] !== paths[index]);
    if (twins.length === 0) return { name, folder: null };
    const folders = parts[index]!.slice(0, -1);
    const suffix = (segments: string[], count: number) =>
      segments
        .slice(-1 - count, -1)
        .join('\\')
        .toLowerCase();
    for (let count = 1; count <= folders.length; count += 1) {
      const mine = suffix(parts[index]!, count);
      if (twins.every((twin) => suffix(parts[twin]!, count) !== mine))
        return { name, folder: folders.slice(-count).join('\\') };
    }
    return { name, folder: folders.join('\\') || null };
  });
}

/**
 * Where a model's capes would be: the folder whose layout the model sits in. `modelPath`'s folder ends with
 * the missing cape's game folder (`…/MyMod.w3mod/Doodads/Cinematic/X/Model.mdx` with
 * `Doodads\Cinematic\X\Cape.mrf` → `…/MyMod.w3mod`), or else a map or mod folder it is inside (a folder named
 * `*.w3x`, `*.w3m`, `*.w3mod`); a model in an archive offers the archive. Null when none fits.
 */
export function dataFolderFor(modelPath: string, capeGamePath: string): string | null {
  const entry = archiveEntryOf(modelPath);
  if (entry) return entry.archive;
  const separator = separatorOf(modelPath);
  const segments = modelPath.split(/[\\/]/);
  const folder = segments.slice(0, -1);
  const capeFolder = capeGamePath
    .split(/[\\/]+/)
    .filter(Boolean)
    .slice(0, -1);
  for (let count = Math.min(capeFolder.length, folder.length - 1); count >= 1; count -= 1) {
    const tail = folder.slice(folder.length - count).map((part) => part.toLowerCase());
    const head = capeFolder.slice(0, count).map((part) => part.toLowerCase());
    if (tail.every((part, index) => part === head[index]))
      return folder.slice(0, folder.length - count).join(separator);
  }
  for (let index = folder.length - 1; index > 0; index -= 1) {
    if (/\.(w3x|w3m|w3n|w3mod)$/i.test(folder[index]!)) return folder.slice(0, index + 1).join(separator);
  }
  return null;
}
