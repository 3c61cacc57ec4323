/**
 * The steps every model edit is made of, implemented once per format (mdx-edits.ts, mdl-edits.ts).
 * Indices address event objects as they are when the step runs; parent ids use the numbering
 * before the step. Steps get checked arguments (apply.ts checks them against the document).
 */
import type { ModelDocument } from './document';

/** A point in model space. */
export type Point = readonly [number, number, number];

/** New keys of one event object. */
export interface KeyChange {
  index: number;
  /** Sorted (or as given for an object whose frames are not touched). */
  frames: readonly number[];
  globalSequenceId: number | null;
}

/** An event object to append after the last one. */
export interface InsertStep {
  name: string;
  frames: readonly number[];
  globalSequenceId: number | null;
  /** Parent objectId before the insert, -1 for none. */
  parentId: number;
  pivot: Point;
}

/** One format's implementation of the edit steps, over a working copy of the model. */
export interface ModelEditor {
  setKeys(changes: readonly KeyChange[]): void;
  setParent(index: number, parentId: number): void;
  rename(index: number, name: string): void;
  insert(step: InsertStep): void;
  remove(index: number): void;
  /** The pivot of the node with this objectId, or null when the model has none for it. */
  pivotOf(objectId: number): Point | null;
  /** The document of the edited model, as `readModel` would read its bytes. */
  finish(): ModelDocument;
}
