/**
 * What a save keeps of the file it replaces (the editor's saves, maps written back, and the `morf` commands that
 * rewrite a file in place), as Blender's Save Versions does, plus the untouched original:
 *  - `FILE.orig`: the file as it was the first time Morf Studio replaced it — written once, never replaced, so the
 *    original survives any number of sessions (delete it to start again from the current file);
 *  - `FILE.bak`: the version before the latest save, replaced at every save.
 * Both are written whole beside the file and put in place by a rename (a killed save leaves at worst a temporary
 * file, which the next save of that file removes). `.bak` is a hard link to the replaced file where the file system
 * has them (instant, whatever the size: the rename that follows leaves the old bytes under the backup's name only),
 * `.orig` always a copy of its own, so nothing another program writes in place into one can change the other.
 */
import { access, copyFile, link, rename, unlink, writeFile } from 'node:fs/promises';
import { removeStaleTemporaries, temporaryPathFor } from './atomic-write';

/** Suffix of the version before the latest save. */
export const backupSuffix = '.bak';
/** Suffix of the untouched original, written once. */
export const originalSuffix = '.orig';

/** What {@link keepBackups} kept (null: nothing, the file did not exist). */
export interface KeptBackups {
  /** `FILE.bak`. */
  backupPath: string | null;
  /** `FILE.orig` when this save wrote it (null when it existed already). */
  originalPath: string | null;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A temporary file beside `destination` holding `source`'s bytes (`bytes` when given): a hard link or a copy. */
async function stage(source: string, destination: string, bytes: Uint8Array | undefined, hardLink: boolean) {
  const temporary = temporaryPathFor(destination);
  if (bytes) await writeFile(temporary, bytes, { flag: 'wx' });
  else if (hardLink) await link(source, temporary).catch(() => copyFile(source, temporary));
  else await copyFile(source, temporary);
  return temporary;
}

/** Writes `original` from `target` when there is none yet; its path, or null when one was kept before. */
async function keepOriginal(target: string, original: string, bytes: Uint8Array | undefined): Promise<string | null> {
  if (await exists(original)) return null;
  const staged = await stage(target, original, bytes, false);
  try {
    // link() refuses an existing name: the original is written once, even by two saves at the same moment.
    await link(staged, original);
    return original;
  } catch (error) {
    if (code(error) === 'EEXIST' || (await exists(original))) return null;
    // A file system without hard links: moved into place.
    await rename(staged, original);
    return original;
  } finally {
    await unlink(staged).catch(() => undefined);
  }
}

/**
 * Keeps `target` before it is replaced: `TARGET.orig` when there is none yet, and `TARGET.bak`. `bytes`, when the
 * caller has read the file already, are written instead of copying it. Temporary files of earlier saves that were
 * killed (for the file and both backups) are removed first. Nothing is kept of a file that does not exist.
 */
export async function keepBackups(target: string, bytes?: Uint8Array): Promise<KeptBackups> {
  const original = `${target}${originalSuffix}`;
  const backup = `${target}${backupSuffix}`;
  for (const path of [target, original, backup]) await removeStaleTemporaries(path);
  if (!bytes && !(await exists(target))) return { backupPath: null, originalPath: null };
  const originalPath = await keepOriginal(target, original, bytes);
  const staged = await stage(target, backup, bytes, true);
  try {
    await rename(staged, backup);
  } catch (error) {
    await unlink(staged).catch(() => undefined);
    throw error;
  }
  return { backupPath: backup, originalPath };
}
