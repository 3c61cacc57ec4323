import { describe, expect, it } from 'vitest';
import type { ModelDocument } from '../../../shared/events/document';
import type { DragPreview } from '../../state/editor-store';
import { EMPTY_SELECTION, keyId } from '../../state/selection';
import { fixtureDocument } from '../../testing/fixture-model';
import { dragShift } from '../../state/visibility';
import { drawTimeline } from './draw-timeline';
import { type TimelineGeometry, rowTop, timeToScreenX } from './layout';
import { buildModelRows } from './rows';
import { TIMELINE_COLOURS } from './theme';

const geometry: TimelineGeometry = {
  width: 1200,
  height: 400,
  gutterWidth: 200,
  rulerHeight: 24,
  rowHeight: 20,
  scrollTop: 0,
};
const view = { startMs: -1000, pixelsPerMs: 0.01 };

/** A 2D context that records every fillRect with the fill style it was drawn in. */
function recordingContext(): {
  context: CanvasRenderingContext2D;
  rects: { fillStyle: unknown; x: number; y: number; width: number; height: number }[];
} {
  const rects: { fillStyle: unknown; x: number; y: number; width: number; height: number }[] = [];
  const properties: Record<string | symbol, unknown> = {};
  const context = new Proxy(properties, {
    get(target, property) {
      if (property in target) return target[property];
      if (property === 'measureText') return () => ({ width: 10 });
      if (property === 'fillRect')
        return (x: number, y: number, width: number, height: number) =>
          rects.push({ fillStyle: target.fillStyle, x, y, width, height });
      return () => undefined;
    },
    set(target, property, value) {
      target[property] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { context, rects };
}

/** The link bars drawn on a link's row, as [from, to] in ms. */
function linkBars(document: ModelDocument, linkId: string, drag: DragPreview | null = null): [number, number][] {
  const rows = buildModelRows(document, {});
  const rowIndex = rows.findIndex((row) => row.kind === 'link' && row.link.id === linkId);
  const { context, rects } = recordingContext();
  drawTimeline(context, {
    rows,
    document,
    capes: {},
    standaloneCape: null,
    view,
    geometry,
    selection: EMPTY_SELECTION,
    drag,
    draggedIds: drag ? new Set(drag.keys.map((key) => keyId(key.objectIndex, key.frameIndex))) : null,
    keyShift: dragShift(drag),
    playheadMs: 0,
    unit: 'ms',
    frameStepMs: 1000 / 30,
    activeRange: null,
    sequences: document.sequences,
    sequenceIndex: -1,
    hoverRow: -1,
    box: null,
  });
  const toMs = (x: number) => Math.round(view.startMs + (x - geometry.gutterWidth) / view.pixelsPerMs);
  return rects
    .filter((rect) => rect.fillStyle === TIMELINE_COLOURS.linkBar && rect.y === rowTop(rowIndex, geometry) + 4)
    .map((rect) => [toMs(rect.x), toMs(rect.x + rect.width)]);
}

describe('link bars', () => {
  // Show keys out of order (a file need not sort them); one hide key between them.
  const document = fixtureDocument([
    { name: 'MRFx0007', frames: [50_000, 10_000] },
    { name: 'MRDx0007', frames: [30_000] },
  ]);

  it('run from each show key to the next hide key after it, else to the end of the sequence', () => {
    expect(timeToScreenX(80_000, view, geometry)).toBeLessThan(geometry.width);
    expect(linkBars(document, '0007').sort((a, b) => a[0] - b[0])).toEqual([
      [10_000, 30_000],
      [50_000, 80_000],
    ]);
  });

  it('follow keys being dragged at their previewed time', () => {
    const hideKey = { objectIndex: 1, frameIndex: 0 };
    const drag: DragPreview = { keys: [hideKey], anchor: hideKey, deltaMs: 24_000, gesture: null };
    // The hide key moved past the second show: the first bar ends where the second show starts the cape again, the
    // second runs to the moved hide.
    expect(linkBars(document, '0007', drag).sort((a, b) => a[0] - b[0])).toEqual([
      [10_000, 50_000],
      [50_000, 54_000],
    ]);
  });

  it('draw nothing for a show and a hide at one time (the hide last), and stop at the next show', () => {
    const tied = fixtureDocument([
      { name: 'MRFx0007', frames: [10_000, 20_000, 40_000] },
      { name: 'MRDx0007', frames: [10_000, 30_000] },
    ]);
    expect(linkBars(tied, '0007').sort((a, b) => a[0] - b[0])).toEqual([
      [20_000, 30_000],
      [40_000, 80_000],
    ]);
  });
});
