/**
 * MDL, the text form of Warcraft III models: a lossless reader, the parsed view the event codec
 * needs, and span edits that change only what they must.
 *
 * Read: `readMdl(bytes)` (or `parseMdl(text)`) → `MdlModel`, a list of blocks (each a range of the text, its
 * top-level statement and what was read from it) and the whole-model view gathered from them. Edit: every edit
 * function takes a model and returns a new model that shares every block it did not change. Write:
 * `writeMdl(model)` (or `mdlPieces(model)`, without copying) gives the bytes, unchanged when nothing was edited.
 * A model is plain data: after a structured clone, `reviveMdl` restores it without reading anything again.
 */
export { readMdl, parseMdl, writeMdl, mdlPieces, mdlOffsetOf, modelOf, isMdlModel, reviveMdl } from './model';
export type {
  MdlModel,
  MdlBlock,
  MdlPart,
  MdlPartContent,
  MdlTopLevel,
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
export { blockBytes, blockOf } from './blocks';
export { MdlTree, MdlStatement, MdlLevel, reviveStatements } from './tree';
export { tokenizeMdl, TokenKind, isTrivia, type MdlTokens, type TokenizeOptions } from './tokenizer';
export { scanMdl, mdlScanCount, mdlScannedBytes, type MdlSource } from './scan';
export { decodeMdlBytes, encodeMdlText, lineColumnAt } from './text';
export { NODE_KEYWORDS, NODE_KIND_ORDER, nodeKindOf } from './nodes';
export { CANONICAL_BLOCK_ORDER, MODEL_COUNT_KEYS } from './completeness';
export { applySpanEdits, spliceBytes, type MdlEdit, type SpanEdit } from './span-edits';
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
  nodeParentEdits,
  renameNode,
  renameEdits,
  insertEventObject,
  insertEventObjectEdits,
  removeNode,
  removeNodeEdits,
  newEventObjectId,
  type NewEventObject,
} from './edit-nodes';
