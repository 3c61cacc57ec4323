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

  /**
   * `edit` of event object `index`'s block in the text as it is. The children of its statement that the edit
   * tokenizes are let go after it (a kept version of the text holds only its top-level statements' tokens, as a
   * read text does).
   */
  private withEvent<Result>(index: number, edit: (event: MdlPartAt<EventObject>) => Result): Result {
    const event = mdlEventObjects(this.text)[index]!;
    const tokenized = event.statement.tokenized;
    try {
      return edit(event);
    } finally {
      if (!tokenized) event.statement.releaseChildren();
    }
  }

  setKeys(changes: readonly KeyChange[]): void {
    const edits = changes.flatMap(({ index, frames, globalSequenceId }) =>
      this.withEvent(index, (event) => eventTrackEdits(this.text, event, { frames, globalSequenceId })),
    );
    this.text = applySpanEdits(this.text, edits);
  }

  setParent(index: number, parentId: number): void {
    this.text = this.withEvent(index, (event) => setNodeParent(this.text, event, parentId));
  }

  rename(index: number, name: string): void {
    this.text = this.withEvent(index, (event) => renameNode(this.text, event, name));
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
    this.text = this.withEvent(index, (event) => removeNode(this.text, event));
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
