/**
 * The oracle of the block edits: the old way of editing MDL, where span edits are placed in the whole text, the
 * text is spliced and the result is read again from scratch — and a plain view of a model, to compare the models
 * the two ways make.
 */
import { mdlOffsetOf, readMdl, writeMdl } from '../model';
import { spliceBytes, type MdlEdit } from '../span-edits';
import type { MdlStatement } from '../tree';
import type { MdlModel } from '../types';

/** `edits` applied the old way: placed in the whole text, spliced, and the whole text read again. */
export function applyWholeText(model: MdlModel, edits: readonly MdlEdit[]): MdlModel {
  const placed = edits.map(({ block, start, end, text }) => {
    const shift = model.blockOffsets[model.blocks.indexOf(block)]! - block.start;
    return { start: start + shift, end: end + shift, text };
  });
  return readMdl(spliceBytes(writeMdl(model), placed));
}

/** Drops the `statement` of a parsed part, keeping the rest. */
function withoutStatement<T extends { statement: MdlStatement }>(value: T): Omit<T, 'statement'> {
  const { statement: _statement, ...rest } = value;
  return rest;
}

/**
 * Everything a model says, as plain data with offsets in the whole text: the text, how it is split into blocks,
 * each parsed part, the style and the diagnostics. Two models with equal views are the same model.
 */
export function modelView(model: MdlModel) {
  const at = (statement: MdlStatement | null) => (statement === null ? null : mdlOffsetOf(model, statement));
  return {
    text: model.text,
    byteLength: model.byteLength,
    blocks: model.blocks.map((block, index) => ({
      offset: model.blockOffsets[index],
      length: block.end - block.start,
      keywords: block.parts.map((part) => part.keyword),
    })),
    version: model.version,
    versionAt: at(model.versionStatement),
    info: model.info === null ? null : { ...withoutStatement(model.info), at: at(model.info.statement) },
    sequences: model.sequences.map((sequence) => ({ ...withoutStatement(sequence), at: at(sequence.statement) })),
    sequencesAt: at(model.sequencesStatement),
    globalSequences: model.globalSequences,
    textures: model.textures.map(withoutStatement),
    pivotPoints:
      model.pivotPoints === null
        ? null
        : {
            declaredCount: model.pivotPoints.declaredCount,
            points: model.pivotPoints.points,
            entries: model.pivotPoints.entries.map(at),
          },
    bindPose:
      model.bindPose === null
        ? null
        : { declaredCount: model.bindPose.declaredCount, entries: model.bindPose.entries.map(at) },
    nodes: model.nodes.map((node) => ({
      kind: node.kind,
      keyword: node.keyword,
      name: node.name,
      objectId: node.objectId,
      parentId: node.parentId,
      at: at(node.statement),
      objectIdAt: at(node.objectIdStatement),
      parentAt: at(node.parentStatement),
    })),
    eventObjects: model.eventObjects.map((event) => ({
      name: event.name,
      frames: event.frames,
      globalSequenceId: event.globalSequenceId,
      hasKeyBlock: event.hasKeyBlock,
      declaredFrameCount: event.declaredFrameCount,
      tracks: event.tracks.map((track) => ({ ...withoutStatement(track), at: at(track.statement) })),
      eventTrackAt: at(event.eventTrack),
      innerGlobalSequenceAt: at(event.innerGlobalSequence),
      outerGlobalSequenceAt: at(event.outerGlobalSequence),
    })),
    cameraCount: model.cameraCount,
    style: model.style,
    diagnostics: model.diagnostics,
  };
}
