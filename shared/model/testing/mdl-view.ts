/**
 * A text with the parts the model reads from it laid out as plain fields — each event object's keys and the
 * statements that hold them, each node's ids, the pivot and bind-pose lists, the Model block's counts — for tests
 * that check what an edit did to a text. The event objects and nodes are the text's parts (`statement`, `value`),
 * so the model's edits take them as they are.
 */
import type { MdlStatement } from '../../mdl/tree';
import type { MdlText } from '../../mdl/types';
import { declaredCount } from '../../mdl/values';
import { mdlTypedModel } from '../mdl-model';
import { mdlEventObjects, mdlJoined, mdlModelBlock, mdlNodes, mdlStyleOf, mdlVersionOf } from '../mdl-parts';
import { eventTrackOf, outerGlobalSequenceOf } from '../mdl/edit-events';
import { listEntries } from '../mdl/edit-support';

/** A node block, as a plain view (and still the part the edits take). */
function nodeView<Part extends ReturnType<typeof mdlNodes>[number]>(part: Part) {
  const { node } = part.value;
  const objectIdStatement = part.statement.child('ObjectId') ?? null;
  return {
    ...part,
    keyword: part.statement.keyword,
    name: node.name,
    objectId: objectIdStatement === null ? null : node.objectId,
    parentId: node.parentId,
    objectIdStatement,
    parentStatement: part.statement.child('Parent') ?? null,
  };
}

/** A list block (`PivotPoints N { … }`, a BindPose's `Matrices N { … }`): its count and entries. */
function listView(list: MdlStatement | null | undefined) {
  return list ? { declaredCount: declaredCount(list), entries: listEntries(list) } : null;
}

/** `text` with what the model reads from it as fields (the diagnostics, which read every block, only when `whole`). */
export function viewed(text: MdlText, whole = true) {
  const pivots = mdlJoined(text, 'PIVT');
  const pivotList = text.statements.find((statement) => statement.is('PivotPoints'));
  const bindPose = text.statements.find((statement) => statement.is('BindPose'));
  const model = mdlModelBlock(text);
  const fields = {
    version: mdlVersionOf(text).hasVersion ? mdlVersionOf(text).version : null,
    info: model === null ? null : { ...model.value.info, statement: model.statement, counts: countsOf(model.value) },
    nodes: mdlNodes(text).map(nodeView),
    eventObjects: mdlEventObjects(text).map((part) => {
      const keys = part.value.keys;
      const track = eventTrackOf(part.statement);
      return {
        ...nodeView({ ...part, kind: 'eventObject' as const }),
        frames: keys === null ? [] : Array.from(keys.frames),
        globalSequenceId: keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
        hasKeyBlock: keys !== null,
        declaredFrameCount: track === null ? null : declaredCount(track),
        eventTrack: track,
        innerGlobalSequence: track?.child('GlobalSeqId') ?? null,
        outerGlobalSequence: outerGlobalSequenceOf(part.statement),
      };
    }),
    pivotPoints:
      pivotList === undefined
        ? null
        : {
            ...listView(pivotList)!,
            points: Array.from({ length: (pivots?.length ?? 0) / 3 }, (_, index) =>
              Array.from(pivots!.subarray(index * 3, index * 3 + 3)),
            ),
          },
    bindPose: listView(bindPose?.child('Matrices')),
    diagnostics: whole ? mdlTypedModel(text).diagnostics : [],
    modelStyle: mdlStyleOf(text),
  };
  return Object.assign(Object.create(text) as MdlText, fields);
}

/** The Model block's `Num…` counts by key. */
function countsOf(model: NonNullable<ReturnType<typeof mdlModelBlock>>['value']): Record<string, number> {
  return Object.fromEntries(model.counts.map((count) => [count.key, count.declared]));
}

/** A viewed text. */
export type ViewedText = ReturnType<typeof viewed>;
