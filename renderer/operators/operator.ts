/**
 * Operators: every user action, with an id (Blender's naming: `action.select_all`), a label, a
 * poll that says whether it can run now, and execute. Menus, keys, buttons, the F3 search and the
 * host's menu commands all run operators through one registry; keys are bound separately in the
 * keymap table (keymap.ts).
 */
import type { AreaKind, EditorStore } from '../state/editor-store';

/** Values an operator can be called with (from the keymap or a button). */
export type OperatorProperties = Readonly<Record<string, string | number | boolean>>;

/** What an operator sees when it runs. */
export interface OperatorContext {
  store: EditorStore;
  /** The area the action comes from (the hovered one for keys). */
  area: AreaKind;
  properties: OperatorProperties;
  /** Pointer position in the area (CSS px) when known, e.g. for G to start from the mouse. */
  pointer: { x: number; y: number } | null;
}

/** One action. */
export interface Operator {
  id: string;
  label: string;
  /** One sentence shown in the status bar and the search. */
  description: string;
  /** Whether the operator can run in this context (greys out buttons, hides it from search). */
  poll(context: OperatorContext): boolean;
  execute(context: OperatorContext): void | Promise<void>;
}

/** Operators by id. */
export class OperatorRegistry {
  private readonly operators = new Map<string, Operator>();

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
    return operator !== undefined && safePoll(operator, context);
  }

  /**
   * Runs an operator when its poll passes. Returns false when it does not exist or cannot run.
   * Errors are reported in the status bar, never thrown into event handlers.
   */
  run(id: string, context: OperatorContext): boolean {
    const operator = this.operators.get(id);
    if (!operator || !safePoll(operator, context)) return false;
    const report = (error: unknown) => {
      const text = `${operator.label}: ${error instanceof Error ? error.message : String(error)}`;
      context.store.setState({ notice: { text, severity: 'error', at: performance.now() }, loading: null });
    };
    try {
      const result = operator.execute(context);
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
    return true;
  }
}

function safePoll(operator: Operator, context: OperatorContext): boolean {
  try {
    return operator.poll(context);
  } catch {
    return false;
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
