/**
 * The emitter pass of a document's validation (shared/model/simulation/emitter-diagnostics.ts): the values the
 * particle simulation caps — NaN, infinite, negative or huge emission rates, lifespans, speeds… — and the note that
 * Popcorn emitters are not simulated. Over the typed model of the document: an MDX document's node chunks (typed
 * once per chunk), an MDL document's blocks read once each (an edit reads only the blocks it made). Memoized per
 * model, never throws.
 */
import type { Diagnostic } from '../diagnostics';
import { emitterDiagnostics } from '../model/simulation/emitter-diagnostics';
import type { ModelDocument } from './document';
import { sourceOf, typedModelOfDocument } from './source';

const found = new WeakMap<object, readonly Diagnostic[]>();

const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/** The emitter diagnostics of a document (none for one the codec did not read). */
export function emitterChecks(document: ModelDocument): readonly Diagnostic[] {
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
      diagnostics = emitterDiagnostics(typedModelOfDocument(document));
    } catch {
      diagnostics = [];
    }
    // A model kept in the undo history keeps this memo: none found is the one shared empty list.
    if (diagnostics.length === 0) diagnostics = NO_DIAGNOSTICS;
    found.set(key, diagnostics);
  }
  return diagnostics;
}
