/**
 * Small helpers for declaring operators and the polls they share.
 */
import { type EditorState, currentDocument } from '../state/editor-store';
import type { Operator, OperatorContext, OperatorProperties } from './operator';

/** Declares an operator; `poll` defaults to always. */
export function defineOperator(
  id: string,
  label: string,
  description: string,
  execute: Operator['execute'],
  poll: (context: OperatorContext) => boolean = () => true,
): Operator {
  return { id, label, description, execute, poll };
}

/** An operator with default properties (what the search runs it with; bindings match with them filled in). */
export function withDefaults(operator: Operator, defaults: OperatorProperties): Operator {
  return { ...operator, defaults };
}

/** The state of the operator's store. */
export function stateOf(context: OperatorContext): EditorState {
  return context.store.getState();
}

/** A model is open (the document kind of state exists). */
export function hasModel(context: OperatorContext): boolean {
  return currentDocument(stateOf(context)) !== null;
}

/** Anything is open (a model or a standalone cape). */
export function hasFile(context: OperatorContext): boolean {
  return stateOf(context).file !== null;
}

/** Keys are selected in a model. */
export function hasSelectedKeys(context: OperatorContext): boolean {
  return hasModel(context) && stateOf(context).selection.keys.size > 0;
}

/** Nothing is being dragged (document edits would fight the drag). */
export function notDragging(context: OperatorContext): boolean {
  return stateOf(context).drag === null;
}
