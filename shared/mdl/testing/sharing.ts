/**
 * Measuring what block edits share and scan: scans made while a function runs, the bytes a history of models
 * holds, and a history of key edits like the editor's undo stack.
 */
import { setEventFrames } from '../edit-events';
import { mdlScanCount, mdlScannedBytes } from '../scan';
import type { MdlModel } from '../types';

/** What `run` returns, with the scans made and the bytes scanned while it ran. */
export function scansDuring<T>(run: () => T): { result: T; scans: number; bytes: number } {
  const [scans, bytes] = [mdlScanCount(), mdlScannedBytes()];
  const result = run();
  return { result, scans: mdlScanCount() - scans, bytes: mdlScannedBytes() - bytes };
}

/** Bytes held by the sources of every block of `models` (text and brace tables, each source counted once). */
export function retainedBytes(models: readonly MdlModel[]): number {
  const sources = new Set(models.flatMap((model) => model.blocks.map((block) => block.source)));
  let total = 0;
  for (const source of sources)
    total += source.bytes.byteLength + source.braceOffsets.byteLength + source.bracePartners.byteLength;
  return total;
}

/**
 * `model` and the models `count` key moves make from it, one after the other, as an undo history keeps them: each
 * move shifts the first key of one event object (in turn) by 10 ms, or back. Also returns how many blocks each
 * move replaced.
 */
export function keyMoveHistory(model: MdlModel, count: number): { history: MdlModel[]; replaced: number[] } {
  const history = [model];
  const replaced: number[] = [];
  const events = model.eventObjects.filter((event) => event.frames.length > 0).map((event) => event.name);
  for (let step = 0; step < count; step += 1) {
    const last = history[history.length - 1]!;
    const event = last.eventObjects.find((candidate) => candidate.name === events[step % events.length])!;
    const frames = [event.frames[0]! + (step % 2 === 0 ? 10 : -10), ...event.frames.slice(1)];
    const next = setEventFrames(last, event, frames);
    replaced.push(next.blocks.filter((block) => !last.blocks.includes(block)).length);
    history.push(next);
  }
  return { history, replaced };
}
