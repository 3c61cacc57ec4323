/**
 * MDL, the text form of Warcraft III models, as machinery that knows no kind: the scan and tokenizer, the block tree
 * of statements with their spans, a text split into blocks, and span edits that change only what they must. What
 * the blocks mean — the kinds, read and printed — is shared/model's.
 *
 * Read: `readMdlText(bytes)` → `MdlText`, a list of blocks (each a range of the text with its top-level statements).
 * Edit: `applySpanEdits(text, edits)` gives a new text that shares every block the edits did not change. Write:
 * `writeMdl(text)` (or `mdlPieces(text)`, without copying) gives the bytes, unchanged when nothing was edited. A text
 * is plain data: after a structured clone, `reviveMdlText` restores it without reading anything again.
 */
export {
  readMdlText,
  parseMdlText,
  writeMdl,
  mdlPieces,
  mdlOffsetOf,
  textOf,
  isMdlText,
  reviveMdlText,
  findStatement,
} from './mdl-text';
export type { MdlBlock, MdlStyle, MdlText } from './types';
export { blockBytes, blockOf } from './blocks';
export { MdlTree, MdlStatement, MdlLevel, reviveStatements } from './tree';
export { tokenizeMdl, TokenKind, isTrivia, type MdlTokens, type TokenizeOptions } from './tokenizer';
export { scanMdl, mdlScanCount, mdlScannedBytes, releaseBraceTables, type MdlSource } from './scan';
export { decodeMdlBytes, encodeMdlText, lineColumnAt } from './text';
export {
  addToBlock,
  applySpanEdits,
  assertQuotable,
  editAt,
  indentOf,
  innerIndentOf,
  linesAfter,
  linesBefore,
  removeStatement,
  replaceToken,
  spliceBytes,
  type MdlEdit,
  type SpanEdit,
} from './span-edits';
