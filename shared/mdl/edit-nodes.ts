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
 * model's current numbering.
 *
 * Each edit comes in two forms: `…Edits` gives its span edits (to combine with others), the other
 * the new model, which shares every block the edit does not change.
 */
import { canonicalRank, MODEL_COUNT_KEYS } from './completeness';
import { assertEventTrackValue, renderEventTrack, type EventTrackValue } from './edit-events';
import { parentComment } from './layout';
import { BYTE_CR, BYTE_LF, BYTE_SPACE, BYTE_TAB } from './lexer';
import { NODE_KIND_ORDER } from './nodes';
import {
  addToBlock,
  applySpanEdits,
  assertOwnNode,
  assertQuotable,
  editAt,
  indentOf,
  linesAfter,
  linesBefore,
  nodeById,
  removeStatement,
  replaceToken,
  type MdlEdit,
} from './span-edits';
import type { MdlStatement } from './tree';
import type { MdlModel, MdlNode, Vector3 } from './types';
import { countToken, nameToken, valueToken } from './values';

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
export function newEventObjectId(model: MdlModel): number {
  const eventRank = NODE_KIND_ORDER.indexOf('eventObject');
  let last = -1;
  for (const node of model.nodes) {
    if (node.objectId !== null && NODE_KIND_ORDER.indexOf(node.kind) <= eventRank) last = Math.max(last, node.objectId);
  }
  return last + 1;
}

function parentLine(model: MdlModel, parentId: number, parentName: string | null): string {
  return model.style.parentComments && parentName !== null
    ? `Parent ${parentId},\t// "${parentName}"`
    : `Parent ${parentId},`;
}

/**
 * Edits that make `node`'s Parent `parentId`. `parentName` is the new parent's name when the
 * parent is a different node (its `// "Name"` comment follows), null when only its id changes.
 */
function parentEdits(model: MdlModel, node: MdlNode, parentId: number, parentName: string | null): MdlEdit[] {
  const statement = node.parentStatement;
  if (parentId === -1) return statement === null ? [] : [removeStatement(statement)];
  if (statement !== null) {
    const token = valueToken(statement);
    if (token < 0) return [editAt(statement, statement.start, statement.end, parentLine(model, parentId, null))];
    const edits = [replaceToken(statement, token, String(parentId))];
    const comment = parentName === null ? null : parentComment(statement.level.source.bytes, statement.end);
    if (comment !== null) edits.push(editAt(statement, comment.nameStart, comment.nameEnd, parentName!));
    return edits;
  }
  const block = node.statement;
  const first = block.children[0];
  const add = (line: string): MdlEdit => {
    if (node.objectIdStatement !== null) return addToBlock(model, block, [line], node.objectIdStatement);
    if (first !== undefined) return linesBefore(model, first, [indentOf(first) + line]);
    return addToBlock(model, block, [line]);
  };
  const [commented, plain] = [parentLine(model, parentId, parentName), parentLine(model, parentId, null)];
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
export function nodeParentEdits(model: MdlModel, node: MdlNode, parentId: number): MdlEdit[] {
  assertOwnNode(model, node);
  if (!Number.isSafeInteger(parentId) || parentId < -1)
    throw new RangeError(`parent id ${parentId} is not -1 or an objectId`);
  if (parentId !== -1 && parentId === node.objectId)
    throw new RangeError(`${node.keyword} "${node.name}" cannot be its own parent`);
  const parent = parentId === -1 ? undefined : nodeById(model, parentId);
  if (parentId !== -1 && parent === undefined) throw new RangeError(`no node has ObjectId ${parentId}`);
  if (parentId === node.parentId) return [];
  return parentEdits(model, node, parentId, parent?.name ?? null);
}

/** The model with `node`'s Parent set (-1 removes it); throws RangeError for an unknown parent. */
export function setNodeParent(model: MdlModel, node: MdlNode, parentId: number): MdlModel {
  return applySpanEdits(model, nodeParentEdits(model, node, parentId));
}

/** The edits that rename `node` (its children's `// "Name"` comments follow). */
export function renameEdits(model: MdlModel, node: MdlNode, name: string): MdlEdit[] {
  assertOwnNode(model, node);
  assertQuotable(name, 'name');
  const statement = node.statement;
  const token = nameToken(statement);
  const afterKeyword = statement.level.ends[statement.first]!;
  const edits: MdlEdit[] = [
    token >= 0
      ? replaceToken(statement, token, `"${name}"`)
      : editAt(statement, afterKeyword, afterKeyword, ` "${name}"`),
  ];
  if (node.objectId !== null) {
    for (const child of model.nodes) {
      const parent = child.parentStatement;
      if (child === node || child.parentId !== node.objectId || parent === null) continue;
      const comment = parentComment(parent.level.source.bytes, parent.end);
      if (comment !== null && comment.name === node.name)
        edits.push(editAt(parent, comment.nameStart, comment.nameEnd, name));
    }
  }
  return edits;
}

/** The model with `node` renamed (its children's `// "Name"` comments follow). */
export function renameNode(model: MdlModel, node: MdlNode, name: string): MdlModel {
  return applySpanEdits(model, renameEdits(model, node, name));
}

/** Edits that renumber ObjectIds and Parents: `mapId` gives each old objectId its new one. */
function renumberEdits(model: MdlModel, skip: MdlNode | null, mapId: (objectId: number) => number): MdlEdit[] {
  const edits: MdlEdit[] = [];
  for (const node of model.nodes) {
    if (node === skip) continue;
    if (node.objectId !== null && node.objectIdStatement !== null) {
      const id = mapId(node.objectId);
      const token = valueToken(node.objectIdStatement);
      if (id !== node.objectId && token >= 0) edits.push(replaceToken(node.objectIdStatement, token, String(id)));
    }
  }
  return edits;
}

/** Edits that add an entry at `index` of a `Name N { { … }, … }` list (PivotPoints, BindPose Matrices). */
function listInsertEdits(
  model: MdlModel,
  list: MdlStatement,
  entries: readonly MdlStatement[],
  index: number,
  entry: string,
): MdlEdit[] {
  const edits: MdlEdit[] = [];
  const count = countToken(list);
  if (count >= 0) edits.push(replaceToken(list, count, String(entries.length + 1)));
  const before = entries[index];
  if (before !== undefined) edits.push(linesBefore(model, before, [indentOf(before) + entry]));
  else edits.push(addToBlock(model, list, [entry], entries[entries.length - 1]));
  return edits;
}

/** Edits that remove entry `index` of such a list. */
function listRemoveEdits(list: MdlStatement, entries: readonly MdlStatement[], index: number): MdlEdit[] {
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

/** The Model block's count key for node blocks of `keyword` (`Bone` → `NumBones`), or undefined. */
function countKeyOf(keyword: string): string | undefined {
  for (const [key, counted] of MODEL_COUNT_KEYS) if (counted === keyword) return key;
  return undefined;
}

/**
 * Edits that keep the Model block's count of `keyword` blocks (`NumEvents`, `NumBones`, …) at
 * `count`, in files that write `Num…` counts: updated in place, added after the last count, removed
 * at zero (the tools leave zero counts out).
 */
function modelCountEdits(model: MdlModel, keyword: string, count: number): MdlEdit[] {
  const info = model.info;
  const key = countKeyOf(keyword);
  if (info === null || key === undefined) return [];
  const statement = info.statement.child(key);
  if (statement !== undefined) {
    if (count === 0) return [removeStatement(statement)];
    const token = valueToken(statement);
    return token < 0 ? [] : [replaceToken(statement, token, String(count))];
  }
  const counts = info.statement.children.filter((child) => child.keyword.startsWith('Num') && !child.hasBlock);
  if (count === 0 || counts.length === 0) return [];
  return [addToBlock(model, info.statement, [`${key} ${count},`], counts[counts.length - 1])];
}

/** Edit that adds a top-level block (`lines`, unindented) where the canonical block order puts it. */
function topLevelInsert(model: MdlModel, keyword: string, lines: readonly string[], anchor?: MdlStatement): MdlEdit {
  const statements = model.tree.statements;
  const rank = canonicalRank(keyword);
  let after = anchor;
  if (after === undefined) {
    for (const statement of statements) {
      const statementRank = canonicalRank(statement.keyword);
      if (statementRank >= 0 && statementRank <= rank) after = statement;
    }
  }
  if (after !== undefined) return linesAfter(model, after, lines);
  const before = statements.find((statement) => canonicalRank(statement.keyword) > rank);
  if (before !== undefined) return linesBefore(model, before, lines);
  const last = statements[statements.length - 1];
  if (last !== undefined) return linesAfter(model, last, lines);
  // A text with no statement is one block: the new lines go at its end.
  const block = model.blocks[model.blocks.length - 1]!;
  const bytes = block.source.bytes;
  const newline = model.style.newline;
  const lastByte = bytes[block.end - 1];
  const tail = block.end > block.start && lastByte !== 0x0a && lastByte !== 0x0d ? newline : '';
  return { block, start: block.end, end: block.end, text: tail + lines.join(newline) + newline };
}

/** The edits that insert an EventObject (see the module comment); its objectId is `newEventObjectId(model)`. */
export function insertEventObjectEdits(model: MdlModel, spec: NewEventObject): MdlEdit[] {
  assertQuotable(spec.name, 'event object name');
  const value: EventTrackValue = { frames: spec.frames, globalSequenceId: spec.globalSequenceId ?? null };
  assertEventTrackValue(value);
  const pivot = spec.pivot ?? [0, 0, 0];
  const oldParentId = spec.parentId ?? -1;
  const parent = oldParentId === -1 ? undefined : nodeById(model, oldParentId);
  if (oldParentId !== -1 && parent === undefined) throw new RangeError(`no node has ObjectId ${oldParentId}`);

  const objectId = newEventObjectId(model);
  const shift = (id: number) => (id >= objectId ? id + 1 : id);
  const edits = renumberEdits(model, null, shift);
  for (const node of model.nodes) {
    if (node.parentId >= objectId) edits.push(...parentEdits(model, node, node.parentId + 1, null));
  }

  const pivots = model.pivotPoints;
  const unit = model.style.indent;
  if (pivots !== null)
    edits.push(...listInsertEdits(model, pivots.statement, pivots.entries, objectId, vectorText(pivot)));
  else if (model.nodes.length === 0)
    edits.push(topLevelInsert(model, 'PivotPoints', ['PivotPoints 1 {', unit + vectorText(pivot), '}']));
  const matrices = model.bindPose?.matrices ?? null;
  if (matrices !== null) {
    edits.push(
      ...listInsertEdits(
        model,
        matrices,
        model.bindPose!.entries,
        objectId,
        vectorText([1, 0, 0, 0, 1, 0, 0, 0, 1, ...pivot]),
      ),
    );
  }
  edits.push(...modelCountEdits(model, 'EventObject', model.eventObjects.length + 1));

  const lines = [`EventObject "${spec.name}" {`, `${unit}ObjectId ${objectId},`];
  if (parent !== undefined) lines.push(unit + parentLine(model, shift(oldParentId), parent.name));
  lines.push(unit + renderEventTrack(value, unit, unit, model.style.newline, false), '}');
  const lastEvent = model.eventObjects[model.eventObjects.length - 1];
  edits.push(topLevelInsert(model, 'EventObject', lines, lastEvent?.statement));
  return edits;
}

/** The model with an EventObject inserted (see the module comment); its objectId is `newEventObjectId(model)`. */
export function insertEventObject(model: MdlModel, spec: NewEventObject): MdlModel {
  return applySpanEdits(model, insertEventObjectEdits(model, spec));
}

/** The edits that remove `node` (see the module comment). */
export function removeNodeEdits(model: MdlModel, node: MdlNode): MdlEdit[] {
  assertOwnNode(model, node);
  const edits = [removeStatement(node.statement)];
  const removedId = node.objectId;
  if (removedId !== null) {
    const shift = (id: number) => (id > removedId ? id - 1 : id);
    edits.push(...renumberEdits(model, node, shift));
    const heir = node.parentId === -1 ? -1 : shift(node.parentId);
    const heirName = node.parentId === -1 ? null : (nodeById(model, node.parentId)?.name ?? null);
    for (const other of model.nodes) {
      if (other === node) continue;
      if (other.parentId === removedId) edits.push(...parentEdits(model, other, heir, heirName));
      else if (other.parentId > removedId) edits.push(...parentEdits(model, other, other.parentId - 1, null));
    }
    const pivots = model.pivotPoints;
    if (pivots !== null) edits.push(...listRemoveEdits(pivots.statement, pivots.entries, removedId));
    const matrices = model.bindPose?.matrices ?? null;
    if (matrices !== null) edits.push(...listRemoveEdits(matrices, model.bindPose!.entries, removedId));
  }
  const sameKind = model.nodes.filter((other) => other.keyword === node.keyword).length;
  edits.push(...modelCountEdits(model, node.keyword, sameKind - 1));
  return edits;
}

/** The model with `node` removed (see the module comment). */
export function removeNode(model: MdlModel, node: MdlNode): MdlModel {
  return applySpanEdits(model, removeNodeEdits(model, node));
}
