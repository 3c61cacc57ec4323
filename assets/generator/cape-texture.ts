/**
 * The sample capes' texture: dark red cloth with a fine twill weave, a gold trim band with a
 * diamond chain along the hem, gold side lines, a darker collar and a gold lozenge emblem.
 * V = 0 is the top of the image (the shoulders), as the capes' UVs are stored.
 */
import { hash2 } from './random';

type Rgb = [number, number, number];

const CLOTH: Rgb = [104, 12, 20];
const CLOTH_DARK: Rgb = [58, 6, 12];
const GOLD: Rgb = [214, 166, 62];
const GOLD_DARK: Rgb = [150, 104, 30];
const SUPERSAMPLES = 3;
const NOISE_SEED = 0x0a57_ca9e;

/** RGBA pixels (rows top to bottom) of a `width × height` cape texture. */
export function capeTextureRgba(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  const sample: Rgb = [0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let sy = 0; sy < SUPERSAMPLES; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLES; sx += 1) {
          capeColor((x + (sx + 0.5) / SUPERSAMPLES) / width, (y + (sy + 0.5) / SUPERSAMPLES) / height, sample);
          red += sample[0];
          green += sample[1];
          blue += sample[2];
        }
      }
      const weave = weaveShade(x, y);
      const count = SUPERSAMPLES * SUPERSAMPLES;
      const at = (y * width + x) * 4;
      rgba[at] = clampByte((red / count) * weave);
      rgba[at + 1] = clampByte((green / count) * weave);
      rgba[at + 2] = clampByte((blue / count) * weave);
      rgba[at + 3] = 255;
    }
  }
  return rgba;
}

/** A twill weave (diagonal ribs) with a little per-pixel noise. */
function weaveShade(x: number, y: number): number {
  const rib = (x + y) % 4 < 2 ? 1.06 : 0.94;
  return rib * (0.93 + 0.14 * hash2(x, y, NOISE_SEED));
}

/** The colour at texture coordinates (u, v) before the weave. */
function capeColor(u: number, v: number, out: Rgb): void {
  // Cloth, darkening towards the collar and the hem's shadow.
  const shade = 0.8 + 0.2 * Math.sin(Math.PI * Math.min(1, v * 1.1));
  set(out, CLOTH, shade);
  if (v < 0.06) set(out, CLOTH_DARK, 1);
  if (band(v, 0.06, 0.075)) set(out, GOLD, 1);
  // Gold side lines down to the hem band.
  if (v > 0.075 && v < 0.84 && (band(u, 0.035, 0.05) || band(u, 0.95, 0.965))) set(out, GOLD, 1);
  // Hem: a thin gold line, a gold band with a chain of dark red diamonds, a dark hem edge.
  if (band(v, 0.84, 0.852)) set(out, GOLD, 1);
  if (band(v, 0.868, 0.968)) {
    const cellU = (u * 14) % 1;
    const cellV = (v - 0.868) / 0.1;
    const diamond = Math.abs(cellU - 0.5) + Math.abs(cellV - 0.5);
    if (diamond < 0.32) set(out, CLOTH, 0.85);
    else if (diamond < 0.4) set(out, GOLD_DARK, 1);
    else set(out, GOLD, 1);
  }
  if (v >= 0.968) set(out, CLOTH_DARK, 1);
  emblem(u, v, out);
}

/** A gold lozenge outline with a small diamond and four points inside, centred high on the back. */
function emblem(u: number, v: number, out: Rgb): void {
  const dx = Math.abs(u - 0.5) / 0.17;
  const dy = Math.abs(v - 0.4) / 0.24;
  const lozenge = dx + dy;
  if (lozenge > 0.84 && lozenge < 1) set(out, GOLD, 1);
  else if (lozenge > 0.78 && lozenge <= 0.84) set(out, GOLD_DARK, 1);
  if (lozenge < 0.3) set(out, GOLD, 1);
  else if (lozenge < 0.36) set(out, GOLD_DARK, 1);
  // Four points between the inner diamond and the outline.
  const onAxis = Math.min(dx, dy);
  const along = Math.max(dx, dy);
  if (along > 0.42 && along < 0.7 && onAxis < (0.07 * (0.7 - along)) / 0.28) set(out, GOLD, 1);
}

function band(value: number, from: number, to: number): boolean {
  return value >= from && value < to;
}

function set(out: Rgb, color: Rgb, scale: number): void {
  out[0] = color[0] * scale;
  out[1] = color[1] * scale;
  out[2] = color[2] * scale;
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
