/**
 * The edit steps of the events module over an MDL text, through the model's MDL edits (shared/model/mdl/edit-*.ts):
 * each step makes a new text from the blocks it changes (read again on their own) and the blocks it shares; nothing
 * is read again whole.
 */
import { applySpanEdits } from '../mdl/span-edits';
import type { MdlText } from '../mdl/types';
import type { EventObject } from '../model/kinds/event-object';
import { eventTrackEdits } from '../model/mdl/edit-events';
import { insertEventObject, removeNode, renameNode, setNodeParent } from '../model/mdl/edit-nodes';
import { PIVOT_FLOATS } from '../model/kinds/pivot';
import { mdlEventObjects, mdlJoined, type MdlPartAt } from '../model/mdl-parts';
import type { ModelDocument } from './document';
import type { InsertStep, KeyChange, ModelEditor, Point } from './editor';
import { mdlDocument } from './read';

/** Edits an MDL text step by step; `finish` gives the document of the edited text. */
export class MdlEditor implements ModelEditor {
  constructor(private text: MdlText) {}

  private event(index: number): MdlPartAt<EventObject> {
    return mdlEventObjects(this.text)[index]!;
  }

  setKeys(changes: readonly KeyChange[]): void {
    const edits = changes.flatMap(({ index, frames, globalSequenceId }) =>
      eventTrackEdits(this.text, this.event(index), { frames, globalSequenceId }),
    );
    this.text = applySpanEdits(this.text, edits);
  }

  setParent(index: number, parentId: number): void {
    this.text = setNodeParent(this.text, this.event(index), parentId);
  }

  rename(index: number, name: string): void {
    this.text = renameNode(this.text, this.event(index), name);
  }

  insert(step: InsertStep): void {
    this.text = insertEventObject(this.text, {
      name: step.name,
      frames: step.frames,
      globalSequenceId: step.globalSequenceId,
      parentId: step.parentId,
      pivot: step.pivot,
    });
  }

  remove(index: number): void {
    this.text = removeNode(this.text, this.event(index));
  }

  pivotOf(objectId: number): Point | null {
    const points = mdlJoined(this.text, 'PIVT');
    const at = objectId * PIVOT_FLOATS;
    if (points === undefined || objectId < 0 || at + PIVOT_FLOATS > points.length) return null;
    return [points[at]!, points[at + 1]!, points[at + 2]!];
  }

  finish(): ModelDocument {
    return mdlDocument(this.text);
  }
}
