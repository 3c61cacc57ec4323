/**
 * An MDL text as blocks: read, written, and placed. `readMdlText` scans the text once and splits it into blocks
 * (blocks.ts); writing is laying the blocks' bytes end to end — nothing is re-generated, so a text read and written
 * without edits is identical, byte for byte. Edits (span-edits.ts) make new texts from the blocks they change and
 * the blocks they share. What the blocks mean is read by the model (shared/model/mdl-*.ts).
 */
import { blockNewline, blockOf, readTextBlocks, registerBlock } from './blocks';
import { lineStartOf } from './layout';
import { decodeLatin1, encodeMdlText } from './text';
import { reviveStatements, type MdlStatement } from './tree';
import type { MdlBlock, MdlStyle, MdlText } from './types';

/** Top-level statements looked at to find the text's indentation. */
const STYLE_SAMPLE_STATEMENTS = 4;

/** The most distinct styles kept for sharing. */
const STYLES_KEPT = 64;

const texts = new WeakMap<MdlText, string>();
const offsets = new WeakMap<MdlText, readonly number[]>();
const statementLists = new WeakMap<MdlText, readonly MdlStatement[]>();

/** What `cache` holds for `model`, made by `make` the first time. */
function memo<Value>(cache: WeakMap<MdlText, Value>, model: MdlText, make: (model: MdlText) => Value): Value {
  let value = cache.get(model);
  if (value === undefined) {
    value = make(model);
    cache.set(model, value);
  }
  return value;
}

/** Where each block starts in the text. */
function offsetsOf(model: MdlText): readonly number[] {
  let offset = 0;
  return model.blocks.map((block) => {
    const start = offset;
    offset += block.end - block.start;
    return start;
  });
}

/** The prototype of every text: what is computed on demand rather than carried (and cloned). */
const TEXT_PROTOTYPE = {
  get text(): string {
    return memo(texts, this as unknown as MdlText, (model) => decodeLatin1(writeMdl(model)));
  },
  get blockOffsets(): readonly number[] {
    return memo(offsets, this as unknown as MdlText, offsetsOf);
  },
  get statements(): readonly MdlStatement[] {
    return memo(statementLists, this as unknown as MdlText, (model) =>
      model.blocks.flatMap((block) => block.statements),
    );
  },
  /** Not memoized per text (each kept version would hold one): found from the per-block and per-statement memos. */
  get style(): MdlStyle {
    return styleOf((this as unknown as MdlText).blocks);
  },
};

/** The text of a list of blocks; `bytesAsRead` is the text when it is exactly the bytes the blocks were read from. */
export function textOf(blocks: readonly MdlBlock[], bytesAsRead: Uint8Array | null): MdlText {
  let byteLength = 0;
  for (const block of blocks) byteLength += block.end - block.start;
  return Object.assign(Object.create(TEXT_PROTOTYPE) as object, { blocks, byteLength, bytesAsRead }) as MdlText;
}

/** Reads MDL bytes (latin1, lossless) as blocks; throws CodecError for input that is not MDL text. */
export function readMdlText(bytes: Uint8Array): MdlText {
  return textOf(readTextBlocks(bytes), bytes);
}

/** Reads MDL text (latin1 characters); throws CodecError as readMdlText does, RangeError for a character above 255. */
export function parseMdlText(text: string): MdlText {
  return readMdlText(encodeMdlText(text));
}

/**
 * The text's bytes as pieces whose concatenation is the text: views of the bytes as read wherever edits left
 * them alone (neighbouring blocks of the same source joined into one view), and the bytes the edits made.
 */
export function mdlPieces(model: Pick<MdlText, 'blocks'>): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let source: MdlBlock['source'] | null = null;
  let start = 0;
  let end = 0;
  for (const block of model.blocks) {
    if (block.source === source && block.start === end) {
      end = block.end;
      continue;
    }
    if (source !== null && end > start) pieces.push(source.bytes.subarray(start, end));
    ({ source, start, end } = block);
  }
  if (source !== null && end > start) pieces.push(source.bytes.subarray(start, end));
  return pieces;
}

/** The text's bytes: the very bytes read while unedited, else its blocks laid end to end (a new buffer). */
export function writeMdl(model: Pick<MdlText, 'blocks' | 'byteLength' | 'bytesAsRead'>): Uint8Array {
  if (model.bytesAsRead !== null) return model.bytesAsRead;
  const output = new Uint8Array(model.byteLength);
  let offset = 0;
  for (const piece of mdlPieces(model)) {
    output.set(piece, offset);
    offset += piece.length;
  }
  return output;
}

/** Where `offset` of `statement`'s source (its start by default) lies in the whole text. */
export function mdlOffsetOf(model: MdlText, statement: MdlStatement, offset = statement.start): number {
  const index = model.blocks.indexOf(blockOf(statement));
  if (index < 0) throw new RangeError(`${statement.path} is not a statement of this text`);
  return model.blockOffsets[index]! + offset - model.blocks[index]!.start;
}

/** The first top-level statement `predicate` accepts, in text order (no list of every statement is made). */
export function findStatement(
  model: Pick<MdlText, 'blocks'>,
  predicate: (statement: MdlStatement) => boolean,
): MdlStatement | undefined {
  for (const block of model.blocks)
    for (const statement of block.statements) if (predicate(statement)) return statement;
  return undefined;
}

/** True when `value` has the shape of a text (possibly one that came through a structured clone). */
export function isMdlText(value: unknown): value is MdlText {
  const model = value as Partial<MdlText> | null;
  return (
    typeof model === 'object' && model !== null && Array.isArray(model.blocks) && typeof model.byteLength === 'number'
  );
}

/**
 * A text that came through a structured clone (from the worker that read it), made whole again in place: its
 * prototypes and the statements' own come back; nothing is scanned or tokenized again. A text that was not cloned
 * is returned as it is.
 */
export function reviveMdlText(model: MdlText): MdlText {
  if (Object.getPrototypeOf(model) === TEXT_PROTOTYPE) return model;
  Object.setPrototypeOf(model, TEXT_PROTOTYPE);
  for (const block of model.blocks) {
    reviveStatements(block.statements);
    registerBlock(block);
  }
  return model;
}

const indents = new WeakMap<MdlStatement, string | null>();

/** The indentation of a top-level statement's first child when it starts a line of its own (memoized). */
function indentOf(statement: MdlStatement): string | null {
  let indent = indents.get(statement);
  if (indent === undefined) {
    indent = null;
    const child = statement.children[0];
    if (child !== undefined) {
      const bytes = statement.level.source.bytes;
      const lineStart = lineStartOf(bytes, child.start);
      const leading = decodeLatin1(bytes, lineStart, child.start);
      if (lineStart > statement.open && /^[ \t]+$/.test(leading)) indent = leading;
    }
    indents.set(statement, indent);
  }
  return indent;
}

/** Line ending (the first one in the text) and indentation unit of a text. */
function styleOf(blocks: readonly MdlBlock[]): MdlStyle {
  let newline: MdlStyle['newline'] | null = null;
  let carriageReturn = false;
  for (const block of blocks) {
    const found = blockNewline(block);
    if (found === '\r') carriageReturn = true;
    else if (found !== null) {
      newline = found;
      break;
    }
  }
  let indent = '\t';
  let sampled = 0;
  sample: for (const block of blocks) {
    for (const statement of block.statements) {
      if (sampled === STYLE_SAMPLE_STATEMENTS) break sample;
      sampled += 1;
      const found = indentOf(statement);
      if (found !== null) {
        indent = found;
        break sample;
      }
    }
  }
  return internedStyle(newline ?? (carriageReturn ? '\r' : '\n'), indent);
}

/** The styles made so far, by newline and indentation (a text has one of a handful). */
const stylesByLayout = new Map<string, MdlStyle>();

/** The one frozen style object of a newline and an indentation. */
function internedStyle(newline: string, indent: string): MdlStyle {
  const key = `${newline}|${indent}`;
  let style = stylesByLayout.get(key);
  if (style === undefined) {
    style = Object.freeze({ newline, indent });
    // Indentations are a text's own (spaces of any width): the table stays small unless a program reads thousands.
    if (stylesByLayout.size < STYLES_KEPT) stylesByLayout.set(key, style);
  }
  return style;
}
