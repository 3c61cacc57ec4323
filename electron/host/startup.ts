/**
 * Startup: the files named on the command line (or by the OS), else the embedded sample
 * cinematic with its data folder.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** File name of the sample cinematic inside the sample folder. */
export const sampleModelName = 'ArthasIllidanSample.mdx';

/** The sample cinematic and its data folder, or null while the sample has not been generated. */
export interface SampleLocation {
  model: string;
  /** The folder holding `doodads\cinematic\...` (null when absent). */
  dataFolder: string | null;
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

async function holdsDoodads(path: string): Promise<boolean> {
  const names = await readdir(path).catch(() => [] as string[]);
  for (const name of names) if (name.toLowerCase() === 'doodads' && (await isDirectory(join(path, name)))) return true;
  return false;
}

/** Find the sample in `sampleDirectory` (assets/sample, or resources/sample when packaged). */
export async function findSample(sampleDirectory: string): Promise<SampleLocation | null> {
  const model = join(sampleDirectory, sampleModelName);
  if (
    !(await stat(model).then(
      (info) => info.isFile(),
      () => false,
    ))
  )
    return null;
  if (await holdsDoodads(sampleDirectory)) return { model, dataFolder: sampleDirectory };
  const names = await readdir(sampleDirectory).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const candidate = join(sampleDirectory, name);
    if ((await isDirectory(candidate)) && (await holdsDoodads(candidate))) return { model, dataFolder: candidate };
  }
  return { model, dataFolder: null };
}

/** Command-line arguments split into files to open and folders (absolute paths, in order). */
export async function classifyArguments(
  args: readonly string[],
  cwd: string,
): Promise<{ files: string[]; folders: string[]; missing: string[] }> {
  const files: string[] = [];
  const folders: string[] = [];
  const missing: string[] = [];
  for (const arg of args) {
    if (arg.length === 0 || arg.startsWith('-')) continue;
    const path = resolve(cwd, arg);
    const info = await stat(path).catch(() => null);
    if (!info) missing.push(path);
    else if (info.isDirectory()) folders.push(path);
    else if (info.isFile()) files.push(path);
  }
  return { files, folders, missing };
}
