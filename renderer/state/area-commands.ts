/**
 * Commands an area offers to operators while it is mounted — things that need the area's own
 * size or camera (frame all in the timeline, numpad views in the viewport, the modal grab).
 * Registered per store so that several editors (or tests) never share them.
 */
import type { TimelineGeometry } from './timeline-view';
import type { EditorStore } from './editor-store';

/** What the timeline offers. */
export interface TimelineCommands {
  viewAll(): void;
  viewSelected(): void;
  /** G: move the selected keys with the mouse until click/Enter (Esc cancels). */
  beginGrab(): void;
  /** The canvas' current size, gutter and scroll (screen space of the layout helpers). */
  geometry(): TimelineGeometry;
  /** Draws at once (the benchmark times it). */
  drawNow(): void;
}

/** Standard views (numpad 1/3/7 and Ctrl for the opposite side). */
export type ViewAxis = 'front' | 'back' | 'right' | 'left' | 'top' | 'bottom';

/** What the viewport offers. */
export interface ViewportCommands {
  viewAll(): void;
  viewSelected(): void;
  viewAxis(axis: ViewAxis): void;
  toggleOrthographic(): void;
  orbitStep(direction: 'left' | 'right' | 'up' | 'down'): void;
  zoomStep(delta: number): void;
}

interface AreaCommandTable {
  timeline?: TimelineCommands;
  viewport?: ViewportCommands;
}

const tables = new WeakMap<EditorStore, AreaCommandTable>();

/** Registers an area's commands; returns the function that removes them. */
export function registerAreaCommands<K extends keyof AreaCommandTable>(
  store: EditorStore,
  area: K,
  commands: NonNullable<AreaCommandTable[K]>,
): () => void {
  const table = tables.get(store) ?? {};
  table[area] = commands;
  tables.set(store, table);
  return () => {
    if (tables.get(store)?.[area] === commands) delete table[area];
  };
}

/** An area's commands, when it is mounted. */
export function areaCommands<K extends keyof AreaCommandTable>(
  store: EditorStore,
  area: K,
): AreaCommandTable[K] | undefined {
  return tables.get(store)?.[area];
}
