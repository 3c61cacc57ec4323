/**
 * What end-to-end tests do with a render (issue 24): fill the render dialog, choose where it saves in the in-app file
 * browser, turn viewport overlays on and off, and compare a render with the viewport (the camera view's 4:3 frame,
 * area-averaged to the render's size).
 */
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { expect } from 'vitest';

/** The area-average of `picture`'s rectangle (x, y, width, height) resampled to `width` × `height`. */
export function resample(
  picture: PNG,
  rect: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
): PNG {
  const out = new PNG({ width, height });
  const scaleX = rect.width / width;
  const scaleY = rect.height / height;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const sum = [0, 0, 0];
      let weight = 0;
      const x0 = rect.x + x * scaleX;
      const y0 = rect.y + y * scaleY;
      for (let sy = Math.floor(y0); sy < Math.ceil(y0 + scaleY); sy += 1)
        for (let sx = Math.floor(x0); sx < Math.ceil(x0 + scaleX); sx += 1) {
          const w =
            Math.max(0, Math.min(sx + 1, x0 + scaleX) - Math.max(sx, x0)) *
            Math.max(0, Math.min(sy + 1, y0 + scaleY) - Math.max(sy, y0));
          if (w <= 0) continue;
          const offset = (sy * picture.width + sx) * 4;
          for (let channel = 0; channel < 3; channel += 1) sum[channel]! += picture.data[offset + channel]! * w;
          weight += w;
        }
      const target = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) out.data[target + channel] = Math.round(sum[channel]! / weight);
      out.data[target + 3] = 255;
    }
  return out;
}

/** The largest 4:3 rectangle centred in a canvas (the camera view's frame). */
export function frameOf(width: number, height: number) {
  const frameWidth = Math.min(width, (height * 4) / 3);
  const frameHeight = (frameWidth * 3) / 4;
  return { x: (width - frameWidth) / 2, y: (height - frameHeight) / 2, width: frameWidth, height: frameHeight };
}

/** Turns an overlay on or off through the viewport's Overlays menu. */
export async function toggleOverlay(page: Page, label: string): Promise<void> {
  await page
    .locator('[data-area="viewport"] .area-header button', { hasText: 'Overlays' })
    .dispatchEvent('pointerdown');
  await page.locator('.menu .menu-item', { hasText: label }).click();
}

/** Chooses where to save in the in-app file browser. */
export async function saveTo(page: Page, path: string): Promise<void> {
  await page.waitForSelector('[data-testid="file-browser-path"]');
  const name = path.split('/').pop()!;
  const folder = path.slice(0, -name.length - 1);
  await page.fill('[data-testid="file-browser-path"]', folder);
  await page.press('[data-testid="file-browser-path"]', 'Enter');
  // The folder's listing is shown before the name is typed (Save goes into the folder shown).
  await expect
    .poll(() => page.getByTestId('file-browser-entries').getAttribute('data-location'), { timeout: 20_000 })
    .toBe(folder);
  await page.fill('[data-testid="file-browser-name"]', name);
  await page.click('[data-testid="file-browser-accept"]');
}

/** Fills the render dialog (it must be open). */
export async function fillRenderDialog(
  page: Page,
  settings: {
    width: number;
    height: number;
    fps?: number;
    fromMs?: number;
    toMs?: number;
    format?: string;
    quality?: string;
  },
): Promise<void> {
  await page.getByTestId('render-dialog').waitFor();
  await page.getByTestId('render-width').fill(String(settings.width));
  await page.getByTestId('render-height').fill(String(settings.height));
  if (settings.fps !== undefined) await page.getByTestId('render-fps').fill(String(settings.fps));
  if (settings.fromMs !== undefined) {
    await page.getByTestId('render-range').selectOption('custom');
    await page.getByTestId('render-fromMs').fill(String(settings.fromMs));
    await page.getByTestId('render-toMs').fill(String(settings.toMs));
  }
  if (settings.format) {
    await expect.poll(() => page.getByTestId('render-format').locator('option').allTextContents()).not.toEqual([]);
    await page.getByTestId('render-format').selectOption(settings.format);
  }
  if (settings.quality) await page.getByTestId('render-quality').selectOption(settings.quality);
}
