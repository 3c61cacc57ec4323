/**
 * The startup file as the boot frame read it (boot.ts): its bytes and, when the boot frame parsed them, the document.
 * The file service's read-ahead takes it instead of reading and parsing the file again. And when the boot frame was
 * drawn (the automation surface reports it).
 */
import type { OpenedFile } from '../../shared/contract/contract';
import type { ModelDocument } from '../../shared/events/document';

/** What the boot frame read. */
export interface BootRead {
  /** The path as the host named it (the startup request's). */
  path: string;
  opened: OpenedFile;
  /** Its parse, or null when the boot frame did not parse it (the open then parses and reports as usual). */
  document: ModelDocument | null;
}

let bootRead: BootRead | null = null;

/** Records the boot frame's read of the startup file. */
export function keepBootRead(read: BootRead): void {
  bootRead = read;
}

/** The boot frame's read of `path`, once (null for another path, or when there is none). */
export function takeBootRead(path: string): BootRead | null {
  const read = bootRead;
  if (!read || read.path !== path) return null;
  bootRead = null;
  return read;
}

let bootFrameTime: number | null = null;

/** Records when the boot frame was drawn (performance.now()). */
export function noteBootFrame(timeMs: number): void {
  bootFrameTime = timeMs;
}

/** When the boot frame was drawn, or null when the page drew none. */
export function bootFrameMs(): number | null {
  return bootFrameTime;
}
