/**
 * End to end in Debian Chromium through the browser shell, on real files:
 *  - a sample cape opened on its own plays in the viewport with its keyframes on the timeline,
 *    framed facing its broad side over the grid floor, its texture legible from both sides;
 *  - the sample cinematic: six links found, a cape on screen at 20,000 ms and none at 23,000 ms,
 *    the show key of link 0001 dragged +500 ms, undo, redo, save — and the saved model read back
 *    with `morf inspect --json`: the frame moved, every byte outside the EVTS chunk unchanged;
 *  - the data folder menu: a map's imports stacked over the game's data moved down and the game's
 *    data removed, the capes resolving again after each change.
 * Screenshots are kept in test-output/e2e/. Skips with a clear message when no Chromium is found
 * (a failure under CI=true).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  launchBrowser,
  openEditor,
  outputDirectory,
  repositoryRoot,
  screenshot,
  startWebShell,
  type WebShell,
} from './harness';
import { afterRender, differingPixels, setPlayhead, snapshot, waitForOpenedView } from './editor-page';

const skipReason = browserSkipReason();
if (skipReason) process.stderr.write(`[e2e] skipping the browser tests: ${skipReason}\n`);

const sampleDirectory = join(repositoryRoot, 'assets', 'sample');
const sampleModel = join(sampleDirectory, 'ArthasIllidanSample.mdx');
const sampleData = join(sampleDirectory, 'data');
const sampleCape = join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf');
const VIEWPORT_BACKGROUND = [0x3d, 0x3d, 0x3d];

/** What the viewport drew apart from the background. */
interface Foreground {
  /** Pixels that differ from the background. */
  count: number;
  /** Their mean brightest channel (0–255): a cape lit only from one side is near black from the other. */
  meanBrightness: number;
  /** The capture. */
  png: PNG;
}

/**
 * Pixels of the viewport's WebGL drawing buffer (read with toDataURL, which the kept drawing
 * buffer allows; HTML overlays are not in it) that differ from the background, leaving out the
 * axis gizmo's corner. The image is kept as test output.
 */
async function foregroundPixels(page: Page, name: string): Promise<number> {
  return (await foreground(page, name)).count;
}

/** {@link foregroundPixels} with the brightness of those pixels. */
async function foreground(page: Page, name: string): Promise<Foreground> {
  const dataUrl = await page
    .locator('[data-area="viewport"] canvas')
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL('image/png'));
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  mkdirSync(outputDirectory, { recursive: true });
  writeFileSync(join(outputDirectory, `${name}.png`), bytes);
  const png = PNG.sync.read(bytes);
  const gizmo =
    150 * (png.width / (await page.locator('[data-area="viewport"] canvas').evaluate((canvas) => canvas.clientWidth)));
  let count = 0;
  let brightness = 0;
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      if (x > png.width - gizmo && y < gizmo) continue;
      const offset = (y * png.width + x) * 4;
      const difference =
        Math.abs(png.data[offset]! - VIEWPORT_BACKGROUND[0]!) +
        Math.abs(png.data[offset + 1]! - VIEWPORT_BACKGROUND[1]!) +
        Math.abs(png.data[offset + 2]! - VIEWPORT_BACKGROUND[2]!);
      if (difference <= 24) continue;
      count += 1;
      brightness += Math.max(png.data[offset]!, png.data[offset + 1]!, png.data[offset + 2]!);
    }
  }
  return { count, meanBrightness: count > 0 ? brightness / count : 0, png };
}

/** Presses a key over the viewport (its keys go to the hovered area) and waits for the new frame. */
async function viewportKey(page: Page, key: string): Promise<void> {
  await page.locator('[data-area="viewport"] canvas').hover();
  await afterRender(page, () => page.keyboard.press(key));
}

/** Turns an overlay off through the viewport's Overlays menu. */
async function toggleOverlay(page: Page, label: string): Promise<void> {
  await page
    .locator('[data-area="viewport"] .area-header button', { hasText: 'Overlays' })
    .dispatchEvent('pointerdown');
  await page.locator('.menu .menu-item', { hasText: label }).click();
}

/** The MDX chunks as (tag, bytes) in file order. */
function mdxChunks(bytes: Uint8Array): { tag: string; bytes: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { tag: string; bytes: Uint8Array }[] = [];
  let offset = 4;
  while (offset + 8 <= bytes.length) {
    const tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    chunks.push({ tag, bytes: bytes.subarray(offset, offset + 8 + size) });
    offset += 8 + size;
  }
  return chunks;
}

describe.skipIf(skipReason !== null)('the editor in Chromium through the browser shell', () => {
  let browser: Browser;
  const shells: WebShell[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const shell of shells) await shell.close();
  });

  it(
    'plays a cape opened on its own, with its keyframes on the timeline, lit from both sides over the grid ' + 'floor',
    async () => {
      const shell = await startWebShell(['--data', sampleData, sampleCape]);
      shells.push(shell);
      const page = await openEditor(browser, shell.url);
      await expect.poll(async () => (await snapshot(page)).file).toBe(sampleCape);
      await expect(page.getByTestId('outliner-row-cape').getAttribute('data-status')).resolves.toBe('found');
      await expect
        .poll(() => page.getByTestId('viewport-stats').textContent())
        .toMatch(/Capes 1 · Vertices [\d,]+ · Faces/);
      await expect
        .poll(() => page.getByTestId('properties').textContent(), { timeout: 10_000 })
        .toMatch(/Texture state\s*ready/);
      await page.waitForTimeout(300);
      const withGrid = await foreground(page, 'cape-alone-grid');
      await screenshot(page, 'cape-alone');
      await afterRender(page, async () => {
        await toggleOverlay(page, 'Grid floor');
        await toggleOverlay(page, 'Axes');
      });
      // The first view faces the cape's broad side; its texture reads (dark red with gold, not black).
      const outer = await foreground(page, 'cape-alone-viewport');
      expect(outer.count).toBeGreaterThan(20_000);
      expect(outer.meanBrightness).toBeGreaterThan(75);
      // The grid floor and its axis lines were on screen around the framed cape.
      expect(differingPixels(withGrid.png, outer.png, 12)).toBeGreaterThan(8_000);
      // Numpad 3 looks along −X at the side facing the character: lit as well (two-sided lighting).
      await viewportKey(page, 'Numpad3');
      const inner = await foreground(page, 'cape-alone-inner-viewport');
      expect(inner.count).toBeGreaterThan(10_000);
      expect(inner.meanBrightness).toBeGreaterThan(75);
      // Home frames it again, keeping the numpad view.
      await viewportKey(page, 'Home');
      await expect(page.locator('[data-area="viewport"] .view-name').textContent()).resolves.toBe('Right Orthographic');
      await afterRender(page, async () => {
        await toggleOverlay(page, 'Grid floor');
        await toggleOverlay(page, 'Axes');
      });
      await screenshot(page, 'cape-alone-right');
      await page.close();
    },
  );

  it.skipIf(!existsSync(sampleModel))(
    'edits the sample cinematic: links, playback visibility, drag, undo, redo, save',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'morf-e2e-sample-'));
      const model = join(work, 'ArthasIllidanSample.mdx');
      copyFileSync(sampleModel, model);
      const shell = await startWebShell(['--data', sampleData, model]);
      shells.push(shell);
      try {
        const page = await openEditor(browser, shell.url);
        await expect
          .poll(async () => (await snapshot(page)).links.map((link) => link.status).join(','), { timeout: 20_000 })
          .toBe('found,found,found,found,found,found');
        const rows = page.locator('[data-testid^="outliner-row-link:"]');
        await expect(rows.count()).resolves.toBe(6);
        for (const status of await rows.evaluateAll((elements) =>
          elements.map((element) => element.getAttribute('data-status')),
        ))
          expect(status).toBe('found');
        await screenshot(page, 'sample-opened');
        await waitForOpenedView(page);

        await toggleOverlay(page, 'Grid floor');
        await toggleOverlay(page, 'Axes');
        await afterRender(page, () => setPlayhead(page, 20_000));
        const shown = await foregroundPixels(page, 'sample-20000-viewport');
        await afterRender(page, () => setPlayhead(page, 23_000));
        const hidden = await foregroundPixels(page, 'sample-23000-viewport');
        expect(shown).toBeGreaterThan(400);
        expect(hidden).toBeLessThan(50);
        // The same moment with the grid floor and axes back on, as a user sees it.
        await afterRender(page, async () => {
          await toggleOverlay(page, 'Grid floor');
          await toggleOverlay(page, 'Axes');
          await setPlayhead(page, 20_000);
        });
        await screenshot(page, 'sample-20000');
        // The wind sound loops on global sequence 0: its key repeats faded over the timeline.
        const gutter = await page.getByTestId('timeline-canvas').boundingBox();
        await page.mouse.move(gutter!.x + 80, gutter!.y + gutter!.height - 40);
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(200);
        await screenshot(page, 'sample-global-sequence');
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(200);

        // Drag the show key of link 0001 by +500 ms: select it, zoom onto it (numpad .), drag.
        const timeline = page.getByTestId('timeline-canvas');
        await timeline.hover();
        const start = await page.evaluate(() =>
          (
            window as unknown as {
              morfStudio: { linkKeyPosition(id: string, which: string): { x: number; y: number } };
            }
          ).morfStudio.linkKeyPosition('0001', 'show'),
        );
        await page.mouse.click(start.x, start.y);
        await expect.poll(async () => (await snapshot(page)).selectedKeys).toBe(1);
        await page.keyboard.press('NumpadDecimal');
        const key = await page.evaluate(() =>
          (
            window as unknown as {
              morfStudio: { linkKeyPosition(id: string, which: string): { x: number; y: number } };
            }
          ).morfStudio.linkKeyPosition('0001', 'show'),
        );
        const { pixelsPerMs } = (await snapshot(page)).timelineView;
        expect(pixelsPerMs).toBeGreaterThan(1);
        await page.mouse.move(key.x, key.y);
        await page.mouse.down();
        await page.mouse.move(key.x + 250 * pixelsPerMs, key.y, { steps: 5 });
        await page.mouse.move(key.x + 500 * pixelsPerMs, key.y, { steps: 5 });
        await screenshot(page, 'sample-dragging');
        await page.mouse.up();
        const link = async () => (await snapshot(page)).links.find((candidate) => candidate.id === '0001')!;
        expect((await link()).show).toEqual([28_633]);
        expect((await snapshot(page)).dirty).toBe(true);
        await screenshot(page, 'sample-dragged');

        await page.keyboard.press('Control+z');
        expect((await link()).show).toEqual([28_133]);
        await page.keyboard.press('Control+Shift+z');
        expect((await link()).show).toEqual([28_633]);
        await page.keyboard.press('Control+s');
        await expect.poll(async () => (await snapshot(page)).dirty, { timeout: 10_000 }).toBe(false);
        await screenshot(page, 'sample-saved');

        const inspected = JSON.parse(
          execFileSync(process.execPath, [join(repositoryRoot, 'bin', 'morf.js'), 'inspect', model, '--json'], {
            encoding: 'utf8',
          }),
        ) as {
          eventObjects: { name: string; frames: number[] }[];
          mrfLinks: { id: string; show: number[]; hide: number[] }[];
        };
        expect(inspected.eventObjects.find((object) => object.name === 'MRFx0001')?.frames).toEqual([28_633]);
        expect(inspected.mrfLinks.find((candidate) => candidate.id === '0001')).toMatchObject({
          show: [28_633],
          hide: [36_067],
        });

        const before = mdxChunks(new Uint8Array(readFileSync(sampleModel)));
        const after = mdxChunks(new Uint8Array(readFileSync(model)));
        expect(after.map((chunk) => chunk.tag)).toEqual(before.map((chunk) => chunk.tag));
        for (let index = 0; index < before.length; index += 1) {
          if (before[index]!.tag === 'EVTS') {
            expect(Buffer.from(after[index]!.bytes).equals(Buffer.from(before[index]!.bytes))).toBe(false);
            continue;
          }
          expect(
            Buffer.from(after[index]!.bytes).equals(Buffer.from(before[index]!.bytes)),
            `chunk ${before[index]!.tag} unchanged`,
          ).toBe(true);
        }
        await page.close();
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
  it.skipIf(!existsSync(sampleModel))(
    'reorders and removes data folders from the top bar, the capes resolving again',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'morf-e2e-folders-'));
      // A map's imports whose cape 0000 is broken: while they come first, that cape cannot be read.
      const imports = join(work, 'imports');
      const capeFolder = join(imports, 'doodads', 'cinematic', 'arthasillidanfight');
      mkdirSync(capeFolder, { recursive: true });
      writeFileSync(join(capeFolder, 'arthascape0000.mrf'), 'not a cape');
      const shell = await startWebShell(['--data', imports, '--data', sampleData, sampleModel]);
      shells.push(shell);
      try {
        const page = await openEditor(browser, shell.url);
        const statuses = async () => (await snapshot(page)).links.map((link) => link.status).join(',');
        await expect.poll(statuses, { timeout: 20_000 }).toBe('unreadable,found,found,found,found,found');
        await page.locator('.data-folders-button').dispatchEvent('pointerdown');
        const rows = page.getByTestId('data-folder-row');
        const rowTexts = () => rows.allTextContents();
        await expect
          .poll(rowTexts)
          .toEqual([expect.stringContaining(`1. ${imports}`), expect.stringContaining(`2. ${sampleData}`)]);
        await expect(rows.nth(0).getByRole('button', { name: 'Move Up' }).isDisabled()).resolves.toBe(true);
        await screenshot(page, 'data-folders-menu');

        await rows.nth(0).getByRole('button', { name: 'Move Down' }).click();
        await expect
          .poll(rowTexts)
          .toEqual([expect.stringContaining(`1. ${sampleData}`), expect.stringContaining(`2. ${imports}`)]);
        await expect.poll(statuses).toBe('found,found,found,found,found,found');
        await screenshot(page, 'data-folders-moved');

        await rows.nth(0).getByRole('button', { name: 'Remove' }).click();
        await expect.poll(rowTexts).toEqual([expect.stringContaining(`1. ${imports}`)]);
        await expect.poll(statuses).toBe('unreadable,missing,missing,missing,missing,missing');
        await expect(page.locator('.data-folders-button').textContent()).resolves.toBe('1/1 data folder');
        await screenshot(page, 'data-folders-removed');
        await page.close();
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
