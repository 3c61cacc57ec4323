/**
 * What the events view needs from a model besides its events — name, sequences, global sequences
 * — parsed lazily from MODL, SEQS and GLBS only, and memoized per model.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { findChunk, fixedSizeMismatch, type MdxChunk, type MdxModel } from './container';
import { readGlobalSequences } from './chunks/glbs';
import { readModelInfo, type ModelInfo } from './chunks/modl';
import { readSequences, type Sequence } from './chunks/seqs';
import { bodyOffsetOf } from './node-objects';

/** The model's header chunks. */
export interface MdxHeader {
  readonly version: number;
  /** MODL, or null when the model has none (or it is damaged: see `diagnostics`). */
  readonly info: ModelInfo | null;
  readonly sequences: readonly Sequence[];
  /** Global sequence durations, ms. */
  readonly globalSequences: readonly number[];
  /** Chunks among MODL, SEQS, GLBS that could not be read (their bytes are kept). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads one chunk with `reader`; a CodecError becomes an error diagnostic (the chunk's bytes stay
 * in the model) and the result is `fallback`. A chunk the container already reported as the wrong
 * size (`mdx.chunk-size`) is not read and not reported twice.
 */
export function readChunkOrReport<T>(
  chunk: MdxChunk,
  reader: (body: Uint8Array, bodyOffset: number) => T,
  fallback: T,
  diagnostics: Diagnostic[],
): T {
  // A fixed-entry chunk whose size does not add up was reported by the container already.
  if (fixedSizeMismatch(chunk) !== null) return fallback;
  try {
    return reader(chunk.body, bodyOffsetOf(chunk));
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    diagnostics.push({
      severity: 'error',
      code: 'mdx.damaged-chunk',
      message: `The ${chunk.tag} chunk cannot be read (${error.where}: ${error.detail}). Its bytes are kept.`,
      where: error.where,
      offset: error.offset,
      target: { kind: 'chunk', tag: chunk.tag },
    });
    return fallback;
  }
}

const headers = new WeakMap<MdxModel, MdxHeader>();

/** MODL, SEQS and GLBS of the model (memoized). Never throws for damaged chunks. */
export function readMdxHeader(model: MdxModel): MdxHeader {
  const cached = headers.get(model);
  if (cached) return cached;
  const diagnostics: Diagnostic[] = [];
  const modl = findChunk(model, 'MODL');
  const seqs = findChunk(model, 'SEQS');
  const glbs = findChunk(model, 'GLBS');
  const header: MdxHeader = Object.freeze({
    version: model.version,
    info: modl ? readChunkOrReport<ModelInfo | null>(modl, readModelInfo, null, diagnostics) : null,
    sequences: seqs ? readChunkOrReport<Sequence[]>(seqs, readSequences, [], diagnostics) : [],
    globalSequences: glbs ? readChunkOrReport<number[]>(glbs, readGlobalSequences, [], diagnostics) : [],
    diagnostics,
  });
  headers.set(model, header);
  return header;
}
