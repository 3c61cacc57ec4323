/**
 * The typed model (shared/model) of the open document and its preview rig. An MDX document keeps its file as a chunk
 * list with structural sharing; `typedModelOf` types each chunk once (memoized by the chunk object), so an edit to
 * the event objects reads the EVTS chunk again and nothing else, and the file is never read twice. The rig is
 * memoized per typed model, and its geometry per GEOS array (model-rig.ts), so such an edit keeps every geoset's
 * GPU buffers. Reading is fast (every array is a view of the file's bytes), so it runs on the main thread.
 *
 * MDL documents: the document keeps the MDL block tree; its text is read once per tree by the full model's MDL
 * reader (`readMdlModel`) into the same typed model. An edit makes a new tree, so it reads the text again (the
 * geometry and its GPU buffers are rebuilt too: the MDL side has no per-chunk sharing yet).
 */
import type { ModelDocument } from '../../../../shared/events/document';
import { writeModel } from '../../../../shared/events/index';
import { sourceOf } from '../../../../shared/events/source';
import type { MdlModel } from '../../../../shared/mdl/types';
import { readMdlModel } from '../../../../shared/model/mdl-model';
import { findParsedChunk, type TypedMdxModel } from '../../../../shared/model/mdx-model';
import { typedModelOf } from '../../../../shared/model/typed-chunks';
import { createModelRig, type ModelRig } from './model-rig';

const mdlModels = new WeakMap<MdlModel, TypedMdxModel | null>();

/** The document's typed model, or null (a document the model codec did not make, or an MDL text it cannot read). */
export function typedModelOfDocument(document: ModelDocument | null): TypedMdxModel | null {
  if (!document) return null;
  let source;
  try {
    source = sourceOf(document);
  } catch {
    return null;
  }
  if (source.format === 'mdx') return typedModelOf(source.model);
  let model = mdlModels.get(source.model);
  if (model === undefined) {
    try {
      model = readMdlModel(writeModel(document)).model;
    } catch {
      model = null;
    }
    mdlModels.set(source.model, model);
  }
  return model;
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
