/**
 * The timeline's coordinate spaces, named once and converted only through these helpers.
 *
 *  - time space (`timeMs`): the model's timeline in milliseconds — what keys store.
 *  - scaled space (`scaledPx`): the whole timeline laid out at the current zoom, origin at time 0:
 *    `scaledPx = timeMs × pixelsPerMs`. Zoom changes it; panning does not.
 *  - screen space (`screenX`, `screenY`): CSS pixels inside the timeline canvas. The key region
 *    starts after the channel gutter, and the view's `startMs` sits at its left edge:
 *    `screenX = gutterWidth + scaledPx − startMs × pixelsPerMs`.
 *    Rows are laid out top to bottom below the ruler: `screenY = rulerHeight + index × rowHeight − scrollTop`.
 *
 * Views are plain values: every function returns a new view and nothing here reads the DOM.
 */

import { clampPixelsPerMs, type TimelineGeometry, type TimelineView, type TimeUnit } from '../../state/timeline-view';

// The view's types and zoom limits are session state (renderer/state/timeline-view.ts); the conversions are here.
export {
  clampPixelsPerMs,
  MAX_PIXELS_PER_MS,
  MIN_PIXELS_PER_MS,
  type TimelineGeometry,
  type TimelineView,
  type TimeUnit,
} from '../../state/timeline-view';

/** Default metrics, Blender's dope sheet density. */
export const DEFAULT_GEOMETRY: Omit<TimelineGeometry, 'width' | 'height'> = {
  gutterWidth: 200,
  rulerHeight: 36,
  rowHeight: 20,
  scrollTop: 0,
};

/** time → scaled */
export function timeToScaled(timeMs: number, view: TimelineView): number {
  return timeMs * view.pixelsPerMs;
}

/** scaled → time */
export function scaledToTime(scaledPx: number, view: TimelineView): number {
  return scaledPx / view.pixelsPerMs;
}

/** scaled → screen (x) */
export function scaledToScreenX(scaledPx: number, view: TimelineView, geometry: TimelineGeometry): number {
  return geometry.gutterWidth + scaledPx - view.startMs * view.pixelsPerMs;
}

/** screen (x) → scaled */
export function screenXToScaled(screenX: number, view: TimelineView, geometry: TimelineGeometry): number {
  return screenX - geometry.gutterWidth + view.startMs * view.pixelsPerMs;
}

/** time → screen (x) */
export function timeToScreenX(timeMs: number, view: TimelineView, geometry: TimelineGeometry): number {
  return scaledToScreenX(timeToScaled(timeMs, view), view, geometry);
}

/** screen (x) → time */
export function screenXToTime(screenX: number, view: TimelineView, geometry: TimelineGeometry): number {
  return scaledToTime(screenXToScaled(screenX, view, geometry), view);
}

/** A horizontal distance on screen as a duration. */
export function pixelsToMs(pixels: number, view: TimelineView): number {
  return pixels / view.pixelsPerMs;
}

/** Width of the key region. */
export function keyRegionWidth(geometry: TimelineGeometry): number {
  return Math.max(1, geometry.width - geometry.gutterWidth);
}

/** Time range visible in the key region. */
export function visibleTimeRange(view: TimelineView, geometry: TimelineGeometry): { startMs: number; endMs: number } {
  return { startMs: view.startMs, endMs: view.startMs + keyRegionWidth(geometry) / view.pixelsPerMs };
}

/** Top of a row in screen space. */
export function rowTop(index: number, geometry: TimelineGeometry): number {
  return geometry.rulerHeight + index * geometry.rowHeight - geometry.scrollTop;
}

/** Vertical centre of a row in screen space. */
export function rowCentre(index: number, geometry: TimelineGeometry): number {
  return rowTop(index, geometry) + geometry.rowHeight / 2;
}

/** The row under a screen y, or -1 over the ruler or past the last row. */
export function rowAtScreenY(screenY: number, rowCount: number, geometry: TimelineGeometry): number {
  if (screenY < geometry.rulerHeight) return -1;
  const index = Math.floor((screenY - geometry.rulerHeight + geometry.scrollTop) / geometry.rowHeight);
  return index >= 0 && index < rowCount ? index : -1;
}

/** The rows at least partly visible: [first, last] inclusive (empty when last < first). */
export function visibleRows(rowCount: number, geometry: TimelineGeometry): { first: number; last: number } {
  const first = Math.max(0, Math.floor(geometry.scrollTop / geometry.rowHeight));
  const last = Math.min(
    rowCount - 1,
    Math.floor((geometry.scrollTop + geometry.height - geometry.rulerHeight) / geometry.rowHeight),
  );
  return { first, last };
}

/** Largest useful vertical scroll for a number of rows. */
export function maxScrollTop(rowCount: number, geometry: TimelineGeometry): number {
  return Math.max(0, rowCount * geometry.rowHeight - (geometry.height - geometry.rulerHeight) + geometry.rowHeight);
}

/** Zooms by `factor` keeping the time under `anchorScreenX` where it is (Ctrl+wheel). */
export function zoomAround(
  view: TimelineView,
  anchorScreenX: number,
  factor: number,
  geometry: TimelineGeometry,
): TimelineView {
  const anchorMs = screenXToTime(anchorScreenX, view, geometry);
  const pixelsPerMs = clampPixelsPerMs(view.pixelsPerMs * factor);
  const startMs = anchorMs - (anchorScreenX - geometry.gutterWidth) / pixelsPerMs;
  return { startMs, pixelsPerMs };
}

/** Pans by a screen distance: dragging content right (positive dx) shows earlier times. */
export function panByPixels(view: TimelineView, deltaScreenX: number): TimelineView {
  return { ...view, startMs: view.startMs - deltaScreenX / view.pixelsPerMs };
}

/** A view showing [startMs, endMs] across the key region with a margin on both sides (Home). */
export function viewRange(
  startMs: number,
  endMs: number,
  geometry: TimelineGeometry,
  marginFraction = 0.04,
): TimelineView {
  const span = Math.max(1, endMs - startMs);
  const width = keyRegionWidth(geometry);
  const pixelsPerMs = clampPixelsPerMs(width / (span * (1 + 2 * marginFraction)));
  return { pixelsPerMs, startMs: startMs - (width / pixelsPerMs - span) / 2 };
}

/** Converts a time to the value shown for a unit (frames are `frameStepMs` long). */
export function msToUnit(timeMs: number, unit: TimeUnit, frameStepMs: number): number {
  if (unit === 'seconds') return timeMs / 1000;
  if (unit === 'frames') return timeMs / frameStepMs;
  return timeMs;
}

/** Converts a value shown in a unit back to milliseconds. */
export function unitToMs(value: number, unit: TimeUnit, frameStepMs: number): number {
  if (unit === 'seconds') return value * 1000;
  if (unit === 'frames') return value * frameStepMs;
  return value;
}

/** A time formatted for a unit: `19300`, `579`, `19.30`. */
export function formatTime(timeMs: number, unit: TimeUnit, frameStepMs: number, precise = false): string {
  const value = msToUnit(timeMs, unit, frameStepMs);
  if (unit === 'seconds') return value.toFixed(precise ? 3 : 2);
  if (unit === 'frames') return precise ? value.toFixed(1) : String(Math.round(value));
  return precise ? (Math.round(value * 10) / 10).toString() : String(Math.round(value));
}

/** A time with its unit for sentences: `19300 ms`, `579 f`, `19.30 s`. */
export function formatTimeLabel(timeMs: number, unit: TimeUnit, frameStepMs: number): string {
  return `${formatTime(timeMs, unit, frameStepMs)} ${unit === 'ms' ? 'ms' : unit === 'frames' ? 'f' : 's'}`;
}

/** One ruler tick: its time, whether it is labelled (major) and the label. */
export interface RulerTick {
  timeMs: number;
  major: boolean;
  label: string;
}

/** Steps between labelled ticks, in the unit shown: 1, 2, 5 × 10^n. */
function niceStep(minimum: number): number {
  const exponent = Math.floor(Math.log10(Math.max(minimum, 1e-9)));
  for (let power = exponent; power <= exponent + 1; power += 1) {
    for (const mantissa of [1, 2, 5]) {
      const step = mantissa * 10 ** power;
      if (step >= minimum) return step;
    }
  }
  return 10 ** (exponent + 1);
}

/**
 * Ticks for the visible range: labelled ticks at least `minLabelSpacing` px apart at a 1/2/5
 * step of the unit, with four or five minor ticks between them. Frames step by whole frames.
 */
export function rulerTicks(
  view: TimelineView,
  geometry: TimelineGeometry,
  unit: TimeUnit,
  frameStepMs: number,
  minLabelSpacing = 64,
): RulerTick[] {
  const unitMs = unitToMs(1, unit, frameStepMs);
  const pixelsPerUnit = view.pixelsPerMs * unitMs;
  let majorStep = niceStep(minLabelSpacing / pixelsPerUnit);
  if (unit === 'frames') majorStep = Math.max(1, Math.round(majorStep));
  const mantissa = Math.round(majorStep / 10 ** Math.floor(Math.log10(majorStep)));
  const minorCount = mantissa === 2 ? 4 : 5;
  const minorStep = unit === 'frames' && majorStep < minorCount ? majorStep : majorStep / minorCount;
  const { startMs, endMs } = visibleTimeRange(view, geometry);
  const first = Math.floor(msToUnit(startMs, unit, frameStepMs) / minorStep);
  const last = Math.ceil(msToUnit(endMs, unit, frameStepMs) / minorStep);
  const ticks: RulerTick[] = [];
  if (last - first > 4000) return ticks;
  const perMajor = Math.round(majorStep / minorStep);
  for (let index = first; index <= last; index += 1) {
    const value = index * minorStep;
    const major = index % perMajor === 0;
    ticks.push({
      timeMs: unitToMs(value, unit, frameStepMs),
      major,
      label: major ? formatTickValue(value, majorStep) : '',
    });
  }
  return ticks;
}

function formatTickValue(value: number, step: number): string {
  const decimals = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step)));
  return value.toFixed(decimals);
}
