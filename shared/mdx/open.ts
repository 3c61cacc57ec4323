/**
 * Opening a model for the events view in one call: the chunk walk, MODL/SEQS/GLBS and EVTS —
 * nothing else is parsed (node chunks, geosets and materials stay bytes until asked for).
 */
import type { Diagnostic } from '../diagnostics';
import { readMdx, type MdxModel } from './container';
import { readEvents, type MdxEvents } from './event-objects';
import { readMdxHeader, type MdxHeader } from './model-info';

/** A model opened for its events. */
export interface MdxOpened {
  readonly model: MdxModel;
  readonly header: MdxHeader;
  readonly events: MdxEvents;
  /** What the container, the header chunks and EVTS reported while reading (never thrown). */
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads MDX bytes and the chunks the events view needs. Throws CodecError for bytes that are not a walkable MDX file.
 * */
export function openMdx(bytes: Uint8Array): MdxOpened {
  const model = readMdx(bytes);
  const header = readMdxHeader(model);
  const events = readEvents(model);
  return { model, header, events, diagnostics: [...model.diagnostics, ...header.diagnostics, ...events.diagnostics] };
}
