/**
 * Edits of node blocks: Parent, name, inserting an EventObject and removing a node — with the
 * objectIds kept dense in canonical order. Inserting or removing a node renumbers the ObjectId of
 * every following node and every Parent that points past it, adds or removes the node's
 * PivotPoints entry (and its Reforged `BindPose` matrix: one per node by objectId, then one per
 * camera), and keeps the Model block's `NumEvents`, `NumBones`, … right.
 *
 * Decisions: `Parent -1` is written by leaving the Parent line out (as the game's tools do); the
 * children of a removed node move to its parent; Retera's `Parent N,\t// "Name"` comments follow
 * a change of parent or of the parent's name, and are written for new Parent lines in files that
 * use them (where the new line ends with the comment). Parent ids given to these functions use the
 * text's current numbering.
 *
 * Each edit comes in two forms: `…Edits` gives its span edits (to combine with others), the other
 * the new text, which shares every block the edit does not change.
 */
import { parentComment } from '../../mdl/layout';
import { BYTE_CR, BYTE_LF, BYTE_SPACE, BYTE_TAB } from '../../mdl/lexer';
import {
  addToBlock,
  applySpanEdits,
  assertQuotable,
  editAt,
  indentOf,
  linesAfter,
  linesBefore,
  removeStatement,
  replaceToken,
  type MdlEdit,
} from '../../mdl/span-edits';
import { findStatement } from '../../mdl/mdl-text';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlText } from '../../mdl/types';
import { countToken, nameToken, valueToken } from '../../mdl/values';
import { mdlEventObjects, mdlModelBlock, mdlNodes, mdlStyleOf, type MdlNodeAt, type MdlPartAt } from '../mdl-parts';
import { blockRank, countKeyOf, kindOfKeyword, NODE_KINDS } from '../registry';
import { assertEventTrackValue, renderEventTrack, type EventTrackValue } from './edit-events';
import { assertOwnNode, listEntries, nodeById, statedObjectId } from './edit-support';

/** A point in model space. */
export type Vector3 = readonly [number, number, number];

/** A node block as the edits take it. */
type NodeAt = Pick<MdlNodeAt, 'statement' | 'value'>;

/** What to insert: an EventObject with its keys, its parent and its pivot. */
export interface NewEventObject extends Partial<EventTrackValue> {
  name: string;
  frames: readonly number[];
  /** ObjectId of the parent node in the current numbering, -1 (default) for none. */
  parentId?: number;
  /** The PivotPoints entry (and bind-pose translation) of the new node; default [0, 0, 0]. */
  pivot?: Vector3;
}

/** The objectId an inserted EventObject gets: one past the last node of a kind up to event objects. */
export function newEventObjectId(text: MdlText): number {
  const eventRank = NODE_KINDS.indexOf('eventObject');
  let last = -1;
  for (const node of mdlNodes(text)) {
    const objectId = statedObjectId(node);
    if (objectId !== null && NODE_KINDS.indexOf(node.kind) <= eventRank) last = Math.max(last, objectId);
  }
  return last + 1;
}

function parentLine(text: MdlText, parentId: number, parentName: string | null): string {
  return mdlStyleOf(text).parentComments && parentName !== null
    ? `Parent ${parentId},\t// "${parentName}"`
    : `Parent ${parentId},`;
}

/**
 * Edits that make `node`'s Parent `parentId`. `parentName` is the new parent's name when the
 * parent is a different node (its `// "Name"` comment follows), null when only its id changes.
 */
function parentEdits(text: MdlText, node: NodeAt, parentId: number, parentName: string | null): MdlEdit[] {
  const statement = node.statement.child('Parent') ?? null;
  if (parentId === -1) return statement === null ? [] : [removeStatement(statement)];
  if (statement !== null) {
    const token = valueToken(statement);
    if (token < 0) return [editAt(statement, statement.start, statement.end, parentLine(text, parentId, null))];
    const edits = [replaceToken(statement, token, String(parentId))];
    const comment = parentName === null ? null : parentComment(statement.level.source.bytes, statement.end);
    if (comment !== null) edits.push(editAt(statement, comment.nameStart, comment.nameEnd, parentName!));
    return edits;
  }
  const block = node.statement;
  const first = block.children[0];
  const objectIdStatement = block.child('ObjectId');
  const add = (line: string): MdlEdit => {
    if (objectIdStatement !== undefined) return addToBlock(text, block, [line], objectIdStatement);
    if (first !== undefined) return linesBefore(text, first, [indentOf(first) + line]);
    return addToBlock(text, block, [line]);
  };
  const [commented, plain] = [parentLine(text, parentId, parentName), parentLine(text, parentId, null)];
  const edit = add(commented);
  // A `// "Name"` comment only where the line ends with it: anywhere else it would hide what follows.
  return [commented !== plain && !endsLine(edit) ? add(plain) : edit];
}

/** True when the text `edit` inserts ends its line: a line break or the end of the text follows (after blanks). */
function endsLine(edit: MdlEdit): boolean {
  if (/[\r\n]$/.test(edit.text)) return true;
  const bytes = edit.block.source.bytes;
  let index = edit.end;
  while (bytes[index] === BYTE_SPACE || bytes[index] === BYTE_TAB) index += 1;
  return index >= bytes.length || bytes[index] === BYTE_LF || bytes[index] === BYTE_CR;
}

/** The edits that set `node`'s Parent (-1 removes it); throws RangeError for an unknown parent. */
export function nodeParentEdits(text: MdlText, node: NodeAt, parentId: number): MdlEdit[] {
  assertOwnNode(text, node);
  if (!Number.isSafeInteger(parentId) || parentId < -1)
    throw new RangeError(`parent id ${parentId} is not -1 or an objectId`);
  if (parentId !== -1 && parentId === statedObjectId(node))
    throw new RangeError(`${node.statement.keyword} "${node.value.node.name}" cannot be its own parent`);
  const parent = parentId === -1 ? undefined : nodeById(text, parentId);
  if (parentId !== -1 && parent === undefined) throw new RangeError(`no node has ObjectId ${parentId}`);
  if (parentId === node.value.node.parentId) return [];
  return parentEdits(text, node, parentId, parent?.value.node.name ?? null);
}

/** The text with `node`'s Parent set (-1 removes it); throws RangeError for an unknown parent. */
export function setNodeParent(text: MdlText, node: NodeAt, parentId: number): MdlText {
  return applySpanEdits(text, nodeParentEdits(text, node, parentId));
}

/** The edits that rename `node` (its children's `// "Name"` comments follow). */
export function renameEdits(text: MdlText, node: NodeAt, name: string): MdlEdit[] {
  assertOwnNode(text, node);
  assertQuotable(name, 'name');
  const statement = node.statement;
  const token = nameToken(statement);
  const afterKeyword = statement.level.ends[statement.first]!;
  const edits: MdlEdit[] = [
    token >= 0
      ? replaceToken(statement, token, `"${name}"`)
      : editAt(statement, afterKeyword, afterKeyword, ` "${name}"`),
  ];
  const objectId = statedObjectId(node);
  if (objectId !== null) {
    for (const child of mdlNodes(text)) {
      const parent = child.statement.child('Parent');
      if (child.statement === statement || child.value.node.parentId !== objectId || parent === undefined) continue;
      const comment = parentComment(parent.level.source.bytes, parent.end);
      if (comment !== null && comment.name === node.value.node.name)
        edits.push(editAt(parent, comment.nameStart, comment.nameEnd, name));
    }
  }
  return edits;
}

/** The text with `node` renamed (its children's `// "Name"` comments follow). */
export function renameNode(text: MdlText, node: NodeAt, name: string): MdlText {
  return applySpanEdits(text, renameEdits(text, node, name));
}

/** Edits that renumber ObjectIds: `mapId` gives each old objectId its new one. */
function renumberEdits(text: MdlText, skip: NodeAt | null, mapId: (objectId: number) => number): MdlEdit[] {
  const edits: MdlEdit[] = [];
  for (const node of mdlNodes(text)) {
    if (node.statement === skip?.statement) continue;
    const statement = node.statement.child('ObjectId');
    if (statement === undefined) continue;
    const id = mapId(node.value.node.objectId);
    const token = valueToken(statement);
    if (id !== node.value.node.objectId && token >= 0) edits.push(replaceToken(statement, token, String(id)));
  }
  return edits;
}

/** Edits that add an entry at `index` of a `Name N { { … }, … }` list (PivotPoints, BindPose Matrices). */
function listInsertEdits(text: MdlText, list: MdlStatement, index: number, entry: string): MdlEdit[] {
  const entries = listEntries(list);
  const edits: MdlEdit[] = [];
  const count = countToken(list);
  if (count >= 0) edits.push(replaceToken(list, count, String(entries.length + 1)));
  const before = entries[index];
  if (before !== undefined) edits.push(linesBefore(text, before, [indentOf(before) + entry]));
  else edits.push(addToBlock(text, list, [entry], entries[entries.length - 1]));
  return edits;
}

/** Edits that remove entry `index` of such a list. */
function listRemoveEdits(list: MdlStatement, index: number): MdlEdit[] {
  const entries = listEntries(list);
  const entry = entries[index];
  if (entry === undefined) return [];
  const edits = [removeStatement(entry)];
  const count = countToken(list);
  if (count >= 0) edits.push(replaceToken(list, count, String(entries.length - 1)));
  return edits;
}

function vectorText(values: readonly number[]): string {
  return `{ ${values.map((value) => String(value)).join(', ')} },`;
}

/** The text's PivotPoints block and its BindPose's Matrices block (null when it has none). */
function lists(text: MdlText): { pivots: MdlStatement | null; matrices: MdlStatement | null } {
  const pivots = findStatement(text, (statement) => statement.is('PivotPoints')) ?? null;
  const bindPose = findStatement(text, (statement) => statement.is('BindPose'));
  return { pivots, matrices: bindPose?.child('Matrices') ?? null };
}

/**
 * Edits that keep the Model block's count of `keyword` blocks (`NumEvents`, `NumBones`, …) at
 * `count`, in files that write `Num…` counts: updated in place, added after the last count, removed
 * at zero (the tools leave zero counts out).
 */
function modelCountEdits(text: MdlText, keyword: string, count: number): MdlEdit[] {
  const info = mdlModelBlock(text)?.statement;
  const tag = kindOfKeyword(keyword)?.tag;
  const key = tag === undefined ? undefined : countKeyOf(tag);
  if (info === undefined || key === undefined) return [];
  const statement = info.child(key);
  if (statement !== undefined) {
    if (count === 0) return [removeStatement(statement)];
    const token = valueToken(statement);
    return token < 0 ? [] : [replaceToken(statement, token, String(count))];
  }
  const counts = info.children.filter((child) => child.keyword.startsWith('Num') && !child.hasBlock);
  if (count === 0 || counts.length === 0) return [];
  return [addToBlock(text, info, [`${key} ${count},`], counts[counts.length - 1])];
}

/** Edit that adds a top-level block (`lines`, unindented) where the canonical block order puts it. */
function topLevelInsert(text: MdlText, keyword: string, lines: readonly string[], anchor?: MdlStatement): MdlEdit {
  const statements = text.statements;
  const rank = blockRank(keyword);
  let after = anchor;
  if (after === undefined) {
    for (const statement of statements) {
      const statementRank = blockRank(statement.keyword);
      if (statementRank >= 0 && statementRank <= rank) after = statement;
    }
  }
  if (after !== undefined) return linesAfter(text, after, lines);
  const before = statements.find((statement) => blockRank(statement.keyword) > rank);
  if (before !== undefined) return linesBefore(text, before, lines);
  const last = statements[statements.length - 1];
  if (last !== undefined) return linesAfter(text, last, lines);
  // A text with no statement is one block: the new lines go at its end.
  const block = text.blocks[text.blocks.length - 1]!;
  const bytes = block.source.bytes;
  const newline = text.style.newline;
  const lastByte = bytes[block.end - 1];
  const tail = block.end > block.start && lastByte !== 0x0a && lastByte !== 0x0d ? newline : '';
  return { block, start: block.end, end: block.end, text: tail + lines.join(newline) + newline };
}

/** The edits that insert an EventObject (see the module comment); its objectId is `newEventObjectId(text)`. */
export function insertEventObjectEdits(text: MdlText, spec: NewEventObject): MdlEdit[] {
  assertQuotable(spec.name, 'event object name');
  const value: EventTrackValue = { frames: spec.frames, globalSequenceId: spec.globalSequenceId ?? null };
  assertEventTrackValue(value);
  const pivot = spec.pivot ?? [0, 0, 0];
  const oldParentId = spec.parentId ?? -1;
  const parent = oldParentId === -1 ? undefined : nodeById(text, oldParentId);
  if (oldParentId !== -1 && parent === undefined) throw new RangeError(`no node has ObjectId ${oldParentId}`);

  const objectId = newEventObjectId(text);
  const shift = (id: number) => (id >= objectId ? id + 1 : id);
  const edits = renumberEdits(text, null, shift);
  for (const node of mdlNodes(text)) {
    if (node.value.node.parentId >= objectId)
      edits.push(...parentEdits(text, node, node.value.node.parentId + 1, null));
  }

  const { pivots, matrices } = lists(text);
  const unit = text.style.indent;
  if (pivots !== null) edits.push(...listInsertEdits(text, pivots, objectId, vectorText(pivot)));
  else if (mdlNodes(text).length === 0)
    edits.push(topLevelInsert(text, 'PivotPoints', ['PivotPoints 1 {', unit + vectorText(pivot), '}']));
  if (matrices !== null)
    edits.push(...listInsertEdits(text, matrices, objectId, vectorText([1, 0, 0, 0, 1, 0, 0, 0, 1, ...pivot])));
  const events = mdlEventObjects(text);
  edits.push(...modelCountEdits(text, 'EventObject', events.length + 1));

  const lines = [`EventObject "${spec.name}" {`, `${unit}ObjectId ${objectId},`];
  if (parent !== undefined) lines.push(unit + parentLine(text, shift(oldParentId), parent.value.node.name));
  lines.push(unit + renderEventTrack(value, unit, unit, text.style.newline, false), '}');
  edits.push(topLevelInsert(text, 'EventObject', lines, events[events.length - 1]?.statement));
  return edits;
}

/** The text with an EventObject inserted (see the module comment); its objectId is `newEventObjectId(text)`. */
export function insertEventObject(text: MdlText, spec: NewEventObject): MdlText {
  return applySpanEdits(text, insertEventObjectEdits(text, spec));
}

/** The edits that remove `node` (see the module comment). */
export function removeNodeEdits(text: MdlText, node: MdlPartAt<MdlNodeAt['value']>): MdlEdit[] {
  assertOwnNode(text, node);
  const edits = [removeStatement(node.statement)];
  const removedId = statedObjectId(node);
  const nodes = mdlNodes(text);
  if (removedId !== null) {
    const shift = (id: number) => (id > removedId ? id - 1 : id);
    edits.push(...renumberEdits(text, node, shift));
    const parentId = node.value.node.parentId;
    const heir = parentId === -1 ? -1 : shift(parentId);
    const heirName = parentId === -1 ? null : (nodeById(text, parentId)?.value.node.name ?? null);
    for (const other of nodes) {
      if (other.statement === node.statement) continue;
      const otherParent = other.value.node.parentId;
      if (otherParent === removedId) edits.push(...parentEdits(text, other, heir, heirName));
      else if (otherParent > removedId) edits.push(...parentEdits(text, other, otherParent - 1, null));
    }
    const { pivots, matrices } = lists(text);
    if (pivots !== null) edits.push(...listRemoveEdits(pivots, removedId));
    if (matrices !== null) edits.push(...listRemoveEdits(matrices, removedId));
  }
  const keyword = node.statement.keyword;
  const sameKind = nodes.filter((other) => other.statement.keyword === keyword).length;
  edits.push(...modelCountEdits(text, keyword, sameKind - 1));
  return edits;
}

/** The text with `node` removed (see the module comment). */
export function removeNode(text: MdlText, node: MdlPartAt<MdlNodeAt['value']>): MdlText {
  return applySpanEdits(text, removeNodeEdits(text, node));
}
