/**
 * The events module: one event-object model over MDX and MDL — read a model into a
 * `ModelDocument`, apply `ModelEdit`s, write it back (identical bytes when unedited), validate it.
 * The contract is shared/events/document.ts; `modelCodec` implements its `ModelCodec`.
 */
import type { ModelCodec, ModelDocument } from './document';
import { applyEdit } from './apply';
import { readModel } from './read';
import { sourceOf } from './source';
import { validateModel } from './validate';

export * from './document';
export { applyEdit } from './apply';
export { readModel, DEFAULT_MDL_VERSION } from './read';
export { validateModel } from './validate';
export { EditError } from './edit-error';
export { deriveLinks, findLink } from './links';
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

/** The model's bytes in its own format (a copy): the bytes read when unedited, else the edited file. */
export function writeModel(document: ModelDocument): Uint8Array {
  return sourceOf(document).bytes.slice();
}

/** The `ModelCodec` of the contract, over shared/mdx and shared/mdl. */
export const modelCodec: ModelCodec = { readModel, applyEdit, writeModel, validateModel };
