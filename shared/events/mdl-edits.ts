/**
 * The edit steps of the events module over an MDL model, through shared/mdl's span edits: each
 * step rewrites only the text it must and the model is read again for the next step.
 */
import {
  applySpanEdits,
  eventTrackEdits,
  insertEventObject,
  readMdl,
  removeNode,
  renameNode,
  setNodeParent,
  type MdlEventObject,
  type MdlModel,
} from '../mdl/index';
import type { ModelDocument } from './document';
import type { InsertStep, KeyChange, ModelEditor, Point } from './editor';
import { mdlDocument } from './read';

/** Edits an MDL model step by step; `finish` gives the document of the edited text. */
export class MdlEditor implements ModelEditor {
  constructor(private model: MdlModel) {}

  private event(index: number): MdlEventObject {
    return this.model.eventObjects[index]!;
  }

  private take(bytes: Uint8Array): void {
    if (bytes !== this.model.bytes) this.model = readMdl(bytes);
  }

  setKeys(changes: readonly KeyChange[]): void {
    const edits = changes.flatMap(({ index, frames, globalSequenceId }) =>
      eventTrackEdits(this.model, this.event(index), { frames, globalSequenceId }),
    );
    this.take(applySpanEdits(this.model.bytes, edits));
  }

  setParent(index: number, parentId: number): void {
    this.take(setNodeParent(this.model, this.event(index), parentId));
  }

  rename(index: number, name: string): void {
    this.take(renameNode(this.model, this.event(index), name));
  }

  insert(step: InsertStep): void {
    this.take(
      insertEventObject(this.model, {
        name: step.name,
        frames: step.frames,
        globalSequenceId: step.globalSequenceId,
        parentId: step.parentId,
        pivot: step.pivot,
      }),
    );
  }

  remove(index: number): void {
    this.take(removeNode(this.model, this.event(index)));
  }

  pivotOf(objectId: number): Point | null {
    return this.model.pivotPoints?.points[objectId] ?? null;
  }

  finish(): ModelDocument {
    return mdlDocument(this.model.bytes, this.model);
  }
}
