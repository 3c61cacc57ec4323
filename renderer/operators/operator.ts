/**
 * Operators: every user action, with an id (Blender's naming: `action.select_all`), a label, a
 * poll that says whether it can run now, and execute. Menus, keys, buttons, the F3 search and the
 * host's menu commands all run operators through one registry; keys are bound separately in the
 * keymap table (shared/keymap).
 *
 * A modal operator (Blender's invoke/modal/cancel) has `invoke` instead: it starts from an event
 * and returns a handler that owns every key and pointer event until it finishes or cancels (the
 * grab: mouse moves update the preview, a click or Enter confirms, Esc or a right-click rolls back
 * to where it started). One modal runs at a time; the registry hands it the events first.
 */
import type { AreaKind, EditorStore } from '../state/editor-store';
import { notify } from '../state/dialog-actions';

/** Values an operator can be called with (from the keymap or a button). */
export type OperatorProperties = Readonly<Record<string, string | number | boolean>>;

/** What an operator sees when it runs. */
export interface OperatorContext {
  store: EditorStore;
  /** The area the action comes from (the hovered one for keys). */
  area: AreaKind;
  properties: OperatorProperties;
  /** Pointer position (client CSS px) when known, e.g. for G to start from the mouse. */
  pointer: { x: number; y: number } | null;
}

/** An input event as a modal operator sees it (client coordinates). */
export interface ModalEvent {
  type: 'keydown' | 'keyup' | 'pointerdown' | 'pointermove' | 'pointerup';
  /** The key or button chord (`esc`, `enter`, `leftmouse`, `ctrl+rightmouse`); null for moves and bare modifiers. */
  chord: string | null;
  x: number;
  y: number;
  /** The primary modifier (Ctrl, or Cmd on macOS) is held. */
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Where the press that began a drag was (Blender's press position), for an operator a drag invoked. */
  press?: { x: number; y: number };
}

/** What a modal handler did with an event: keep running, end, or let the event through to the keymap. */
export type ModalResult = 'running' | 'finished' | 'cancelled' | 'pass';

/** A running modal operator. */
export interface ModalHandler {
  modal(event: ModalEvent): ModalResult;
  /** Ends it now, rolling back what it did (another modal starts, the file closes). */
  cancel(): void;
}

/** One action. */
export interface Operator {
  id: string;
  label: string;
  /** One sentence shown in the status bar and the search. */
  description: string;
  /** The properties it runs with when none are given (the search runs it so); bindings match with these filled in. */
  defaults?: OperatorProperties;
  /** Whether the operator can run in this context (greys out buttons, hides it from search). */
  poll(context: OperatorContext): boolean;
  execute(context: OperatorContext): void | Promise<void>;
  /** Modal operators: starts from an event (null from a menu or the search) and returns the handler, or null. */
  invoke?(context: OperatorContext, event: ModalEvent | null): ModalHandler | null;
}

/** Operators by id, and the modal operator running, if any. */
export class OperatorRegistry {
  private readonly operators = new Map<string, Operator>();
  private running: { handler: ModalHandler; context: OperatorContext; label: string } | null = null;

  /** Adds operators; a duplicate id is a programming error. */
  register(...operators: Operator[]): this {
    for (const operator of operators) {
      if (this.operators.has(operator.id)) throw new Error(`operator ${operator.id} registered twice`);
      this.operators.set(operator.id, operator);
    }
    return this;
  }

  get(id: string): Operator | undefined {
    return this.operators.get(id);
  }

  /** Every operator, sorted by label. */
  list(): Operator[] {
    return [...this.operators.values()].sort((a, b) => a.label.localeCompare(b.label));
  }

  /** Whether an operator exists and its poll passes. */
  canRun(id: string, context: OperatorContext): boolean {
    const operator = this.operators.get(id);
    return operator !== undefined && safePoll(operator, withDefaults(operator, context));
  }

  /**
   * Runs an operator when its poll passes (a modal one is invoked and, when it starts, receives
   * the events from then on). Returns false when it does not exist or cannot run. Errors are
   * reported in the status bar, never thrown into event handlers.
   */
  run(id: string, context: OperatorContext, event: ModalEvent | null = null): boolean {
    const operator = this.operators.get(id);
    if (!operator) return false;
    const full = withDefaults(operator, context);
    if (!safePoll(operator, full)) return false;
    try {
      if (operator.invoke) {
        this.cancelModal();
        const handler = operator.invoke(full, event);
        if (handler) this.running = { handler, context: full, label: operator.label };
        return true;
      }
      const result = operator.execute(full);
      if (result instanceof Promise) result.catch((error: unknown) => report(full, operator.label, error));
    } catch (error) {
      report(full, operator.label, error);
    }
    return true;
  }

  /** Whether a modal operator owns the input now. */
  get modalRunning(): boolean {
    return this.running !== null;
  }

  /**
   * Hands an event to the running modal operator. Returns true when it took the event (the caller
   * stops it there), false when none runs or the modal let it pass.
   */
  dispatchModal(event: ModalEvent): boolean {
    const running = this.running;
    if (!running) return false;
    let result: ModalResult;
    try {
      result = running.handler.modal(event);
    } catch (error) {
      this.running = null;
      report(running.context, running.label, error);
      safeCancel(running.handler);
      return true;
    }
    if (result === 'finished' || result === 'cancelled') {
      if (this.running === running) this.running = null;
    }
    return result !== 'pass';
  }

  /** Cancels the running modal operator, if any. */
  cancelModal(): void {
    const running = this.running;
    this.running = null;
    if (running) safeCancel(running.handler);
  }
}

function withDefaults(operator: Operator, context: OperatorContext): OperatorContext {
  return operator.defaults ? { ...context, properties: { ...operator.defaults, ...context.properties } } : context;
}

function report(context: OperatorContext, label: string, error: unknown): void {
  const text = `${label}: ${error instanceof Error ? error.message : String(error)}`;
  context.store.setState({ loading: null });
  notify(context.store, text, 'error');
}

function safePoll(operator: Operator, context: OperatorContext): boolean {
  try {
    return operator.poll(context);
  } catch {
    return false;
  }
}

function safeCancel(handler: ModalHandler): void {
  try {
    handler.cancel();
  } catch {
    // A cancel that fails leaves nothing more to undo.
  }
}

/** A context for running an operator from code (buttons, menus). */
export function contextFor(
  store: EditorStore,
  area: AreaKind = 'screen',
  properties: OperatorProperties = {},
  pointer: { x: number; y: number } | null = null,
): OperatorContext {
  return { store, area, properties, pointer };
}
