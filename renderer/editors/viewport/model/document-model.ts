/**
 * The typed model (shared/model) of the open document and its preview rig. The document keeps its file as a chunk
 * list (MDX) or a list of blocks (MDL), each read once by the kinds (memoized per chunk or per block) — for the
 * events view, the validation and this preview alike — so an edit to the event objects reads again the EVTS chunk or
 * the edited EventObject block and nothing else, and the file is never read twice. The rig is memoized per typed
 * model, and its geometry per GEOS array (model-rig.ts), which an event edit keeps: the geosets' GPU buffers stay.
 * An MDL document keeps the typed model of its last few versions only (shared/model/mdl-model.ts): an undo further
 * back assembles it again (~0.15 ms on the largest corpus MDL) and builds a rig around the same geometry.
 * Reading is fast (MDX arrays are views of the file's bytes; MDL blocks are read in the parsing worker), so it runs
 * on the main thread.
 */
import type { ModelDocument } from '../../../../shared/events/document';
import { typedModelOfDocument as typedModelOfSource } from '../../../../shared/events/source';
import { camerasOf } from '../../../../shared/model/kinds/camera';
import type { TypedMdxModel } from '../../../../shared/model/typed-model';
import { createModelRig, type ModelRig } from './model-rig';

/** The document's typed model, or null (no document, or one the model codec did not make). */
export function typedModelOfDocument(document: ModelDocument | null): TypedMdxModel | null {
  if (!document) return null;
  try {
    return typedModelOfSource(document);
  } catch {
    return null;
  }
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
  return model ? camerasOf(model).map((camera) => camera.name) : [];
}
