/**
 * Span edits of a text: each names the block it lies in and a span of that block's source (the offsets of the
 * block's statements), so that an edit makes a new text from the blocks it changes and shares the others
 * (rebuild.ts). The helpers here add and remove whole lines in the text's own style.
 */
import { blockOf } from './blocks';
import { indentAt, isSingleLine, lineInsertionAfter, lineStartOf, removalRange, startsLine } from './layout';
import { rebuildText } from './rebuild';
import type { SpanEdit } from './splice';
import { decodeLatin1 } from './text';
import type { MdlStatement } from './tree';
import type { MdlBlock, MdlText } from './types';

/** What the line helpers need of a text: its style. */
type Styled = Pick<MdlText, 'style'>;

export { spliceBytes, type SpanEdit } from './splice';

/** A span edit of one block: `[start, end)` in the block's source, within the block's range. */
export interface MdlEdit extends SpanEdit {
  block: MdlBlock;
}

/** An edit of `[start, end)` in `statement`'s source. */
export function editAt(statement: MdlStatement, start: number, end: number, text: string): MdlEdit {
  return { block: blockOf(statement), start, end, text };
}

/**
 * The text with `edits` applied: a new text sharing every block no edit touches. Edits may come in any order;
 * edits at the same offset apply in the order given. Throws RangeError for an edit of a block that is not the
 * text's, a span outside its block, or overlapping edits.
 */
export function applySpanEdits(model: MdlText, edits: readonly MdlEdit[]): MdlText {
  if (edits.length === 0) return model;
  const blocks = new Set(model.blocks);
  const byBlock = new Map<MdlBlock, SpanEdit[]>();
  for (const { block, start, end, text } of edits) {
    if (!blocks.has(block)) throw new RangeError("a span edit addresses a block that is not one of the text's");
    if (start < block.start || end > block.end || end < start)
      throw new RangeError(`span edit [${start}, ${end}) lies outside its block [${block.start}, ${block.end})`);
    let list = byBlock.get(block);
    if (list === undefined) byBlock.set(block, (list = []));
    list.push({ start: start - block.start, end: end - block.start, text });
  }
  return rebuildText(model, byBlock);
}

/** Edit that replaces one token of a statement's level. */
export function replaceToken(statement: MdlStatement, token: number, text: string): MdlEdit {
  return editAt(statement, statement.level.starts[token]!, statement.level.ends[token]!, text);
}

/** Edit that removes a statement (its whole lines when it has them to itself). */
export function removeStatement(statement: MdlStatement): MdlEdit {
  const range = removalRange(statement.level.source.bytes, statement.start, statement.end);
  return editAt(statement, range.start, range.end, '');
}

/** True when a statement ends without its own `,` or block, so that a statement added after it would join it. */
function isUnterminated(statement: MdlStatement): boolean {
  return !statement.hasComma && !statement.hasBlock;
}

/**
 * Edit that adds `text` after `statement` at offset `at` (at or after its end), first giving the
 * statement the `,` it lacks when it has none.
 */
function insertAfter(statement: MdlStatement, at: number, text: string): MdlEdit {
  if (!isUnterminated(statement)) return editAt(statement, at, at, text);
  const between = decodeLatin1(statement.level.source.bytes, statement.end, at);
  return editAt(statement, statement.end, at, `,${between}${text}`);
}

/** Edit that adds `lines` (already indented) on new lines after the line of `statement`. */
export function linesAfter(model: Styled, statement: MdlStatement, lines: readonly string[]): MdlEdit {
  const at = lineInsertionAfter(statement.level.source.bytes, statement.end);
  return insertAfter(statement, at, lines.map((line) => model.style.newline + line).join(''));
}

/** Edit that adds `lines` (already indented) on new lines before the line of `statement`. */
export function linesBefore(model: Styled, statement: MdlStatement, lines: readonly string[]): MdlEdit {
  const bytes = statement.level.source.bytes;
  if (!startsLine(bytes, statement.start)) {
    const text = lines.map((line) => `${line.trimStart()} `).join('');
    return editAt(statement, statement.start, statement.start, text);
  }
  const at = lineStartOf(bytes, statement.start);
  return editAt(statement, at, at, lines.map((line) => line + model.style.newline).join(''));
}

/** Indentation of the line holding `statement`. */
export function indentOf(statement: MdlStatement): string {
  return indentAt(statement.level.source.bytes, statement.start);
}

/** Indentation for statements inside `block`'s braces: its first child's, or one level deeper than the block. */
export function innerIndentOf(model: Styled, block: MdlStatement): string {
  const first = block.children[0];
  if (first !== undefined && startsLine(block.level.source.bytes, first.start)) return indentOf(first);
  return indentOf(block) + model.style.indent;
}

/**
 * Edit that adds `lines` (unindented) as statements of `block`: after `after` when given (or
 * after the last child), else at the start of the body. Matches the block's indentation; a block
 * written on one line gets the statements on that line.
 */
export function addToBlock(
  model: Styled,
  block: MdlStatement,
  lines: readonly string[],
  after?: MdlStatement,
): MdlEdit {
  const newline = model.style.newline;
  if (isSingleLine(block.level.source.bytes, block.open, block.close)) {
    const anchor = after ?? block.children[block.children.length - 1];
    const text = lines.map((line) => ` ${line}`).join('');
    return anchor === undefined
      ? editAt(block, block.open + 1, block.open + 1, text)
      : insertAfter(anchor, anchor.end, text);
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
  return editAt(block, at, at, lines.map((line) => newline + indent + line).join(''));
}

/** Checks a name for a quoted MDL string: latin1, no quote, no line break. */
export function assertQuotable(name: string, what: string): void {
  if (/["\r\n]/.test(name) || [...name].some((character) => character.charCodeAt(0) > 0xff)) {
    throw new RangeError(
      `${what} ${JSON.stringify(name)} cannot be written in MDL: no quotes, line breaks or characters above U+00FF`,
    );
  }
}
