/**
 * Shared by the file commands: read a file, pick its format handler, give it access to the files
 * beside it, and name the file in any codec error.
 */
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CodecError } from '../../../shared/binary/codec-error';
import { CliFileError, readInputFile } from '../files';
import { handlerForFile, knownExtensions, type FormatHandler, type SourceFile } from '../formats/index';

/** A file read and matched to its handler. */
export interface OpenedFile extends SourceFile {
  handler: FormatHandler;
}

/** Reads `path` and finds its handler; throws a one-line error naming the file otherwise. */
export async function openFormatFile(path: string, cwd: string): Promise<OpenedFile> {
  const bytes = await readInputFile(path, cwd);
  const handler = handlerForFile(path, bytes);
  if (!handler) throw new CliFileError(`${path}: not a file format morf knows (by extension: ${knownExtensions()})`);
  return { path, bytes, handler, readSibling: siblingReader(path, cwd) };
}

/**
 * Reads files beside `path` by relative names, confined to its folder and the folders below:
 * an absolute name, or one climbing out with `..`, is refused with a line naming it.
 */
export function siblingReader(path: string, cwd: string): (relativePath: string) => Promise<Uint8Array> {
  const folder = dirname(resolve(cwd, path));
  return async (relativePath) => {
    const name = relativePath.replace(/\\/g, '/');
    const shown = join(dirname(path), name);
    const target = resolve(folder, name);
    const inside = relative(folder, target);
    if (isAbsolute(name) || inside.startsWith('..') || isAbsolute(inside)) {
      throw new CliFileError(
        `${shown}: outside ${dirname(path) || '.'}, the folder of ${path}; files it names must sit beside it`,
      );
    }
    return readInputFile(shown, cwd);
  };
}

/** Runs `action`, re-throwing a CodecError with the file's name in it. */
export function namingFile<T>(path: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof CodecError) throw error.withFileName(path);
    throw error;
  }
}

/** {@link namingFile} for an action that may be asynchronous. */
export async function namingFileAsync<T>(path: string, action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof CodecError) throw error.withFileName(path);
    throw error;
  }
}
