/**
 * The events module: one event-object model over MDX and MDL — read a model into a
 * `ModelDocument`, apply `ModelEdit`s, write it back (identical bytes when unedited), validate it.
 * The contract is shared/events/document.ts; `modelCodec` implements its `ModelCodec`.
 */
import type { ModelCodec, ModelDocument } from './document';
import { applyEdit } from './apply';
import { readModel } from './read';
import { mdxPieces } from '../mdx/container';
import { mdlPieces } from '../mdl/index';
import { sourceOf } from './source';
import { validateModel } from './validate';

export * from './document';
export { applyEdit } from './apply';
export { readModel, DEFAULT_MDL_VERSION, sniffModelFormat } from './read';
export { validateModel } from './validate';
export { EditError } from './edit-error';
export { deriveLinks, findLink, linkEndpointIndices, linkObjectIndices } from './links';
export {
  EVENT_NAME_BYTES,
  MAX_EVENT_ID_LENGTH,
  MAX_FRAME,
  MRF_PATH_PREFIX,
  eventIdOf,
  eventTypeOf,
  linkIdProblem,
  matchesNamePattern,
  mrfPathOf,
  nameProblem,
} from './names';
export type { ModelSource } from './source';

/**
 * The file's bytes as pieces (see `ModelCodec.modelPieces`): for MDX the magic, then each chunk's header, body and
 * trailing bytes.
 */
export function modelPieces(document: ModelDocument): Uint8Array[] {
  const source = sourceOf(document);
  return source.format === 'mdx' ? mdxPieces(source.model) : mdlPieces(source.model);
}

/**
 * The model's bytes in its own format, made from the document's model: the bytes read when unedited (a new
 * buffer), else the edited file — every chunk the edits did not touch copied from the file's bytes.
 */
export function writeModel(document: ModelDocument): Uint8Array {
  const pieces = modelPieces(document);
  let length = 0;
  for (const piece of pieces) length += piece.byteLength;
  const output = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    output.set(piece, offset);
    offset += piece.byteLength;
  }
  return output;
}

/** The `ModelCodec` of the contract, over shared/mdx and shared/mdl. */
export const modelCodec: ModelCodec = { readModel, applyEdit, writeModel, modelPieces, validateModel };
