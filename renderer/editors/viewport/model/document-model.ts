/**
 * The typed model (shared/model) of the open document and its preview rig. An MDX document keeps its file as a chunk
 * list with structural sharing; `typedModelOf` types each chunk once (memoized by the chunk object), so an edit to
 * the event objects reads the EVTS chunk again and nothing else, and the file is never read twice. The rig is
 * memoized per typed model, and its geometry per GEOS array (model-rig.ts), so such an edit keeps every geoset's
 * GPU buffers. Reading is fast (every array is a view of the file's bytes), so it runs on the main thread.
 *
 * MDL documents: their typed model comes from the MDL reader of the full model when shared/model offers one
 * (`convertModel`); until then an MDL document has no preview model (the capes are still drawn).
 */
import type { ModelDocument } from '../../../../shared/events/document';
import { sourceOf } from '../../../../shared/events/source';
import { findParsedChunk, type TypedMdxModel } from '../../../../shared/model/mdx-model';
import { typedModelOf } from '../../../../shared/model/typed-chunks';
import { createModelRig, type ModelRig } from './model-rig';

/** The document's typed model, or null (an MDL document, or a document the model codec did not make). */
export function typedModelOfDocument(document: ModelDocument | null): TypedMdxModel | null {
  if (!document || document.format !== 'mdx') return null;
  let source;
  try {
    source = sourceOf(document);
  } catch {
    return null;
  }
  return source.format === 'mdx' ? typedModelOf(source.model) : null;
}

const rigs = new WeakMap<TypedMdxModel, ModelRig>();

/** The rig of a typed model (one per typed model). */
export function rigOf(model: TypedMdxModel): ModelRig {
  let rig = rigs.get(model);
  if (!rig) {
    rig = createModelRig(model);
    rigs.set(model, rig);
  }
  return rig;
}

/** The preview rig of the document, or null when it has no typed model. */
export function rigOfDocument(document: ModelDocument | null): ModelRig | null {
  const model = typedModelOfDocument(document);
  return model ? rigOf(model) : null;
}

/** The names of the document's cameras in file order (none without a typed model). */
export function modelCameraNames(document: ModelDocument | null): string[] {
  const model = typedModelOfDocument(document);
  return model ? (findParsedChunk(model, 'CAMS') ?? []).map((camera) => camera.name) : [];
}
