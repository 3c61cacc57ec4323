/**
 * Measuring what block edits share and scan: scans made while a function runs, the bytes a history of texts holds,
 * and a history of key edits like the editor's undo stack.
 */
import { mdlScanCount, mdlScannedBytes } from '../../mdl/scan';
import type { MdlText } from '../../mdl/types';
import { mdlEventObjects } from '../mdl-parts';
import { setEventFrames } from '../mdl/edit-events';

/** What `run` returns, with the scans made and the bytes scanned while it ran. */
export function scansDuring<T>(run: () => T): { result: T; scans: number; bytes: number } {
  const [scans, bytes] = [mdlScanCount(), mdlScannedBytes()];
  const result = run();
  return { result, scans: mdlScanCount() - scans, bytes: mdlScannedBytes() - bytes };
}

/** Bytes held by the sources of every block of `texts` (text and brace tables, each source counted once). */
export function retainedBytes(texts: readonly MdlText[]): number {
  const sources = new Set(texts.flatMap((text) => text.blocks.map((block) => block.source)));
  let total = 0;
  for (const source of sources)
    total += source.bytes.byteLength + source.braceOffsets.byteLength + source.bracePartners.byteLength;
  return total;
}

/**
 * `text` and the texts `count` key moves make from it, one after the other, as an undo history keeps them: each
 * move shifts the first key of one event object (in turn) by 10 ms, or back. Also returns how many blocks each
 * move replaced.
 */
export function keyMoveHistory(text: MdlText, count: number): { history: MdlText[]; replaced: number[] } {
  const history = [text];
  const replaced: number[] = [];
  const names = mdlEventObjects(text)
    .filter(({ value }) => (value.keys?.frames.length ?? 0) > 0)
    .map(({ value }) => value.node.name);
  for (let step = 0; step < count; step += 1) {
    const last = history[history.length - 1]!;
    const event = mdlEventObjects(last).find(({ value }) => value.node.name === names[step % names.length])!;
    const frames = Array.from(event.value.keys!.frames);
    frames[0] = frames[0]! + (step % 2 === 0 ? 10 : -10);
    const next = setEventFrames(last, event, frames);
    replaced.push(next.blocks.filter((block) => !last.blocks.includes(block)).length);
    history.push(next);
  }
  return { history, replaced };
}
