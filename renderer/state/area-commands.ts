/**
 * The one way commands reach an editor: an area registers what it offers while it is mounted —
 * things that need the area's own size or camera (frame all in the timeline, numpad views in the
 * viewport) — and operators and services call them through this table. A command asked for while
 * its area is not mounted (a file opened before the viewport exists, a sequence shown while the
 * timeline is hidden) waits with `requestAreaCommand` and runs when the area registers. Registered
 * per store so that several editors (or tests) never share them.
 */
import type { TimelineGeometry } from './timeline-view';
import type { EditorStore } from './editor-store';

/** What the timeline offers. */
export interface TimelineCommands {
  viewAll(): void;
  viewSelected(): void;
  /** The canvas' current size, gutter and scroll (screen space of the layout helpers). */
  geometry(): TimelineGeometry;
  /** Draws at once (the benchmark times it). */
  drawNow(): void;
  /** The labels the ruler writes now: time numbers, sequence names and the playhead's time, as boxes. */
  rulerLabels(): RulerLabelBox[];
}

/** A label of the timeline's ruler as a box in the canvas' CSS pixels (editors/timeline/draw-ruler.ts). */
export interface RulerLabelBox {
  kind: 'tick' | 'sequence' | 'playhead';
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Standard views (numpad 1/3/7 and Ctrl for the opposite side). */
export type ViewAxis = 'front' | 'back' | 'right' | 'left' | 'top' | 'bottom';

/** The free view's camera as plain numbers (where it looks from and how), e.g. for a render to look the same way. */
export interface FreeView {
  target: [number, number, number];
  distance: number;
  yaw: number;
  pitch: number;
  orthographic: boolean;
  axis: ViewAxis | null;
}

/** What the viewport offers. */
export interface ViewportCommands {
  /** The free view as it is now. */
  freeView(): FreeView;
  viewAll(): void;
  viewSelected(): void;
  /** A file was opened: turn to face its capes' broad side and frame them once they are drawn. */
  frameOpenedFile(): void;
  viewAxis(axis: ViewAxis): void;
  toggleOrthographic(): void;
  orbitStep(direction: 'left' | 'right' | 'up' | 'down'): void;
  zoomStep(delta: number): void;
}

interface AreaCommandTable {
  timeline?: TimelineCommands;
  viewport?: ViewportCommands;
}

type AreaName = keyof AreaCommandTable;

/** The commands of an area that take no arguments (the ones that can wait for the area). */
export type RequestableCommand<K extends AreaName> = {
  [C in keyof NonNullable<AreaCommandTable[K]>]: NonNullable<AreaCommandTable[K]>[C] extends () => void ? C : never;
}[keyof NonNullable<AreaCommandTable[K]>];

interface StoreTable {
  mounted: AreaCommandTable;
  /** Requests waiting for their area, in the order asked (each command once). */
  pending: { [K in AreaName]?: Set<RequestableCommand<K>> };
}

const tables = new WeakMap<EditorStore, StoreTable>();

function call(commands: object, command: PropertyKey): void {
  (commands as Record<PropertyKey, () => void>)[command]!();
}

function tableOf(store: EditorStore): StoreTable {
  let table = tables.get(store);
  if (!table) tables.set(store, (table = { mounted: {}, pending: {} }));
  return table;
}

/** Registers an area's commands (running what waited for it); returns the function that removes them. */
export function registerAreaCommands<K extends AreaName>(
  store: EditorStore,
  area: K,
  commands: NonNullable<AreaCommandTable[K]>,
): () => void {
  const table = tableOf(store);
  table.mounted[area] = commands;
  const waiting = table.pending[area] as Set<RequestableCommand<K>> | undefined;
  delete table.pending[area];
  for (const command of waiting ?? []) call(commands, command);
  return () => {
    if (table.mounted[area] === commands) delete table.mounted[area];
  };
}

/** An area's commands, when it is mounted. */
export function areaCommands<K extends AreaName>(store: EditorStore, area: K): AreaCommandTable[K] | undefined {
  return tables.get(store)?.mounted[area];
}

/** Runs an area's command now when the area is mounted, else when it next registers. */
export function requestAreaCommand<K extends AreaName>(
  store: EditorStore,
  area: K,
  command: RequestableCommand<K>,
): void {
  const table = tableOf(store);
  const commands = table.mounted[area];
  if (commands) {
    call(commands, command);
    return;
  }
  const waiting = (table.pending[area] ?? new Set()) as Set<RequestableCommand<K>>;
  waiting.add(command);
  (table.pending as Record<K, Set<RequestableCommand<K>>>)[area] = waiting;
}
