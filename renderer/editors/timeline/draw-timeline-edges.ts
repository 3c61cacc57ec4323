/**
 * The dope sheet's edges, drawn around its rows by draw-timeline.ts: the gutter of channel names on the left, the
 * ruler with its sequence bands on top and the playhead with its label; and the scene one frame shows.
 */
import type { ModelDocument, SequenceInfo } from '../../../shared/events/document';
import { type CapeEntry, capeKey } from '../../capes/cape-entry';
import type { DragPreview } from '../../state/editor-store';
import type { Selection } from '../../state/selection';
import type { TimeRange } from '../../state/time-range';
import type { ScreenRect } from './hit-test';
import {
  type TimeUnit,
  type TimelineGeometry,
  type TimelineView,
  formatTime,
  rowTop,
  rulerTicks,
  timeToScreenX,
} from './layout';
import type { TimelineRow } from './rows';
import { TIMELINE_COLOURS as C } from './theme';

/** Everything one frame of the timeline shows. */
export interface TimelineScene {
  rows: readonly TimelineRow[];
  document: ModelDocument | null;
  capes: Readonly<Record<string, CapeEntry>>;
  standaloneCape: CapeEntry | null;
  view: TimelineView;
  geometry: TimelineGeometry;
  selection: Selection;
  drag: DragPreview | null;
  /** Ids of the dragged keys (built once per drag). */
  draggedIds: ReadonlySet<number> | null;
  playheadMs: number;
  unit: TimeUnit;
  frameStepMs: number;
  /** The selected sequence's interval (times outside it are shaded), or null for the whole line. */
  activeRange: TimeRange | null;
  sequences: readonly SequenceInfo[];
  sequenceIndex: number;
  hoverRow: number;
  box: ScreenRect | null;
}

/** True when the row is an object or link the selection holds. */
export function isSelectedRow(row: TimelineRow, selection: Selection): boolean {
  if (row.kind === 'object') return selection.objects.has(row.objectIndex);
  if (row.kind === 'link') return selection.links.has(row.link.id.toUpperCase());
  return false;
}

/** The channel names down the left, clipped to the visible rows `first` … `last`. */
export function drawGutter(context: CanvasRenderingContext2D, scene: TimelineScene, first: number, last: number): void {
  const { geometry } = scene;
  context.save();
  context.beginPath();
  context.rect(0, geometry.rulerHeight, geometry.gutterWidth, geometry.height - geometry.rulerHeight);
  context.clip();
  context.font = '12px Inter, "DejaVu Sans", system-ui, sans-serif';
  context.textBaseline = 'middle';
  for (let index = first; index <= last; index += 1) {
    const row = scene.rows[index]!;
    const top = rowTop(index, geometry);
    const centre = top + geometry.rowHeight / 2;
    context.fillStyle =
      row.kind === 'summary'
        ? C.summaryRow
        : row.kind === 'group'
          ? C.groupRow
          : isSelectedRow(row, scene.selection)
            ? C.rowSelected
            : index === scene.hoverRow
              ? C.rowHover
              : C.gutter;
    context.fillRect(0, top, geometry.gutterWidth, geometry.rowHeight);
    const depth = row.kind === 'object' ? row.depth : row.kind === 'link' ? 1 : 0;
    let x = 6 + depth * 12;
    if (row.kind === 'group' || row.kind === 'link') {
      context.fillStyle = C.textDim;
      context.beginPath();
      if (row.collapsed) {
        context.moveTo(x + 2, centre - 4);
        context.lineTo(x + 7, centre);
        context.lineTo(x + 2, centre + 4);
      } else {
        context.moveTo(x, centre - 2.5);
        context.lineTo(x + 8, centre - 2.5);
        context.lineTo(x + 4, centre + 2.5);
      }
      context.fill();
    }
    x += 12;
    if (row.kind === 'link') {
      const status = scene.capes[capeKey(row.link.path)]?.status ?? 'loading';
      context.fillStyle =
        status === 'found'
          ? C.statusFound
          : status === 'missing'
            ? C.statusMissing
            : status === 'unreadable'
              ? C.statusUnreadable
              : C.statusLoading;
      context.beginPath();
      context.arc(x + 3, centre, 3.5, 0, Math.PI * 2);
      context.fill();
      x += 11;
    } else if (row.kind === 'object') {
      const type = scene.document?.eventObjects[row.objectIndex]?.type ?? 'OTHER';
      context.fillStyle = C.typeColours[type] ?? C.textDim;
      context.fillRect(x, centre - 3, 6, 6);
      x += 11;
    }
    context.fillStyle =
      row.kind === 'summary' || row.kind === 'group'
        ? C.text
        : isSelectedRow(row, scene.selection)
          ? '#ffffff'
          : C.text;
    context.font =
      row.kind === 'summary' || row.kind === 'group'
        ? '600 12px Inter, "DejaVu Sans", system-ui, sans-serif'
        : '12px Inter, "DejaVu Sans", system-ui, sans-serif';
    context.fillText(row.label, x, centre + 0.5, geometry.gutterWidth - x - 6);
  }
  context.restore();
  context.fillStyle = C.gutterLine;
  context.fillRect(geometry.gutterWidth - 1, 0, 1, geometry.height);
}

/** Height of the named sequence bands at the bottom of the ruler (px). */
const SEQUENCE_BAND_HEIGHT = 13;

/** The ruler: sequence bands with their names, ticks and the time unit. */
export function drawRuler(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  ticks: ReturnType<typeof rulerTicks>,
): void {
  const { geometry, view } = scene;
  context.fillStyle = C.ruler;
  context.fillRect(0, 0, geometry.width, geometry.rulerHeight);
  context.fillStyle = C.gutterLine;
  context.fillRect(0, geometry.rulerHeight - 1, geometry.width, 1);
  context.save();
  context.beginPath();
  context.rect(geometry.gutterWidth, 0, geometry.width - geometry.gutterWidth, geometry.rulerHeight);
  context.clip();
  // Sequence bands along the bottom of the ruler, each named where it starts (or at the ruler's left edge when
  // its start is scrolled away), the name clipped to the band.
  const bandTop = geometry.rulerHeight - SEQUENCE_BAND_HEIGHT - 2;
  context.font = '10px Inter, "DejaVu Sans", system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  scene.sequences.forEach((sequence, index) => {
    const left = timeToScreenX(sequence.start, view, geometry);
    const right = timeToScreenX(sequence.end, view, geometry);
    if (right < geometry.gutterWidth || left > geometry.width) return;
    context.fillStyle = index === scene.sequenceIndex ? C.sequenceBandActive : C.sequenceBand;
    context.fillRect(left, bandTop, Math.max(1, right - left), SEQUENCE_BAND_HEIGHT);
    const textLeft = Math.max(left, geometry.gutterWidth) + 3;
    if (right - textLeft < 12) return;
    context.save();
    context.beginPath();
    context.rect(textLeft, bandTop, right - textLeft - 2, SEQUENCE_BAND_HEIGHT);
    context.clip();
    context.fillStyle = C.rulerText;
    context.fillText(sequence.name, textLeft, bandTop + SEQUENCE_BAND_HEIGHT / 2 + 0.5);
    context.restore();
  });
  context.font = '11px Inter, "DejaVu Sans", system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  for (const tick of ticks) {
    const x = Math.round(timeToScreenX(tick.timeMs, view, geometry)) + 0.5;
    context.fillStyle = tick.major ? C.rulerText : C.gridMajor;
    context.fillRect(x - 0.5, bandTop - (tick.major ? 6 : 3), 1, tick.major ? 5 : 2);
    if (tick.major) context.fillText(tick.label, x, 8);
  }
  context.restore();
  context.fillStyle = C.textDim;
  context.font = '11px Inter, "DejaVu Sans", system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.fillText(
    scene.unit === 'ms'
      ? 'Time (ms)'
      : scene.unit === 'frames'
        ? `Frames (${(1000 / scene.frameStepMs).toFixed(3).replace(/\.?0+$/, '')} fps)`
        : 'Time (s)',
    8,
    geometry.rulerHeight / 2,
  );
}

/** The playhead line and its time label in the ruler. */
export function drawPlayhead(context: CanvasRenderingContext2D, scene: TimelineScene): void {
  const { geometry, view } = scene;
  const x = Math.round(timeToScreenX(scene.playheadMs, view, geometry));
  if (x < geometry.gutterWidth - 1 || x > geometry.width + 1) return;
  context.fillStyle = C.playhead;
  context.fillRect(x - 1, geometry.rulerHeight, 2, geometry.height - geometry.rulerHeight);
  const label = formatTime(scene.playheadMs, scene.unit, scene.frameStepMs);
  context.font = '600 11px Inter, "DejaVu Sans", system-ui, sans-serif';
  const labelWidth = Math.max(24, context.measureText(label).width + 12);
  const left = Math.max(geometry.gutterWidth, Math.min(geometry.width - labelWidth, x - labelWidth / 2));
  context.beginPath();
  context.roundRect(left, 2, labelWidth, geometry.rulerHeight - 5, 4);
  context.fill();
  context.fillStyle = C.playheadText;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, left + labelWidth / 2, geometry.rulerHeight / 2);
}
