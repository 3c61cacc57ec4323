/**
 * The timeline's view as session state: which part of the time line is visible, how much it is magnified, the
 * canvas metrics, and the unit times are shown in. The coordinate spaces and their conversions are explained and
 * implemented once, in renderer/editors/timeline/layout.ts.
 */

/** Which part of the time line is visible and how much it is magnified. */
export interface TimelineView {
  /** Time at the left edge of the key region. */
  startMs: number;
  /** Zoom: CSS pixels per millisecond. */
  pixelsPerMs: number;
}

/** The canvas' size and fixed metrics, in CSS pixels. */
export interface TimelineGeometry {
  width: number;
  height: number;
  /** Width of the channel names on the left. */
  gutterWidth: number;
  rulerHeight: number;
  rowHeight: number;
  /** Vertical scroll of the rows, in pixels. */
  scrollTop: number;
}

/** How times are labelled on the ruler and in fields. */
export type TimeUnit = 'ms' | 'frames' | 'seconds';

/** Zoom limits: from 1 px per 10 minutes of timeline to 50 px per millisecond. */
export const MIN_PIXELS_PER_MS = 1 / 600;
export const MAX_PIXELS_PER_MS = 50;

/** Clamps a zoom level to the supported range. */
export function clampPixelsPerMs(pixelsPerMs: number): number {
  return Math.min(MAX_PIXELS_PER_MS, Math.max(MIN_PIXELS_PER_MS, pixelsPerMs));
}

/** A span of timeline time. */
export interface TimeRange {
  startMs: number;
  endMs: number;
}
