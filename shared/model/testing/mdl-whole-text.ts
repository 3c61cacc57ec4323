/**
 * The oracle of the block edits: the old way of editing MDL, where span edits are placed in the whole text, the
 * text is spliced and the result is read again from scratch — and a plain view of a text as the model reads it, to
 * compare the texts the two ways make.
 */
import { mdlOffsetOf, readMdlText, writeMdl } from '../../mdl/mdl-text';
import { spliceBytes, type MdlEdit } from '../../mdl/span-edits';
import type { MdlStatement } from '../../mdl/tree';
import type { MdlText } from '../../mdl/types';
import { mdlTypedModel } from '../mdl-model';
import { mdlEventObjects, mdlNodes, mdlStyleOf } from '../mdl-parts';
import { eventTrackOf, outerGlobalSequenceOf } from '../mdl/edit-events';

/** `edits` applied the old way: placed in the whole text, spliced, and the whole text read again. */
export function applyWholeText(text: MdlText, edits: readonly MdlEdit[]): MdlText {
  const placed = edits.map(({ block, start, end, text: inserted }) => {
    const shift = text.blockOffsets[text.blocks.indexOf(block)]! - block.start;
    return { start: start + shift, end: end + shift, text: inserted };
  });
  return readMdlText(spliceBytes(writeMdl(text), placed));
}

/**
 * Everything a text says, as plain data with offsets in the whole text: the text, how it is split into blocks, the
 * typed model the kinds read from it, its nodes and event objects with where their statements are, the style and
 * the diagnostics. Two texts with equal views are the same model. With `whole: false`, only what the blocks holding
 * nodes say (the typed model and diagnostics need every block read: a corpus test compares them once, at the end).
 */
export function modelView(text: MdlText, whole = true) {
  const at = (statement: MdlStatement | null | undefined) =>
    statement === null || statement === undefined ? null : mdlOffsetOf(text, statement);
  const { model, diagnostics } = whole ? mdlTypedModel(text) : { model: null, diagnostics: null };
  return {
    text: text.text,
    byteLength: text.byteLength,
    blocks: text.blocks.map((block, index) => ({
      offset: text.blockOffsets[index],
      length: block.end - block.start,
      keywords: block.statements.map((statement) => statement.keyword),
    })),
    model: model === null ? null : { version: model.version, chunks: model.chunks },
    nodes: mdlNodes(text).map(({ kind, statement, value: { node } }) => ({
      kind,
      keyword: statement.keyword,
      name: node.name,
      objectId: node.objectId,
      parentId: node.parentId,
      at: at(statement),
      objectIdAt: at(statement.child('ObjectId')),
      parentAt: at(statement.child('Parent')),
    })),
    eventObjects: mdlEventObjects(text).map(({ statement, value }) => ({
      name: value.node.name,
      keys: value.keys,
      eventTrackAt: at(eventTrackOf(statement)),
      outerGlobalSequenceAt: at(outerGlobalSequenceOf(statement)),
    })),
    style: mdlStyleOf(text),
    diagnostics,
  };
}
