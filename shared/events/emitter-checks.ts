/**
 * The emitter pass of a document's validation (shared/model/simulation/emitter-diagnostics.ts): the values the
 * particle simulation caps — NaN, infinite, negative or huge emission rates, lifespans, speeds… — and the note that
 * Popcorn emitters are not simulated. Over the typed model of the document: an MDX document's node chunks (typed
 * once per chunk), an MDL document's text read once per block tree. Memoized per model, never throws.
 */
import type { Diagnostic } from '../diagnostics';
import { mdlPieces } from '../mdl/index';
import { readMdlModel } from '../model/mdl-model';
import { emitterDiagnostics } from '../model/simulation/emitter-diagnostics';
import { typedModelOf } from '../model/typed-chunks';
import type { ModelDocument } from './document';
import { sourceOf } from './source';

const found = new WeakMap<object, Diagnostic[]>();

/** The emitter diagnostics of a document (none for one the codec did not read). */
export function emitterChecks(document: ModelDocument): Diagnostic[] {
  let source;
  try {
    source = sourceOf(document);
  } catch {
    return [];
  }
  const key = source.model as object;
  let diagnostics = found.get(key);
  if (!diagnostics) {
    try {
      if (source.format === 'mdx') diagnostics = emitterDiagnostics(typedModelOf(source.model));
      else {
        const pieces = mdlPieces(source.model);
        const bytes = new Uint8Array(pieces.reduce((total, piece) => total + piece.byteLength, 0));
        let offset = 0;
        for (const piece of pieces) {
          bytes.set(piece, offset);
          offset += piece.byteLength;
        }
        diagnostics = emitterDiagnostics(readMdlModel(bytes).model);
      }
    } catch {
      diagnostics = [];
    }
    found.set(key, diagnostics);
  }
  return diagnostics;
}
