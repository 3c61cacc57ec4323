/**
 * MDL, the text form of Warcraft III models: a lossless reader, the parsed view the event codec
 * needs, and span edits that change only what they must.
 *
 * Read: `readMdl(bytes)` (or `parseMdl(text)`) → `MdlModel`. Write: `writeMdl(model)` gives the
 * bytes back unchanged. Edit: every edit function takes a model and returns new bytes; read them
 * again for the next edit.
 */
export { readMdl, parseMdl, writeMdl } from './model';
export type {
  MdlModel,
  MdlModelInfo,
  MdlSequence,
  MdlTexture,
  MdlPivotPoints,
  MdlBindPose,
  MdlNode,
  MdlEventObject,
  MdlNodeTrack,
  MdlStyle,
  Vector3,
} from './types';
export { MdlTree, MdlStatement, MdlLevel } from './tree';
export { tokenizeMdl, TokenKind, isTrivia, type MdlTokens, type TokenizeOptions } from './tokenizer';
export { scanMdl, type MdlSource } from './scan';
export { decodeMdlBytes, encodeMdlText, lineColumnAt } from './text';
export { NODE_KEYWORDS, NODE_KIND_ORDER, nodeKindOf } from './nodes';
export { CANONICAL_BLOCK_ORDER, MODEL_COUNT_KEYS } from './completeness';
export { applySpanEdits, type SpanEdit } from './span-edits';
export {
  setEventTrack,
  setEventFrames,
  setEventGlobalSequence,
  eventTrackEdits,
  renderEventTrack,
  type EventTrackValue,
} from './edit-events';
export {
  setNodeParent,
  renameNode,
  insertEventObject,
  removeNode,
  newEventObjectId,
  type NewEventObject,
} from './edit-nodes';
