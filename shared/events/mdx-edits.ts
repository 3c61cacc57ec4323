/**
 * The edit steps of the events module over an MDX model, through shared/mdx's edit API: keys,
 * parents and names by replacing event objects (unchanged objects keep their bytes); inserts and
 * removals keep objectIds dense with every reference (parents, PIVT, BPOS, MATS) renumbered.
 */
import {
  findChunk,
  insertEventObject,
  PIVOT_FLOATS,
  readEvents,
  readPivots,
  removeEventObject,
  replaceEventObjects,
  type MdxEventObject,
  type MdxModel,
} from '../mdx/index';
import type { ModelDocument } from './document';
import type { InsertStep, KeyChange, ModelEditor, Point } from './editor';
import { mdxDocumentOf } from './read';

/** Edits an MDX model step by step; `finish` makes the document of the edited chunk list (nothing is written). */
export class MdxEditor implements ModelEditor {
  /** `document` is the document the edit starts from; `model` its MDX model. */
  constructor(
    private model: MdxModel,
    private readonly document: ModelDocument,
  ) {}

  private replace(change: (objects: MdxEventObject[]) => void): void {
    const objects = [...readEvents(this.model).objects];
    change(objects);
    this.model = replaceEventObjects(this.model, objects);
  }

  setKeys(changes: readonly KeyChange[]): void {
    this.replace((objects) => {
      for (const { index, frames, globalSequenceId } of changes) {
        objects[index] = { ...objects[index]!, keys: { globalSequenceId: globalSequenceId ?? -1, frames } };
      }
    });
  }

  setParent(index: number, parentId: number): void {
    this.replace((objects) => {
      objects[index] = { ...objects[index]!, parentId };
    });
  }

  rename(index: number, name: string): void {
    this.replace((objects) => {
      objects[index] = { ...objects[index]!, name };
    });
  }

  insert(step: InsertStep): void {
    const count = readEvents(this.model).objects.length;
    const keys = { globalSequenceId: step.globalSequenceId ?? -1, frames: step.frames };
    this.model = insertEventObject(this.model, count, { name: step.name, parentId: step.parentId, keys }, step.pivot);
  }

  remove(index: number): void {
    this.model = removeEventObject(this.model, index);
  }

  pivotOf(objectId: number): Point | null {
    const chunk = findChunk(this.model, 'PIVT');
    if (!chunk || objectId < 0) return null;
    try {
      const points = readPivots(chunk.body);
      const at = objectId * PIVOT_FLOATS;
      return at + PIVOT_FLOATS <= points.length ? [points[at]!, points[at + 1]!, points[at + 2]!] : null;
    } catch {
      return null;
    }
  }

  finish(): ModelDocument {
    return mdxDocumentOf(this.model, this.document);
  }
}
