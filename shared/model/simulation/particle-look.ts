/**
 * What a particle emitter 2's particle looks like at a point of its life (pure; the viewport writes it into each
 * particle's instance data, the tests compute it by hand):
 *
 * - Its life runs in two segments split at `time` (the middle, 0–1): from the first segment colour, alpha and
 *   scaling to the second over [0, time], then from the second to the third over [time, 1] (linear in each).
 *   Colours are stored blue, green, red (as every MDX colour) and come out red, green, blue; alphas are 0–255.
 * - Its texture cell in the `rows` × `columns` grid (read left to right, top to bottom) comes from an interval
 *   (first cell, last cell, repeat): the head's over the first segment, its decay interval over the second, and the
 *   tail's two likewise. Over a segment the cells from first to last are shown `repeat` times — cell
 *   first + ⌊(last − first) · repeat · factor⌋ mod (last − first) — and an interval whose last cell is not after its
 *   first holds its first cell (mdx-m3-viewer's and Warsmash's rule; cells past the grid are held at its last).
 * - A team-coloured emitter (replaceable id 1 or 2) draws the whole team colour or glow texture: cell 0 of a 1 × 1
 *   grid.
 */
import type { ParticleEmitter2 } from '../index';

/** An emitter's look, prepared once. */
export interface Particle2Look {
  /** Red, green, blue, alpha (0–1) of the three segments. */
  readonly colors: Float64Array;
  readonly scaling: Float64Array;
  /** Head, head decay, tail, tail decay: first cell, last cell, repeat each. */
  readonly intervals: Float64Array;
  /** The middle of the life, in [0, 1]. */
  readonly timeMiddle: number;
  readonly columns: number;
  readonly rows: number;
  /** Cells in the grid. */
  readonly cells: number;
  readonly teamColored: boolean;
}

/** A count of grid cells read from the file: at least 1, a whole number, at most 256. */
function gridCount(value: number): number {
  return value >= 1 ? Math.min(256, Math.floor(value)) : 1;
}

/** Prepares an emitter's look. */
export function particle2Look(emitter: ParticleEmitter2): Particle2Look {
  const colors = new Float64Array(12);
  for (let segment = 0; segment < 3; segment += 1) {
    const stored = emitter.segmentColors;
    colors[segment * 4] = finite(stored[segment * 3 + 2]);
    colors[segment * 4 + 1] = finite(stored[segment * 3 + 1]);
    colors[segment * 4 + 2] = finite(stored[segment * 3]);
    colors[segment * 4 + 3] = (emitter.segmentAlphas[segment] ?? 255) / 255;
  }
  const scaling = Float64Array.from([0, 1, 2], (segment) => finite(emitter.segmentScaling[segment]));
  const intervals = new Float64Array(12);
  [emitter.headInterval, emitter.headDecayInterval, emitter.tailInterval, emitter.tailDecayInterval].forEach(
    (interval, index) => {
      for (let part = 0; part < 3; part += 1) intervals[index * 3 + part] = interval[part] ?? 0;
    },
  );
  const teamColored = emitter.replaceableId === 1 || emitter.replaceableId === 2;
  const columns = teamColored ? 1 : gridCount(emitter.columns);
  const rows = teamColored ? 1 : gridCount(emitter.rows);
  const middle = emitter.time;
  return {
    colors,
    scaling,
    intervals,
    timeMiddle: middle >= 0 ? Math.min(middle, 1) : 0,
    columns,
    rows,
    cells: columns * rows,
    teamColored,
  };
}

function finite(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) ? value : 0;
}

/** Floats {@link particleLookAt} writes: red, green, blue, alpha, scale, cell. */
export const LOOK_FLOATS = 6;

/**
 * The look of a particle `ageFraction` (0–1) into its life — a head, or a tail when `tail` — written into
 * `out[offset…]`: red, green, blue, alpha, scale (half the quad's side), texture cell.
 */
export function particleLookAt(
  look: Particle2Look,
  ageFraction: number,
  tail: boolean,
  out: Float32Array | Float64Array,
  offset: number,
): void {
  out[offset] = ageFraction;
  writeParticleLook(look, tail, out, offset);
}

/**
 * {@link particleLookAt} with the age fraction read from `io[offset]` (the viewport's per-particle call: a
 * fractional number passed as an argument would be boxed when the call is not inlined).
 */
export function writeParticleLook(
  look: Particle2Look,
  tail: boolean,
  io: Float32Array | Float64Array,
  offset: number,
): void {
  const ageFraction = io[offset]!;
  const middle = look.timeMiddle;
  let segment: number;
  let factor: number;
  if (ageFraction < middle) {
    segment = 0;
    factor = ageFraction / middle;
  } else {
    segment = 1;
    factor = middle < 1 ? (ageFraction - middle) / (1 - middle) : 1;
  }
  if (!(factor >= 0)) factor = 0;
  else if (factor > 1) factor = 1;
  const colors = look.colors;
  const from = segment * 4;
  for (let channel = 0; channel < 4; channel += 1)
    io[offset + channel] = colors[from + channel]! + (colors[from + 4 + channel]! - colors[from + channel]!) * factor;
  const scaling = look.scaling;
  io[offset + 4] = scaling[segment]! + (scaling[segment + 1]! - scaling[segment]!) * factor;
  if (look.teamColored) {
    io[offset + 5] = 0;
    return;
  }
  io[offset + 5] = factor;
  io[offset + 5] = cellFrom(look, (tail ? 2 : 0) + segment, io, offset + 5);
}

/** The cell of interval `interval` (0 head, 1 head decay, 2 tail, 3 tail decay) at `factor` of its segment. */
export function cellOf(look: Particle2Look, interval: number, factor: number): number {
  cellFactor[0] = factor;
  return cellFrom(look, interval, cellFactor, 0);
}

const cellFactor = new Float64Array(1);

/** {@link cellOf} with the factor read from `io[at]`. */
function cellFrom(look: Particle2Look, interval: number, io: Float32Array | Float64Array, at: number): number {
  const factor = io[at]!;
  const intervals = look.intervals;
  const first = intervals[interval * 3]!;
  const last = intervals[interval * 3 + 1]!;
  const repeat = intervals[interval * 3 + 2]!;
  const count = last - first;
  let cell = first;
  if (count > 0) {
    const step = Math.floor(count * repeat * factor);
    cell = first + (step - Math.floor(step / count) * count);
  }
  return cell < look.cells ? cell : look.cells - 1;
}
