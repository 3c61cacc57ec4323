/**
 * The timeline canvas' behaviour, outside React: it redraws on the next animation frame when
 * something it shows changes, and turns pointer input into store actions — scrub in the ruler,
 * click / Shift-click / box select, middle-drag and wheel to pan, Ctrl+wheel to zoom, right-click
 * menu. Dragging a selected key invokes the grab (`transform.transform`, a modal operator that
 * owns the gesture from then on, as G does); the hints name the keys the keymap binds.
 */
import type { ModalEvent, OperatorProperties } from '../../operators/operator';
import type { Shortcuts } from '../../operators/shortcuts';
import { dragShift } from '../../state/visibility';
import { registerAreaCommands } from '../../state/area-commands';
import { type EditorState, type EditorStore, currentDocument } from '../../state/editor-store';
import { selectAllKeys, selectKeys } from '../../state/key-actions';
import { selectLink, selectObjects } from '../../state/outliner-actions';
import { keyAddress, keyId } from '../../state/selection';
import { setPlayhead, setTimelineView, toggleCollapsed } from '../../state/session-actions';
import { activeRange } from '../../state/time-range';
import { drawTimeline } from './draw-timeline';
import type { TimelineScene } from './timeline-scene';
import { rulerLabels } from './draw-ruler';
import { type KeyHit, type ScreenRect, hitTestKeys, keysInBox, rowAt } from './hit-test';
import {
  DEFAULT_GEOMETRY,
  type TimelineGeometry,
  formatTime,
  maxScrollTop,
  panByPixels,
  screenXToTime,
  viewRange,
  zoomAround,
} from './layout';
import { type TimelineRow, buildCapeRows, buildModelRows } from './rows';
import { joinHints, linkBarHint } from './timeline-hints';

/** Pixels a press must travel before it becomes a drag. */
const DRAG_THRESHOLD = 3;

type Gesture =
  | { kind: 'scrub' }
  | { kind: 'pan'; lastX: number; lastY: number }
  | { kind: 'press-key'; hit: KeyHit; startX: number; startY: number; wasSelected: boolean; shift: boolean }
  | { kind: 'press-empty'; startX: number; startY: number; shift: boolean }
  | { kind: 'box'; rect: ScreenRect; mode: 'replace' | 'extend' | 'subtract' };

/** Where to show the context menu. */
export type ContextMenuRequest = (x: number, y: number) => void;

/** What the canvas needs from the operators: running one (the grab) and the keys to name in hints. */
export interface TimelineOperators {
  run(operatorId: string, properties: OperatorProperties, event: ModalEvent): boolean;
  shortcuts(): Shortcuts;
}

/** Binds a canvas to the store. */
export class TimelineController {
  private geometry: TimelineGeometry = { ...DEFAULT_GEOMETRY, width: 1, height: 1 };
  private rows: TimelineRow[] = [];
  private rowsSource: { document: unknown; collapsed: unknown; cape: unknown } = {
    document: undefined,
    collapsed: undefined,
    cape: undefined,
  };
  private gesture: Gesture | null = null;
  private hoverRow = -1;
  private frame = 0;
  private readonly cleanups: (() => void)[] = [];
  /** Frames drawn, for tests and the benchmark. */
  drawCount = 0;

  constructor(
    private readonly store: EditorStore,
    private readonly canvas: HTMLCanvasElement,
    private readonly onContextMenu: ContextMenuRequest,
    private readonly operators: TimelineOperators,
  ) {}

  /** Starts listening and drawing. */
  attach(): void {
    const canvas = this.canvas;
    const listen = <K extends keyof HTMLElementEventMap>(
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) => {
      canvas.addEventListener(type, handler as EventListener, options);
      this.cleanups.push(() => canvas.removeEventListener(type, handler as EventListener, options));
    };
    listen('pointerdown', (event) => this.onPointerDown(event));
    listen('pointermove', (event) => this.onPointerMove(event));
    listen('pointerup', (event) => this.onPointerUp(event));
    listen('pointerleave', () => this.setHover(-1, ''));
    listen('wheel', (event) => this.onWheel(event), { passive: false });
    listen('contextmenu', (event) => event.preventDefault());
    const observer = new ResizeObserver(() => this.resize());
    observer.observe(canvas.parentElement ?? canvas);
    this.cleanups.push(() => observer.disconnect());
    this.cleanups.push(this.store.subscribe((state, previous) => this.onStoreChange(state, previous)));
    // Measured before the commands are registered: a command asked for before the sheet was mounted (a startup
    // file's "frame the first sequence") runs at registration, and needs the sheet's width.
    this.resize();
    this.cleanups.push(
      registerAreaCommands(this.store, 'timeline', {
        viewAll: () => this.viewAll(),
        viewSelected: () => this.viewSelected(),
        geometry: () => ({ ...this.geometry }),
        drawNow: () => this.draw(),
        rulerLabels: () => {
          const context = this.context();
          if (!context) return [];
          return rulerLabels(this.scene(this.store.getState()), (text, font) => {
            context.font = font;
            return context.measureText(text).width;
          });
        },
      }),
    );
  }

  /** Stops listening. */
  detach(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    cancelAnimationFrame(this.frame);
  }

  private onStoreChange(state: EditorState, previous: EditorState): void {
    if (
      state.history !== previous.history ||
      state.selection !== previous.selection ||
      state.drag !== previous.drag ||
      state.session.timeline !== previous.session.timeline ||
      state.session.playback.playheadMs !== previous.session.playback.playheadMs ||
      state.session.playback.frameStepMs !== previous.session.playback.frameStepMs ||
      state.capes !== previous.capes ||
      state.standaloneCape !== previous.standaloneCape
    )
      this.invalidate();
  }

  /** Schedules a redraw on the next animation frame. */
  invalidate(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private currentRows(state: EditorState): TimelineRow[] {
    const document = currentDocument(state);
    const source = { document, collapsed: state.session.timeline.collapsed, cape: state.standaloneCape };
    if (
      source.document !== this.rowsSource.document ||
      source.collapsed !== this.rowsSource.collapsed ||
      source.cape !== this.rowsSource.cape
    ) {
      this.rows = document
        ? buildModelRows(document, state.session.timeline.collapsed)
        : state.standaloneCape
          ? buildCapeRows(state.standaloneCape)
          : [];
      this.rowsSource = source;
    }
    return this.rows;
  }

  private resize(): void {
    const parent = this.canvas.parentElement;
    const width = Math.max(1, parent?.clientWidth ?? this.canvas.clientWidth);
    const height = Math.max(1, parent?.clientHeight ?? this.canvas.clientHeight);
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.geometry = {
      ...this.geometry,
      width,
      height,
      gutterWidth: Math.min(DEFAULT_GEOMETRY.gutterWidth, Math.max(120, width * 0.3)),
    };
    this.clampScroll();
    this.draw();
  }

  private clampScroll(): void {
    const rows = this.currentRows(this.store.getState());
    this.geometry.scrollTop = Math.min(Math.max(0, this.geometry.scrollTop), maxScrollTop(rows.length, this.geometry));
  }

  /**
   * The canvas' 2D context, drawn in main memory (willReadFrequently): an accelerated one makes a GPU context of its
   * own as the editor first renders, and its set-up and draws queue in the GPU process in front of the viewport's
   * first frame (about 0.1 s without a GPU). A dope sheet of lines and text draws as fast without one.
   */
  private context(): CanvasRenderingContext2D | null {
    return this.canvas.getContext('2d', { willReadFrequently: true });
  }

  /** Draws now (also used by the benchmark). */
  draw(): void {
    const context = this.context();
    if (!context) return;
    const ratio = this.canvas.width / Math.max(1, this.geometry.width);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawTimeline(context, this.scene(this.store.getState()));
    this.drawCount += 1;
    this.canvas.dataset.drawn = String(this.drawCount);
  }

  /** What one frame shows. */
  private scene(state: EditorState): TimelineScene {
    const document = currentDocument(state);
    const sequenceIndex = state.session.timeline.sequenceIndex;
    const sequence = document?.sequences[sequenceIndex];
    const shift = dragShift(state.drag);
    return {
      rows: this.currentRows(state),
      document,
      capes: state.capes,
      standaloneCape: state.standaloneCape,
      view: state.session.timeline.view,
      geometry: this.geometry,
      selection: state.selection,
      drag: state.drag,
      draggedIds: shift?.ids ?? null,
      keyShift: shift,
      playheadMs: state.session.playback.playheadMs,
      unit: state.session.timeline.unit,
      frameStepMs: state.session.playback.frameStepMs,
      activeRange: sequence ? { startMs: sequence.start, endMs: sequence.end } : null,
      sequences: document?.sequences ?? [],
      sequenceIndex,
      hoverRow: this.hoverRow,
      box: this.gesture?.kind === 'box' ? this.gesture.rect : null,
    };
  }

  // ── Views ──────────────────────────────────────────────────────────────────────────────────

  /** Home: the active sequence (or everything) across the width. */
  viewAll(): void {
    const range = activeRange(this.store.getState());
    setTimelineView(this.store, viewRange(range.startMs, range.endMs, this.geometry));
  }

  /** Numpad .: the selected keys across the width. */
  viewSelected(): void {
    const state = this.store.getState();
    const document = currentDocument(state);
    if (!document || state.selection.keys.size === 0) return;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const id of state.selection.keys) {
      const { objectIndex, frameIndex } = keyAddress(id);
      const frame = document.eventObjects[objectIndex]?.frames[frameIndex];
      if (frame === undefined) continue;
      low = Math.min(low, frame);
      high = Math.max(high, frame);
    }
    if (!Number.isFinite(low)) return;
    const pad = Math.max(500, (high - low) * 0.1);
    setTimelineView(this.store, viewRange(low - pad, high + pad, this.geometry, 0));
  }

  // ── Input ──────────────────────────────────────────────────────────────────────────────────

  private local(event: MouseEvent): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private setHover(row: number, hint: string): void {
    if (row !== this.hoverRow) {
      this.hoverRow = row;
      this.invalidate();
    }
    // While keys move, the status bar says how to confirm or cancel (the grab's own hint).
    const state = this.store.getState();
    if (state.hint !== hint && !state.drag) this.store.setState({ hint });
  }

  private scrubTo(x: number): void {
    const state = this.store.getState();
    setPlayhead(this.store, Math.round(screenXToTime(x, state.session.timeline.view, this.geometry)));
  }

  private onPointerDown(event: PointerEvent): void {
    const { x, y } = this.local(event);
    if (event.button === 1) {
      event.preventDefault();
      this.canvas.setPointerCapture(event.pointerId);
      this.gesture = { kind: 'pan', lastX: x, lastY: y };
      return;
    }
    if (event.button === 2) {
      this.onContextMenu(event.clientX, event.clientY);
      return;
    }
    if (event.button !== 0) return;
    this.canvas.setPointerCapture(event.pointerId);
    const state = this.store.getState();
    const rows = this.currentRows(state);
    if (y < this.geometry.rulerHeight && x >= this.geometry.gutterWidth) {
      this.gesture = { kind: 'scrub' };
      this.scrubTo(x);
      return;
    }
    if (x < this.geometry.gutterWidth) {
      this.clickChannel(rows, x, y, event.shiftKey || event.ctrlKey);
      return;
    }
    const document = currentDocument(state);
    const hit = document ? hitTestKeys(rows, document, x, y, state.session.timeline.view, this.geometry) : null;
    if (hit) {
      const ids = hit.keys.map((key) => keyId(key.objectIndex, key.frameIndex));
      const wasSelected = ids.every((id) => state.selection.keys.has(id));
      if (event.shiftKey) selectKeys(this.store, hit.keys, wasSelected ? 'subtract' : 'extend');
      else if (!wasSelected) selectKeys(this.store, hit.keys, 'replace');
      this.gesture = { kind: 'press-key', hit, startX: x, startY: y, wasSelected, shift: event.shiftKey };
      return;
    }
    if (!state.file) return;
    this.gesture = { kind: 'press-empty', startX: x, startY: y, shift: event.shiftKey || event.ctrlKey };
  }

  private clickChannel(rows: TimelineRow[], x: number, y: number, extend: boolean): void {
    const target = rowAt(rows, y, this.geometry);
    if (!target) return;
    const { row } = target;
    const depth = row.kind === 'object' ? row.depth : row.kind === 'link' ? 1 : 0;
    if ((row.kind === 'group' || row.kind === 'link') && x < 6 + depth * 12 + 14) {
      toggleCollapsed(this.store, row.key, row.kind === 'link');
      return;
    }
    const mode = extend ? 'toggle' : 'replace';
    if (row.kind === 'link') selectLink(this.store, row.link.id, mode);
    else if (row.kind === 'object') selectObjects(this.store, [row.objectIndex], mode);
    else if (row.kind === 'group') selectObjects(this.store, row.objectIndices, mode);
    else if (row.kind === 'summary') selectAllKeys(this.store, 'select');
  }

  private onPointerMove(event: PointerEvent): void {
    const { x, y } = this.local(event);
    const gesture = this.gesture;
    const state = this.store.getState();
    if (!gesture) {
      this.hover(x, y);
      return;
    }
    switch (gesture.kind) {
      case 'scrub':
        this.scrubTo(x);
        return;
      case 'pan': {
        setTimelineView(this.store, panByPixels(state.session.timeline.view, x - gesture.lastX));
        this.scrollBy(gesture.lastY - y);
        gesture.lastX = x;
        gesture.lastY = y;
        return;
      }
      case 'press-key': {
        const grabbed = gesture.hit.keys[0];
        if (Math.hypot(x - gesture.startX, y - gesture.startY) < DRAG_THRESHOLD || !grabbed) return;
        if (state.selection.keys.size === 0) return;
        // The drag becomes the grab (Blender's click-drag: released where it should go).
        this.gesture = null;
        const rect = this.canvas.getBoundingClientRect();
        const anchor = keyId(grabbed.objectIndex, grabbed.frameIndex);
        this.operators.run(
          'transform.transform',
          { release_confirm: true, ...(state.selection.keys.has(anchor) ? { anchor } : {}) },
          {
            type: 'pointermove',
            chord: null,
            x: event.clientX,
            y: event.clientY,
            ctrlKey: event.ctrlKey || event.metaKey,
            shiftKey: event.shiftKey,
            altKey: event.altKey,
            press: { x: rect.left + gesture.startX, y: rect.top + gesture.startY },
          },
        );
        return;
      }
      case 'press-empty':
        if (Math.hypot(x - gesture.startX, y - gesture.startY) < DRAG_THRESHOLD) return;
        this.gesture = {
          kind: 'box',
          rect: { x0: gesture.startX, y0: gesture.startY, x1: x, y1: y },
          mode: gesture.shift ? 'extend' : event.altKey ? 'subtract' : 'replace',
        };
        this.invalidate();
        return;
      case 'box':
        gesture.rect = { ...gesture.rect, x1: x, y1: y };
        this.invalidate();
        return;
    }
  }

  private onPointerUp(event: PointerEvent): void {
    const gesture = this.gesture;
    if (!gesture) return;
    this.gesture = null;
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
    const state = this.store.getState();
    if (gesture.kind === 'press-key' && gesture.wasSelected && !gesture.shift)
      selectKeys(this.store, gesture.hit.keys, 'replace');
    else if (gesture.kind === 'press-empty' && !gesture.shift) selectAllKeys(this.store, 'deselect');
    else if (gesture.kind === 'box') {
      const document = currentDocument(state);
      if (document)
        selectKeys(
          this.store,
          keysInBox(this.currentRows(state), document, gesture.rect, state.session.timeline.view, this.geometry),
          gesture.mode,
        );
      this.invalidate();
    }
  }

  private hover(x: number, y: number): void {
    const state = this.store.getState();
    const rows = this.currentRows(state);
    const target = rowAt(rows, y, this.geometry);
    const ctrl = this.operators.shortcuts().modifier('ctrl');
    if (y < this.geometry.rulerHeight)
      return this.setHover(-1, `Click or drag to move the playhead · ${ctrl}+wheel zooms · wheel or middle-drag pans`);
    if (!target) return this.setHover(-1, '');
    const document = currentDocument(state);
    if (x < this.geometry.gutterWidth)
      return this.setHover(
        target.rowIndex,
        `${target.row.label}: click to select · Shift-click to add · the triangle expands`,
      );
    const hit = document ? hitTestKeys(rows, document, x, y, state.session.timeline.view, this.geometry) : null;
    if (hit && document) {
      const names = [...new Set(hit.keys.map((key) => document.eventObjects[key.objectIndex]!.name))].join(', ');
      const grab = this.keyHint('transform.transform');
      return this.setHover(
        target.rowIndex,
        `${names} @ ${formatTime(hit.timeMs, state.session.timeline.unit, state.session.playback.frameStepMs)} — ` +
          joinHints(
            `drag${grab ? ` or ${grab}` : ''} to move`,
            'Shift-click toggles',
            this.keyHint('action.duplicate_move', 'duplicates'),
            this.keyHint('action.delete', 'deletes'),
          ),
      );
    }
    if (target.row.kind === 'link') {
      const barHint = linkBarHint(
        this.store.getState(),
        target.row.link,
        screenXToTime(x, state.session.timeline.view, this.geometry),
      );
      if (barHint) return this.setHover(target.rowIndex, barHint);
    }
    this.setHover(
      target.rowIndex,
      joinHints(
        'Drag to box-select',
        this.keyHint('action.select_all', 'selects all', { action: 'select' }),
        this.keyHint('action.select_all', 'none', { action: 'deselect' }),
        this.keyHint('action.keyframe_insert', 'inserts a key at the playhead'),
      ),
    );
  }

  /** `G to move`: the key the keymap binds to an operator here, with what it does (null when no key does). */
  private keyHint(operatorId: string, what?: string, properties?: OperatorProperties): string | null {
    const key = this.operators.shortcuts().text(operatorId, properties);
    return key ? (what ? `${key} ${what}` : key) : null;
  }

  private scrollBy(deltaY: number): void {
    const before = this.geometry.scrollTop;
    this.geometry.scrollTop += deltaY;
    this.clampScroll();
    if (this.geometry.scrollTop !== before) this.invalidate();
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const { x } = this.local(event);
    const view = this.store.getState().session.timeline.view;
    const pixels = event.deltaMode === 1 ? event.deltaY * 20 : event.deltaY;
    if (event.ctrlKey || event.metaKey) {
      setTimelineView(
        this.store,
        zoomAround(view, Math.max(this.geometry.gutterWidth, x), Math.exp(-pixels * 0.002), this.geometry),
      );
    } else if (event.shiftKey || x < this.geometry.gutterWidth) {
      this.scrollBy(pixels);
    } else {
      const horizontal = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : pixels;
      setTimelineView(this.store, panByPixels(view, -horizontal));
    }
  }
}
