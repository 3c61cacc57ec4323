/**
 * The dope sheet's ruler and playhead: the time numbers, the named sequence bands along the ruler's bottom and the
 * playhead with its time label. Where each label goes is decided by the placement functions below, which the
 * drawing and `rulerLabels` (what the automation surface reports, so a test can check that no label is covered or
 * cut) share.
 */
import { rulerTicks, timeToScreenX, formatTime } from './layout';
import type { TimelineScene } from './timeline-scene';
import { TIMELINE_COLOURS as C } from './theme';
import type { RulerLabelBox as RulerLabel } from '../../state/area-commands';

/** Height of the named sequence bands at the bottom of the ruler (px). */
const SEQUENCE_BAND_HEIGHT = 13;
/** The fonts of the ruler's labels. */
const TICK_FONT = '11px Inter, "DejaVu Sans", system-ui, sans-serif';
const SEQUENCE_FONT = '10px Inter, "DejaVu Sans", system-ui, sans-serif';
const PLAYHEAD_FONT = '600 11px Inter, "DejaVu Sans", system-ui, sans-serif';

/** Measures text in a font (a 2D context's measureText). */
export type MeasureText = (text: string, font: string) => number;

/** The top of the sequence bands. */
function bandTop(scene: TimelineScene): number {
  return scene.geometry.rulerHeight - SEQUENCE_BAND_HEIGHT - 2;
}

/**
 * The playhead's time label: its box, or null when the playhead is out of view. It sits in the numbers' row, above
 * the sequence bands, so a sequence's name where the sequence starts is never under it (as in Blender, the numbers
 * it passes over are hidden by it).
 */
function playheadLabelBox(scene: TimelineScene, textWidth: number) {
  const { geometry, view } = scene;
  const x = Math.round(timeToScreenX(scene.playheadMs, view, geometry));
  if (x < geometry.gutterWidth - 1 || x > geometry.width + 1) return null;
  const width = Math.max(24, textWidth + 12);
  const left = Math.max(geometry.gutterWidth, Math.min(geometry.width - width, x - width / 2));
  return { x, left, width, top: 2, height: bandTop(scene) - 4 };
}

/**
 * Whether a time number centred at `x` is written: only whole, inside the key region — a number reaching the
 * row-names column would show cut, from behind it.
 */
function tickLabelShown(scene: TimelineScene, x: number, textWidth: number): boolean {
  return x - textWidth / 2 >= scene.geometry.gutterWidth + 2 && x + textWidth / 2 <= scene.geometry.width;
}

/** A sequence's name in its band: where it starts and the band's right end, or null when it is not written. */
function sequenceNamePlace(scene: TimelineScene, start: number, end: number) {
  const { geometry, view } = scene;
  const left = timeToScreenX(start, view, geometry);
  const right = timeToScreenX(end, view, geometry);
  if (right < geometry.gutterWidth || left > geometry.width) return null;
  const textLeft = Math.max(left, geometry.gutterWidth) + 3;
  return { left, right, textLeft, shown: right - textLeft >= 12 };
}

/**
 * The labels the ruler writes for a scene, in drawing order (the playhead's last, on top), each as the box its text
 * would take unclipped: a number reaching left of the gutter's edge is cut by it.
 */
export function rulerLabels(scene: TimelineScene, measure: MeasureText): RulerLabel[] {
  const { geometry, view } = scene;
  const labels: RulerLabel[] = [];
  const top = bandTop(scene);
  for (const sequence of scene.sequences) {
    const place = sequenceNamePlace(scene, sequence.start, sequence.end);
    if (!place?.shown) continue;
    const right = Math.min(place.textLeft + measure(sequence.name, SEQUENCE_FONT), place.right - 2);
    labels.push({ kind: 'sequence', text: sequence.name, left: place.textLeft, right, top, bottom: top + 13 });
  }
  for (const tick of rulerTicks(view, geometry, scene.unit, scene.frameStepMs)) {
    if (!tick.major) continue;
    const x = Math.round(timeToScreenX(tick.timeMs, view, geometry)) + 0.5;
    const width = measure(tick.label, TICK_FONT);
    if (!tickLabelShown(scene, x, width)) continue;
    labels.push({ kind: 'tick', text: tick.label, left: x - width / 2, right: x + width / 2, top: 2, bottom: 14 });
  }
  const text = formatTime(scene.playheadMs, scene.unit, scene.frameStepMs);
  const box = playheadLabelBox(scene, measure(text, PLAYHEAD_FONT));
  if (box)
    labels.push({
      kind: 'playhead',
      text,
      left: box.left,
      right: box.left + box.width,
      top: box.top,
      bottom: box.top + box.height,
    });
  return labels;
}

/** The ruler: background, sequence bands with their names, time ticks and numbers, and the unit in the gutter. */
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
  const top = bandTop(scene);
  context.font = SEQUENCE_FONT;
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  scene.sequences.forEach((sequence, index) => {
    const place = sequenceNamePlace(scene, sequence.start, sequence.end);
    if (!place) return;
    context.fillStyle = index === scene.sequenceIndex ? C.sequenceBandActive : C.sequenceBand;
    context.fillRect(place.left, top, Math.max(1, place.right - place.left), SEQUENCE_BAND_HEIGHT);
    if (!place.shown) return;
    context.save();
    context.beginPath();
    context.rect(place.textLeft, top, place.right - place.textLeft - 2, SEQUENCE_BAND_HEIGHT);
    context.clip();
    context.fillStyle = C.rulerText;
    context.fillText(sequence.name, place.textLeft, top + SEQUENCE_BAND_HEIGHT / 2 + 0.5);
    context.restore();
  });
  context.font = TICK_FONT;
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  for (const tick of ticks) {
    const x = Math.round(timeToScreenX(tick.timeMs, view, geometry)) + 0.5;
    context.fillStyle = tick.major ? C.rulerText : C.gridMajor;
    context.fillRect(x - 0.5, top - (tick.major ? 6 : 3), 1, tick.major ? 5 : 2);
    if (tick.major && tickLabelShown(scene, x, context.measureText(tick.label).width))
      context.fillText(tick.label, x, 8);
  }
  context.restore();
  context.fillStyle = C.textDim;
  context.font = TICK_FONT;
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

/** The playhead: its line down the rows and its time label in the ruler. */
export function drawPlayhead(context: CanvasRenderingContext2D, scene: TimelineScene): void {
  const { geometry } = scene;
  const label = formatTime(scene.playheadMs, scene.unit, scene.frameStepMs);
  context.font = PLAYHEAD_FONT;
  const box = playheadLabelBox(scene, context.measureText(label).width);
  if (!box) return;
  context.fillStyle = C.playhead;
  context.fillRect(box.x - 1, geometry.rulerHeight, 2, geometry.height - geometry.rulerHeight);
  context.beginPath();
  context.roundRect(box.left, box.top, box.width, box.height, 4);
  context.fill();
  context.fillStyle = C.playheadText;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, box.left + box.width / 2, box.top + box.height / 2);
}
