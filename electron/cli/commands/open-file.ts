/**
 * Shared by the file commands: read a file, pick its format handler, and name the file in any
 * codec error.
 */
import { CodecError } from '../../../shared/binary/codec-error';
import { CliFileError, readInputFile } from '../files';
import { handlerForFile, knownExtensions, type FormatHandler } from '../formats/index';

/** A file read and matched to its handler. */
export interface OpenedFile {
  path: string;
  bytes: Uint8Array;
  handler: FormatHandler;
}

/** Reads `path` and finds its handler; throws a one-line error naming the file otherwise. */
export async function openFormatFile(path: string, cwd: string): Promise<OpenedFile> {
  const bytes = await readInputFile(path, cwd);
  const handler = handlerForFile(path, bytes);
  if (!handler) throw new CliFileError(`${path}: not a file format morf knows (by extension: ${knownExtensions()})`);
  return { path, bytes, handler };
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
