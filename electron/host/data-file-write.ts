/**
 * Writing a file into a data folder by its game path (HostOperations.writeDataFile): the folder must be a folder
 * of the data source stack (maps go through writeArchiveFile), each segment of the game path is matched with the
 * existing folder or file of any letter case — so `Doodads\Cinematic\X.mrf` lands beside `doodads/cinematic/y.mrf`
 * rather than in a second spelling of the folder — and missing folders are created, each checked to stay inside the
 * granted folder. The write itself is a save (conflict check against `expected`, atomic, FILE.bak of an overwritten
 * file); the folder's index picks the file up through its watchers.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type FileIdentity, HostError, type SaveResult } from '../../shared/contract/contract';
import type { PathGuard } from './confinement';

/** What writeDataFile needs of the host. */
export interface DataFileWriter {
  guard: PathGuard;
  /** The data source paths in stack order. */
  dataSources(): readonly string[];
  /** Whether a data source is an archive (a folder merely named *.w3x is a folder). */
  isArchive(path: string): boolean;
  save(path: string, bytes: ArrayBuffer, expected: FileIdentity | null, force: boolean): Promise<SaveResult>;
}

/** The entry of `directory` spelled like `name` in any case: the exact spelling first, else the first match. */
async function existingSpelling(directory: string, name: string): Promise<string> {
  const entries = await readdir(directory).catch(() => [] as string[]);
  if (entries.includes(name)) return name;
  const lower = name.toLowerCase();
  return entries.find((entry) => entry.toLowerCase() === lower) ?? name;
}

/** The file path `gamePath` has in `folder`, creating the folders on the way (see the module comment). */
export async function dataFilePath(guard: PathGuard, folder: string, gamePath: string): Promise<string> {
  const segments = gamePath.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..'))
    throw new HostError('invalid-argument', 'the game path must name a file inside the folder', gamePath);
  let current = resolve(folder);
  for (let index = 0; index < segments.length; index += 1) {
    const spelled = await existingSpelling(current, segments[index]!);
    const next = join(current, spelled);
    if (index < segments.length - 1) {
      // Checked before anything is created under it: a symbolic link out of the folder is refused here.
      await guard.check(next, 'write');
      await mkdir(next).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw new HostError('io', `cannot create the folder: ${error.message}`, next);
      });
    }
    current = next;
  }
  return current;
}

/** Writes `bytes` as `gamePath` in the data folder `folder` (see HostOperations.writeDataFile). */
export async function writeDataFile(
  writer: DataFileWriter,
  folder: string,
  gamePath: string,
  bytes: ArrayBuffer,
  expected: FileIdentity | null,
  force: boolean,
): Promise<SaveResult> {
  const key = resolve(folder).toLowerCase();
  const source = writer.dataSources().find((path) => resolve(path).toLowerCase() === key);
  if (!source) throw new HostError('not-found', 'not a data source of the stack', folder);
  if (writer.isArchive(source))
    throw new HostError('unsupported', 'the data source is an archive: write into a map with writeArchiveFile', folder);
  await writer.guard.check(source, 'write');
  const path = await dataFilePath(writer.guard, source, gamePath);
  return writer.save(path, bytes, expected, force);
}
