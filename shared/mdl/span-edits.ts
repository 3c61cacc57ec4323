/**
 * Span edits: the one way MDL text changes. An edit replaces the bytes of `[start, end)` with new
 * text (an insertion when start equals end); everything outside the edited spans is copied as it is.
 * The helpers here add and remove whole lines in the file's own style.
 */
import { indentAt, isSingleLine, lineInsertionAfter, lineStartOf, removalRange, startsLine } from './layout';
import { decodeLatin1, encodeMdlText } from './text';
import type { MdlStatement } from './tree';
import type { MdlModel, MdlNode } from './types';

/** Replace `bytes[start, end)` by `text` (latin1). */
export interface SpanEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies span edits to MDL bytes and returns the new bytes. Edits may come in any order; edits at
 * the same offset apply in the order given. Throws RangeError for overlapping edits or spans
 * outside the bytes.
 */
export function applySpanEdits(bytes: Uint8Array, edits: readonly SpanEdit[]): Uint8Array {
  const sorted = [...edits].sort((left, right) => left.start - right.start);
  const encoded = sorted.map((edit) => encodeMdlText(edit.text));
  let length = bytes.length;
  let previousEnd = 0;
  sorted.forEach((edit, index) => {
    if (edit.start < previousEnd || edit.end < edit.start || edit.end > bytes.length) {
      throw new RangeError(
        `span edit [${edit.start}, ${edit.end}) overlaps another edit or lies outside the ${bytes.length} bytes`,
      );
    }
    previousEnd = edit.end;
    length += encoded[index]!.length - (edit.end - edit.start);
  });
  const output = new Uint8Array(length);
  let read = 0;
  let write = 0;
  sorted.forEach((edit, index) => {
    output.set(bytes.subarray(read, edit.start), write);
    write += edit.start - read;
    output.set(encoded[index]!, write);
    write += encoded[index]!.length;
    read = edit.end;
  });
  output.set(bytes.subarray(read), write);
  return output;
}

/** Edit that replaces one token of a statement's level. */
export function replaceToken(statement: MdlStatement, token: number, text: string): SpanEdit {
  return { start: statement.level.starts[token]!, end: statement.level.ends[token]!, text };
}

/** Edit that removes a statement (its whole lines when it has them to itself). */
export function removeStatement(model: MdlModel, statement: MdlStatement): SpanEdit {
  const range = removalRange(model.bytes, statement.start, statement.end);
  return { ...range, text: '' };
}

/** True when a statement ends without its own `,` or block, so that a statement added after it would join it. */
function isUnterminated(statement: MdlStatement): boolean {
  return !statement.hasComma && !statement.hasBlock;
}

/**
 * Edit that adds `text` after `statement` at offset `at` (at or after its end), first giving the
 * statement the `,` it lacks when it has none.
 */
function insertAfter(model: MdlModel, statement: MdlStatement, at: number, text: string): SpanEdit {
  if (!isUnterminated(statement)) return { start: at, end: at, text };
  return { start: statement.end, end: at, text: `,${decodeLatin1(model.bytes, statement.end, at)}${text}` };
}

/** Edit that adds `lines` (already indented) on new lines after the line of `statement`. */
export function linesAfter(model: MdlModel, statement: MdlStatement, lines: readonly string[]): SpanEdit {
  const at = lineInsertionAfter(model.bytes, statement.end);
  return insertAfter(model, statement, at, lines.map((line) => model.style.newline + line).join(''));
}

/** Edit that adds `lines` (already indented) on new lines before the line of `statement`. */
export function linesBefore(model: MdlModel, statement: MdlStatement, lines: readonly string[]): SpanEdit {
  const bytes = model.bytes;
  if (!startsLine(bytes, statement.start)) {
    return { start: statement.start, end: statement.start, text: lines.map((line) => `${line.trimStart()} `).join('') };
  }
  const at = lineStartOf(bytes, statement.start);
  return { start: at, end: at, text: lines.map((line) => line + model.style.newline).join('') };
}

/** Indentation of the line holding `statement`. */
export function indentOf(model: MdlModel, statement: MdlStatement): string {
  return indentAt(model.bytes, statement.start);
}

/** Indentation for statements inside `block`'s braces: its first child's, or one level deeper than the block. */
export function innerIndentOf(model: MdlModel, block: MdlStatement): string {
  const first = block.children[0];
  if (first !== undefined && startsLine(model.bytes, first.start)) return indentOf(model, first);
  return indentOf(model, block) + model.style.indent;
}

/**
 * Edit that adds `lines` (unindented) as statements of `block`: after `after` when given (or
 * after the last child), else at the start of the body. Matches the block's indentation; a block
 * written on one line gets the statements on that line.
 */
export function addToBlock(
  model: MdlModel,
  block: MdlStatement,
  lines: readonly string[],
  after?: MdlStatement,
): SpanEdit {
  const bytes = model.bytes;
  const newline = model.style.newline;
  if (isSingleLine(bytes, block.open, block.close)) {
    const anchor = after ?? block.children[block.children.length - 1];
    const text = lines.map((line) => ` ${line}`).join('');
    return anchor === undefined
      ? { start: block.open + 1, end: block.open + 1, text }
      : insertAfter(model, anchor, anchor.end, text);
  }
  const indent = innerIndentOf(model, block);
  const anchor = after ?? block.children[block.children.length - 1];
  if (anchor !== undefined)
    return linesAfter(
      model,
      anchor,
      lines.map((line) => indent + line),
    );
  // An empty body (perhaps holding comments): new lines right after the `{`.
  const at = block.open + 1;
  return { start: at, end: at, text: lines.map((line) => newline + indent + line).join('') };
}

/** The model's node with this objectId, or undefined. */
export function nodeById(model: MdlModel, objectId: number): MdlNode | undefined {
  return model.nodes.find((node) => node.objectId === objectId);
}

/** Throws RangeError unless `node` is one of `model`'s nodes (edits address nodes of the model they edit). */
export function assertOwnNode(model: MdlModel, node: MdlNode): void {
  if (!model.nodes.includes(node)) throw new RangeError(`${node.keyword} "${node.name}" is not a node of this model`);
}

/** Checks a name for a quoted MDL string: latin1, no quote, no line break. */
export function assertQuotable(name: string, what: string): void {
  if (/["\r\n]/.test(name) || [...name].some((character) => character.charCodeAt(0) > 0xff)) {
    throw new RangeError(
      `${what} ${JSON.stringify(name)} cannot be written in MDL: no quotes, line breaks or characters above U+00FF`,
    );
  }
}
