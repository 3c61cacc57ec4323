/**
 * The shapes of an MDL text split into blocks. A block owns a range of a text and holds its top-level statements;
 * the text is its blocks laid end to end. What a block means is the model's (shared/model): this layer knows
 * statements, spans and layout, no kind.
 */
import type { MdlSource } from './scan';
import type { MdlStatement } from './tree';

/**
 * A top-level block: a range of a text and its top-level statement (several only when statements share a line, as
 * in `A { } B { }`). Blocks are plain data and immutable: an edit replaces the blocks it changes and shares the
 * others with the text it edited.
 */
export interface MdlBlock {
  /** The scanned text the block's range and statements lie in: the file as read, or the bytes an edit made. */
  readonly source: MdlSource;
  /** The block's range `[start, end)` of `source.bytes`. */
  readonly start: number;
  readonly end: number;
  /** Its top-level statements, in order: one, or several sharing a line; none only in a text that has none. */
  readonly statements: readonly MdlStatement[];
}

/** How a text is laid out, so inserted text matches it. */
export interface MdlStyle {
  /** `\r\n` or `\n`, as the text's first line ending. */
  readonly newline: string;
  /** One level of indentation (a tab unless the text indents with spaces). */
  readonly indent: string;
}

/**
 * An MDL text as blocks. Plain data but for the getters on its prototype (computed on demand, not cloned): after a
 * structured clone, `reviveMdlText` gives it its prototypes back without reading anything again.
 */
export interface MdlText {
  /** The blocks, in text order; their ranges laid end to end are the text. */
  readonly blocks: readonly MdlBlock[];
  /** The text's length in bytes. */
  readonly byteLength: number;
  /** The bytes the text was read from, while no edit has changed them (else null). */
  readonly bytesAsRead: Uint8Array | null;
  /** Where each block starts in the text (`blockOffsets[i]` of `blocks[i]`), computed on first access. */
  readonly blockOffsets: readonly number[];
  /** The whole text (latin1), assembled and decoded on first access. */
  readonly text: string;
  /** Every top-level statement, in text order. */
  readonly statements: readonly MdlStatement[];
  /** The text's line ending and indentation. */
  readonly style: MdlStyle;
}
