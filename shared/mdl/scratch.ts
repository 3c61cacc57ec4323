/**
 * Scratch that MDL modules keep between calls (spare brace tables, the printer's spare buffer, track reading
 * buffers): a buffer kept at module level outlives the file it was sized by, so what is kept is bounded by a fixed
 * cap, whatever the largest file read or printed so far. A buffer a large file needs beyond its module's share is
 * made for that call and dropped with it; and no module keeps a reference to a text once the call that read or
 * printed it returns (a closed file's text goes with its document).
 *
 * Each holder registers what it keeps, so that a test can check the whole after reading large files.
 */

/** The most bytes of scratch all MDL modules together keep between calls; each holder keeps a share of it. */
export const SCRATCH_CAP_BYTES = 256 * 1024;
/** The scan's share: its two spare brace tables (shared/mdl/scan.ts), together. */
export const BRACE_TABLES_SHARE_BYTES = SCRATCH_CAP_BYTES / 2;
/** The printer's share: its spare working buffer (shared/model/mdl/writer.ts). */
export const PRINT_BUFFER_SHARE_BYTES = SCRATCH_CAP_BYTES / 4;
/** The value readers' share: the track reader's buffers and the vector reader's (mdl/track.ts, mdl/reader.ts). */
export const READ_BUFFERS_SHARE_BYTES = SCRATCH_CAP_BYTES / 4;

const holders = new Map<string, () => number>();

/** Registers a module's kept scratch under `name`; `bytes` tells how many bytes it keeps now. */
export function registerScratch(name: string, bytes: () => number): void {
  holders.set(name, bytes);
}

/** What each registered holder keeps now, in bytes (for tests and diagnostics). */
export function keptScratch(): { readonly name: string; readonly bytes: number }[] {
  return [...holders].map(([name, bytes]) => ({ name, bytes: bytes() }));
}

/** The bytes all registered holders keep now. */
export function keptScratchBytes(): number {
  let total = 0;
  for (const bytes of holders.values()) total += bytes();
  return total;
}
