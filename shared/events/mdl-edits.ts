/**
 * The edit steps of the events module over an MDL model, through shared/mdl's span edits: each step makes a new
 * model from the blocks it changes (read again on their own) and the blocks it shares; nothing is re-read whole.
 */
import {
  applySpanEdits,
  eventTrackEdits,
  insertEventObject,
  removeNode,
  renameNode,
  setNodeParent,
  type MdlEventObject,
  type MdlModel,
} from '../mdl/index';
import type { ModelDocument } from './document';
import type { InsertStep, KeyChange, ModelEditor, Point } from './editor';
import { mdlDocument } from './read';

/** Edits an MDL model step by step; `finish` gives the document of the edited model. */
export class MdlEditor implements ModelEditor {
  constructor(private model: MdlModel) {}

  private event(index: number): MdlEventObject {
    return this.model.eventObjects[index]!;
  }

  setKeys(changes: readonly KeyChange[]): void {
    const edits = changes.flatMap(({ index, frames, globalSequenceId }) =>
      eventTrackEdits(this.model, this.event(index), { frames, globalSequenceId }),
    );
    this.model = applySpanEdits(this.model, edits);
  }

  setParent(index: number, parentId: number): void {
    this.model = setNodeParent(this.model, this.event(index), parentId);
  }

  rename(index: number, name: string): void {
    this.model = renameNode(this.model, this.event(index), name);
  }

  insert(step: InsertStep): void {
    this.model = insertEventObject(this.model, {
      name: step.name,
      frames: step.frames,
      globalSequenceId: step.globalSequenceId,
      parentId: step.parentId,
      pivot: step.pivot,
    });
  }

  remove(index: number): void {
    this.model = removeNode(this.model, this.event(index));
  }

  pivotOf(objectId: number): Point | null {
    return this.model.pivotPoints?.points[objectId] ?? null;
  }

  finish(): ModelDocument {
    return mdlDocument(this.model);
  }
}
