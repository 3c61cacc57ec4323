/**
 * Draws the dope sheet on a 2D canvas: ruler, sequence bands, rows, link bars (show → hide, with
 * the cape's moving window inside), diamonds, channel names, playhead and the box-select frame.
 * Keys of an object on a global sequence are repeated faded over every loop (see global-repeats.ts),
 * with a faint mark where each loop starts; only the real keys are solid (and hit-testable).
 * Only visible rows and times are drawn; diamonds of one colour go into one path, so 10,000 keys
 * cost a few fills. Nothing here allocates per key (the link bars sort into reused buffers).
 */
import type { MrfLink } from '../../../shared/events/document';
import { type CapeEntry, capeKey, movingWindowMs } from '../../capes/cape-entry';
import { type Selection, keyId, linkHighlight, objectHighlight } from '../../state/selection';
import { createKeyRepeats, keyRepeatsInRange, repeatTime } from './global-repeats';
import { rowTop, rulerTicks, timeToScreenX, visibleRows, visibleTimeRange } from './layout';
import { type LinkBarVisitor, visitLinkBars } from './link-bars';
import type { TimelineRow } from './rows';
import { TIMELINE_COLOURS as C } from './theme';
import { drawPlayhead, drawRuler } from './draw-ruler';
import type { TimelineScene } from './timeline-scene';

const DIAMOND = 5.5;
const SMALL_DIAMOND = 4;

/** Reused per-row pixel-column marks for deduplicating summary diamonds. */
let columnMarks = new Uint8Array(0);
/** Reused by the global-sequence repeats. */
const repeats = createKeyRepeats();
/** Loop marks are drawn only when loops are at least this far apart on screen. */
const MIN_LOOP_MARK_SPACING = 8;

/** Clears the column marks for a canvas `width` px wide; returns the width covered. */
function resetColumnMarks(width: number): number {
  const columns = Math.ceil(width) + 2;
  if (columnMarks.length < columns) columnMarks = new Uint8Array(columns);
  else columnMarks.fill(0, 0, columns);
  return columns;
}

/** The loop length of an object row's global sequence, or 0 when its keys do not loop. */
function rowLoopMs(scene: TimelineScene, row: TimelineRow): number {
  if (row.kind !== 'object' || !scene.document) return 0;
  const id = scene.document.eventObjects[row.objectIndex]?.globalSequenceId;
  if (id === null || id === undefined) return 0;
  const duration = scene.document.globalSequences[id];
  return duration !== undefined && duration > 0 ? duration : 0;
}

/** A diamond as a closed run of lines. No closePath: in Chromium it costs time in proportion to the path so far, which
 * makes thousands of diamonds quadratic. */
function diamond(context: CanvasRenderingContext2D, x: number, y: number, radius: number): void {
  context.moveTo(x, y - radius);
  context.lineTo(x + radius, y);
  context.lineTo(x, y + radius);
  context.lineTo(x - radius, y);
  context.lineTo(x, y - radius);
}

/** Whether a row is drawn selected: a link's or an object's, lit as every editor lights it (selection.ts). */
export function isSelectedRow(row: TimelineRow, selection: Selection): boolean {
  if (row.kind === 'object') return objectHighlight(selection, row.objectIndex) !== '';
  if (row.kind === 'link') return linkHighlight(selection, row.link.id) !== '';
  return false;
}

/** Draws one frame. `context` is already scaled for the device pixel ratio. */
export function drawTimeline(context: CanvasRenderingContext2D, scene: TimelineScene): void {
  const { geometry, view } = scene;
  const { width, height, gutterWidth, rulerHeight, rowHeight } = geometry;
  context.save();
  context.fillStyle = C.background;
  context.fillRect(0, 0, width, height);
  const { first, last } = visibleRows(scene.rows.length, geometry);
  const { startMs, endMs } = visibleTimeRange(view, geometry);

  // Row backgrounds across the whole width.
  for (let index = first; index <= last; index += 1) {
    const row = scene.rows[index]!;
    const top = rowTop(index, geometry);
    context.fillStyle =
      row.kind === 'summary'
        ? C.summaryRow
        : row.kind === 'group'
          ? C.groupRow
          : isSelectedRow(row, scene.selection)
            ? C.rowSelected
            : index === scene.hoverRow
              ? C.rowHover
              : index % 2
                ? C.rowOdd
                : C.rowEven;
    context.fillRect(0, top, width, rowHeight);
  }

  // Key region: clip, grid, out-of-range shading, sequence bounds.
  context.save();
  context.beginPath();
  context.rect(gutterWidth, rulerHeight, width - gutterWidth, height - rulerHeight);
  context.clip();
  const ticks = rulerTicks(view, geometry, scene.unit, scene.frameStepMs);
  for (const tick of ticks) {
    const x = Math.round(timeToScreenX(tick.timeMs, view, geometry)) + 0.5;
    context.fillStyle = tick.major ? C.gridMajor : C.gridMinor;
    context.fillRect(x - 0.5, rulerHeight, 1, height - rulerHeight);
  }
  if (scene.activeRange) {
    const left = timeToScreenX(scene.activeRange.startMs, view, geometry);
    const right = timeToScreenX(scene.activeRange.endMs, view, geometry);
    context.fillStyle = C.outside;
    if (left > gutterWidth) context.fillRect(gutterWidth, rulerHeight, left - gutterWidth, height - rulerHeight);
    if (right < width) context.fillRect(right, rulerHeight, width - right, height - rulerHeight);
  }
  context.fillStyle = C.sequenceBound;
  for (const sequence of scene.sequences) {
    drawSequenceBound(context, scene, sequence.start, startMs, endMs);
    drawSequenceBound(context, scene, sequence.end, startMs, endMs);
  }

  for (let index = first; index <= last; index += 1) drawRowContent(context, scene, index, startMs, endMs);
  drawDiamonds(context, scene, first, last, startMs, endMs);

  if (scene.box) {
    const x = Math.min(scene.box.x0, scene.box.x1);
    const y = Math.min(scene.box.y0, scene.box.y1);
    const boxWidth = Math.abs(scene.box.x1 - scene.box.x0);
    const boxHeight = Math.abs(scene.box.y1 - scene.box.y0);
    context.fillStyle = C.boxFill;
    context.fillRect(x, y, boxWidth, boxHeight);
    context.setLineDash([4, 3]);
    context.strokeStyle = C.box;
    context.strokeRect(x + 0.5, y + 0.5, boxWidth, boxHeight);
    context.setLineDash([]);
  }
  context.restore();

  drawGutter(context, scene, first, last);
  drawRuler(context, scene, ticks);
  drawPlayhead(context, scene);
  drawScrollbar(context, scene);
  context.restore();
}

/** A sequence's start or end as a faint line down the key region, when it is in view. */
function drawSequenceBound(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  timeMs: number,
  startMs: number,
  endMs: number,
): void {
  if (timeMs < startMs || timeMs > endMs) return;
  const { geometry } = scene;
  context.fillRect(
    Math.round(timeToScreenX(timeMs, scene.view, geometry)),
    geometry.rulerHeight,
    1,
    geometry.height - geometry.rulerHeight,
  );
}

/** A thin scroll thumb on the right when the rows do not fit (wheel over the names scrolls). */
function drawScrollbar(context: CanvasRenderingContext2D, scene: TimelineScene): void {
  const { geometry } = scene;
  const visible = geometry.height - geometry.rulerHeight;
  const total = scene.rows.length * geometry.rowHeight + geometry.rowHeight;
  if (total <= visible) return;
  const thumb = Math.max(24, (visible * visible) / total);
  const top = geometry.rulerHeight + ((visible - thumb) * geometry.scrollTop) / Math.max(1, total - visible);
  context.fillStyle = C.scrollThumb;
  context.beginPath();
  context.roundRect(geometry.width - 6, top + 2, 4, thumb - 4, 2);
  context.fill();
}

function timeOf(scene: TimelineScene, objectIndex: number, frameIndex: number, frame: number): number {
  return scene.draggedIds && scene.drag && scene.draggedIds.has(keyId(objectIndex, frameIndex))
    ? frame + scene.drag.deltaMs
    : frame;
}

/** The bar being drawn (the visitor below is made once: drawing allocates nothing per link). */
const barDrawing = {
  context: null as CanvasRenderingContext2D | null,
  scene: null as TimelineScene | null,
  top: 0,
  colour: '',
  entry: null as CapeEntry | null,
};

const drawLinkBar: LinkBarVisitor = (fromMs, toMs) =>
  drawBar(barDrawing.context!, barDrawing.scene!, barDrawing.top, fromMs, toMs, barDrawing.colour, barDrawing.entry);

/** A link's bars (link-bars.ts: where the viewport shows its cape, by the rule of shared/events/visibility.ts). */
function drawLinkBars(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  link: MrfLink,
  top: number,
  startMs: number,
  endMs: number,
): void {
  const entry = scene.capes[capeKey(link.path)] ?? null;
  const status = entry?.status ?? 'loading';
  barDrawing.context = context;
  barDrawing.scene = scene;
  barDrawing.top = top;
  barDrawing.entry = entry;
  barDrawing.colour =
    status === 'missing'
      ? C.linkMissing
      : status === 'unreadable'
        ? C.linkUnreadable
        : linkHighlight(scene.selection, link.id) !== ''
          ? C.linkBarSelected
          : C.linkBar;
  visitLinkBars(scene.document!, link, startMs, endMs, drawLinkBar, scene.keyShift);
}

function drawBar(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  top: number,
  fromMs: number,
  toMs: number,
  colour: string,
  entry: CapeEntry | null,
): void {
  const { view, geometry } = scene;
  const rowHeight = geometry.rowHeight;
  // A bar that runs to the end of the whole time line (a model without sequences) stops just off the canvas.
  const left = Math.max(-1, timeToScreenX(fromMs, view, geometry));
  const right = Math.min(geometry.width + 1, timeToScreenX(toMs, view, geometry));
  const barTop = top + 4;
  const barHeight = rowHeight - 8;
  context.fillStyle = colour;
  context.fillRect(left, barTop, Math.max(1, right - left), barHeight);
  const window = entry?.cape ? movingWindowMs(entry.cape.statistics) : null;
  if (window) {
    const moveLeft = timeToScreenX(Math.min(toMs, fromMs + window.startMs), view, geometry);
    const moveRight = timeToScreenX(Math.min(toMs, fromMs + window.endMs), view, geometry);
    if (moveRight > moveLeft) {
      context.fillStyle = C.linkMoving;
      context.fillRect(moveLeft, barTop + barHeight / 2 - 1.5, moveRight - moveLeft, 3);
    }
  }
}

function drawRowContent(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  index: number,
  startMs: number,
  endMs: number,
): void {
  const row = scene.rows[index]!;
  const top = rowTop(index, scene.geometry);
  if (row.kind === 'link') {
    drawLinkBars(context, scene, row.link, top, startMs, endMs);
  } else if (row.kind === 'object') {
    const loopMs = rowLoopMs(scene, row);
    if (loopMs > 0 && loopMs * scene.view.pixelsPerMs >= MIN_LOOP_MARK_SPACING) {
      keyRepeatsInRange(0, loopMs, startMs, endMs, 0, repeats);
      context.fillStyle = C.loopBoundary;
      for (let index = 0; index < repeats.count; index += 1) {
        context.fillRect(
          Math.round(timeToScreenX(repeatTime(repeats, index), scene.view, scene.geometry)),
          top + 2,
          1,
          scene.geometry.rowHeight - 4,
        );
      }
    }
  } else if (row.kind === 'cape' && scene.standaloneCape?.cape) {
    const window = movingWindowMs(scene.standaloneCape.cape.statistics);
    const end = window ? window.endMs : 1000;
    drawBar(context, scene, top, 0, Math.max(end, 1), C.capeBar, scene.standaloneCape);
  }
}

function drawDiamonds(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  first: number,
  last: number,
  startMs: number,
  endMs: number,
): void {
  const { view, geometry, selection } = scene;
  const margin = DIAMOND / view.pixelsPerMs;
  const low = startMs - margin;
  const high = endMs + margin;
  const document = scene.document;
  drawRepeats(context, scene, first, last, low, high);
  // Pass 0 draws unselected keys, pass 1 selected ones on top; each pass is one path.
  for (let pass = 0; pass < 2; pass += 1) {
    context.beginPath();
    for (let index = first; index <= last; index += 1) {
      const row = scene.rows[index]!;
      const centre = rowTop(index, geometry) + geometry.rowHeight / 2;
      if (row.kind === 'cape') {
        if (pass === 0) drawCapeKeyframes(context, scene, centre, low, high);
        continue;
      }
      if (!document) continue;
      const aggregate = row.kind === 'summary' || row.kind === 'group';
      const radius = aggregate ? SMALL_DIAMOND : DIAMOND;
      const objects = row.objectIndices;
      // One diamond per pixel column and pass: keys closer than a pixel look the same, and a
      // row holding thousands of keys stays a few hundred path segments.
      const width = resetColumnMarks(geometry.width);
      for (const objectIndex of objects) {
        const frames = document.eventObjects[objectIndex]?.frames;
        if (!frames) continue;
        for (let frameIndex = 0; frameIndex < frames.length; frameIndex += 1) {
          const time = timeOf(scene, objectIndex, frameIndex, frames[frameIndex]!);
          if (time < low || time > high) continue;
          const selected = selection.keys.has(keyId(objectIndex, frameIndex));
          if (selected !== (pass === 1)) continue;
          const column = Math.round(timeToScreenX(time, view, geometry));
          if (column < 0 || column >= width || columnMarks[column]) continue;
          columnMarks[column] = 1;
          diamond(context, column + 0.5, centre, radius);
        }
      }
    }
    context.fillStyle = pass === 0 ? C.key : C.keySelected;
    context.fill();
    context.lineWidth = 1;
    context.strokeStyle = C.keyOutline;
    context.stroke();
  }
}

/** Faded copies of the keys of global-sequence rows at every later loop (one path, one per pixel column and row). */
function drawRepeats(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  first: number,
  last: number,
  low: number,
  high: number,
): void {
  const { view, geometry, document } = scene;
  if (!document) return;
  const minStepMs = 1 / view.pixelsPerMs;
  let any = false;
  context.beginPath();
  for (let index = first; index <= last; index += 1) {
    const row = scene.rows[index]!;
    const loopMs = rowLoopMs(scene, row);
    if (loopMs === 0 || row.kind !== 'object') continue;
    const frames = document.eventObjects[row.objectIndex]?.frames;
    if (!frames) continue;
    const centre = rowTop(index, geometry) + geometry.rowHeight / 2;
    const width = resetColumnMarks(geometry.width);
    for (let frameIndex = 0; frameIndex < frames.length; frameIndex += 1) {
      keyRepeatsInRange(
        timeOf(scene, row.objectIndex, frameIndex, frames[frameIndex]!),
        loopMs,
        low,
        high,
        minStepMs,
        repeats,
      );
      for (let repeat = 0; repeat < repeats.count; repeat += 1) {
        const column = Math.round(timeToScreenX(repeatTime(repeats, repeat), view, geometry));
        if (column < 0 || column >= width || columnMarks[column]) continue;
        columnMarks[column] = 1;
        diamond(context, column + 0.5, centre, DIAMOND);
        any = true;
      }
    }
  }
  if (!any) return;
  context.fillStyle = C.keyGhost;
  context.fill();
  context.lineWidth = 1;
  context.strokeStyle = C.keyGhostOutline;
  context.stroke();
}

function drawCapeKeyframes(
  context: CanvasRenderingContext2D,
  scene: TimelineScene,
  centre: number,
  low: number,
  high: number,
): void {
  const statistics = scene.standaloneCape?.cape?.statistics;
  if (!statistics || statistics.frameInterval <= 0) return;
  const stepPixels = statistics.frameInterval * 1000 * scene.view.pixelsPerMs;
  const stride = Math.max(1, Math.ceil(6 / Math.max(stepPixels, 1e-6)));
  for (let index = 0; index < statistics.keyframeCount; index += stride) {
    const time = (index * statistics.frameInterval - statistics.initialTime) * 1000;
    if (time < low || time > high || time < 0) continue;
    diamond(context, Math.round(timeToScreenX(time, scene.view, scene.geometry)) + 0.5, centre, SMALL_DIAMOND);
  }
}

function drawGutter(context: CanvasRenderingContext2D, scene: TimelineScene, first: number, last: number): void {
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
