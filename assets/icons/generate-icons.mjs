#!/usr/bin/env node
// Draws the Morf Studio icon (a cape over a timeline with its event keys, on a dark rounded
// square) and writes every format the installers use: PNGs from 16 to 1024 px (Linux),
// icon.ico (Windows; PNG-compressed entries 16–256 px) and icon.icns (macOS; PNG entries
// ic07–ic10). Run: `node assets/icons/generate-icons.mjs`. Deterministic: the same bytes each run.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const here = dirname(fileURLToPath(import.meta.url));
const samplesPerAxis = 4;

const mix = (a, b, t) => a + (b - a) * t;
const mixColor = (a, b, t) => [mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t)];
const hex = (value) => [1, 3, 5].map((index) => parseInt(value.slice(index, index + 2), 16));

const background = { top: hex('#34343a'), bottom: hex('#1a1a1d'), edge: hex('#4a4a52') };
const cape = { top: hex('#f5a040'), bottom: hex('#b8500a') };
const timeline = { line: hex('#6a6a72'), key: hex('#e6e6e6'), active: hex('#ffd75e') };

/** Signed distance to a rounded square centred at 0.5 (negative inside). */
function roundedSquare(u, v, half, radius) {
  const dx = Math.max(Math.abs(u - 0.5) - (half - radius), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (half - radius), 0);
  const inner = Math.min(Math.max(Math.abs(u - 0.5), Math.abs(v - 0.5)) - (half - radius), 0);
  return Math.hypot(dx, dy) + inner - radius;
}

/** The hem of the cape, waving like cloth. */
const hem = (u) => 0.7 + 0.035 * Math.sin(((u - 0.2) / 0.6) * 3 * Math.PI);

/** Colour of one sample (RGBA 0–255, alpha 0 outside the icon). */
function sample(u, v) {
  const edge = roundedSquare(u, v, 0.44, 0.19);
  if (edge > 0) return [0, 0, 0, 0];
  let color = mixColor(background.top, background.bottom, v);
  if (edge > -0.012) color = background.edge;

  // The cape: shoulders at the top, widening to a waving hem, with shaded folds.
  const top = 0.2;
  if (v >= top && v <= hem(u)) {
    const t = (v - top) / 0.5;
    const halfWidth = 0.13 + 0.17 * Math.sqrt(Math.min(Math.max(t, 0), 1));
    const offset = u - 0.5;
    if (Math.abs(offset) <= halfWidth) {
      const across = offset / halfWidth;
      const fold = 0.82 + 0.18 * Math.cos(across * 2.5 * Math.PI + t * 1.2);
      const base = mixColor(cape.top, cape.bottom, Math.min(Math.max(t, 0), 1));
      color = base.map((channel) => channel * fold);
      if (v < top + 0.03) color = mixColor(color, [40, 20, 8], 0.55); // the collar
    }
  }

  // The timeline with three event keys (diamonds); the middle one selected.
  const lineY = 0.83;
  if (Math.abs(v - lineY) < 0.009 && u > 0.2 && u < 0.8) color = timeline.line;
  for (const [keyU, active] of [[0.32, false], [0.5, true], [0.68, false]]) {
    if (Math.abs(u - keyU) + Math.abs(v - lineY) < 0.045) color = active ? timeline.active : timeline.key;
  }
  return [color[0], color[1], color[2], 255];
}

/** Render the icon at `size` pixels with supersampling. */
function render(size) {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samplesPerAxis; sy += 1) {
        for (let sx = 0; sx < samplesPerAxis; sx += 1) {
          const u = (x + (sx + 0.5) / samplesPerAxis) / size;
          const v = (y + (sy + 0.5) / samplesPerAxis) / size;
          const [sr, sg, sb, sa] = sample(u, v);
          r += sr * sa;
          g += sg * sa;
          b += sb * sa;
          a += sa;
        }
      }
      const offset = (y * size + x) * 4;
      png.data[offset] = a ? Math.round(r / a) : 0;
      png.data[offset + 1] = a ? Math.round(g / a) : 0;
      png.data[offset + 2] = a ? Math.round(b / a) : 0;
      png.data[offset + 3] = Math.round(a / (samplesPerAxis * samplesPerAxis));
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

/** A Windows .ico holding PNG-compressed images (Windows Vista and later). */
function ico(images) {
  const headerBytes = 6;
  const entryBytes = 16;
  const header = Buffer.alloc(headerBytes + entryBytes * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = headerBytes + index * entryBytes;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

/** A macOS .icns holding PNG entries. */
function icns(entries) {
  const chunks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const pngs = new Map(sizes.map((size) => [size, render(size)]));
for (const size of sizes) writeFileSync(join(here, `${size}x${size}.png`), pngs.get(size));
writeFileSync(join(here, 'icon.png'), pngs.get(512));
writeFileSync(join(here, 'icon.ico'), ico([16, 32, 48, 64, 128, 256].map((size) => ({ size, png: pngs.get(size) }))));
writeFileSync(
  join(here, 'icon.icns'),
  icns([
    { type: 'ic07', png: pngs.get(128) },
    { type: 'ic08', png: pngs.get(256) },
    { type: 'ic09', png: pngs.get(512) },
    { type: 'ic10', png: pngs.get(1024) },
  ]),
);
process.stdout.write(`icons written to ${here}\n`);
