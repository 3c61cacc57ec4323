/**
 * End to end in Debian Chromium through the browser shell: the boot frame (renderer/boot, issue 19). Started with a
 * model, the page draws it before the editor's script has loaded, in the viewport's place, as the viewport's first
 * frame draws it; the editor then takes the file's read and parse over. A model linking capes, and a file that does
 * not parse, open as before without one.
 * The boot frame's picture is taken when it is finished: the boot script puts the pixels it drew on its canvas, and a
 * wrapper of putImageData installed before the page's scripts keeps the canvas' picture and place then.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCorpus } from '../testing/corpus-folder';
import { browserSkipReason, launchBrowser, screenshot, startWebShell } from './harness';
import { captureViewport, snapshot } from './editor-page';

const skipReason = browserSkipReason();
const ILLIDAN = 'pqhuy98__wow-converter/maps__test-regression.w3x__12-illidan-stormrage-22917.mdx';
const SAMPLE_LIKE = 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx';

type BootCapture = {
  picture: string;
  pixels: number;
  rect: { x: number; y: number; width: number; height: number };
};
type Times = { morfStudio?: { viewportReadyMs(): number | null; bootFrameMs(): number | null } };

/** Keeps the boot frame's picture and place once it is put on its canvas (before any script of the page runs). */
function captureBootFrame(): void {
  const put = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const result = (put as (...values: unknown[]) => void).apply(this, args);
    const canvas = this.canvas;
    // The canvas goes in its place right after (in the same task).
    queueMicrotask(() => {
      const store = window as unknown as { bootCapture?: BootCapture };
      if (store.bootCapture || !canvas.closest?.('#boot-skeleton')) return;
      const { x, y, width, height } = canvas.getBoundingClientRect();
      store.bootCapture = {
        picture: canvas.toDataURL('image/png'),
        pixels: canvas.width * canvas.height,
        rect: { x, y, width, height },
      };
    });
    return result;
  } as typeof put;
}

/** Opens the editor on `file` and waits until it is shown with its viewport's frame. */
async function openStarted(browser: Browser, url: string, requests: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.addInitScript(captureBootFrame);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as Times).morfStudio?.viewportReadyMs() != null, undefined, {
    timeout: 60_000,
  });
  return page;
}

/**
 * Compares the boot frame's picture with the viewport's first frame where the boot frame drew the model (not the
 * background: the grid and overlays only come with the editor): pixels of the model, and those whose colours differ
 * by more than 60 (the sum over red, green and blue).
 */
async function compareWithViewport(page: Page, boot: BootCapture): Promise<{ model: number; differing: number }> {
  await expect.poll(async () => (await snapshot(page)).model !== null).toBe(true);
  const editor = await captureViewport(page);
  const picture = PNG.sync.read(Buffer.from(boot.picture.slice(boot.picture.indexOf(',') + 1), 'base64'));
  expect([picture.width, picture.height]).toEqual([editor.width, editor.height]);
  let model = 0;
  let differing = 0;
  for (let offset = 0; offset < picture.data.length; offset += 4) {
    const background =
      Math.abs(picture.data[offset]! - 0x3d) + Math.abs(picture.data[offset + 1]! - 0x3d) < 6 &&
      Math.abs(picture.data[offset + 2]! - 0x3d) < 3;
    if (background) continue;
    model += 1;
    const difference =
      Math.abs(picture.data[offset]! - editor.data[offset]!) +
      Math.abs(picture.data[offset + 1]! - editor.data[offset + 1]!) +
      Math.abs(picture.data[offset + 2]! - editor.data[offset + 2]!);
    if (difference > 60) differing += 1;
  }
  return { model, differing };
}

describe.skipIf(skipReason !== null || !modelCorpus.present)('the boot frame', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-boot-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('draws the startup model in the viewport’s place as the viewport does, and hands the file over', async () => {
    const file = join(work, 'Illidan.mdx');
    copyFileSync(join(modelCorpus.directory, ILLIDAN), file);
    const shell = await startWebShell([file]);
    const requests: string[] = [];
    try {
      const page = await openStarted(browser, shell.url, requests);
      const times = await page.evaluate(() => {
        const studio = (window as unknown as Times).morfStudio!;
        return { boot: studio.bootFrameMs(), ready: studio.viewportReadyMs() };
      });
      expect(times.boot).not.toBeNull();
      expect(times.boot!).toBeLessThan(times.ready!);
      const boot = await page.evaluate(() => (window as unknown as { bootCapture?: BootCapture }).bootCapture);
      expect(boot).toBeDefined();
      // Its place is the viewport's canvas' (the editor's frame was laid out with the session's layout).
      const canvas = page.locator('[data-area="viewport"] canvas');
      const rect = await canvas.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      });
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(boot!.rect[key]).toBeCloseTo(rect[key], 0);
      // Its picture: the model as the viewport's frame draws it.
      const { model, differing } = await compareWithViewport(page, boot!);
      await screenshot(page, 'boot-frame-editor');
      expect(model).toBeGreaterThan(boot!.pixels * 0.03);
      expect(differing).toBeLessThan(model * 0.03);
      // The file was read once (its preload), never through openFile again, and the editor shows it.
      expect(requests.filter((path) => path === '/api/startup-file')).toHaveLength(1);
      expect(requests.filter((path) => path === '/api/openFile')).toHaveLength(0);
      expect((await snapshot(page)).file).toMatch(/Illidan\.mdx$/);
      // The editor's frame is gone once the editor shows.
      expect(await page.locator('#boot-skeleton').count()).toBe(0);
      await page.close();
    } finally {
      await shell.close();
    }
  }, 120_000);

  it('draws the startup model in solid shading as the viewport does (coinciding two-sided faces too)', async () => {
    // Solid shading draws every layer two-sided and lit: a sheet modelled as two coinciding faces (Illidan's wings)
    // must show the face drawn later, as the viewport's depth buffer does, not a fine pattern of both.
    const file = join(work, 'Illidan.mdx');
    copyFileSync(join(modelCorpus.directory, ILLIDAN), file);
    const config = mkdtempSync(join(tmpdir(), 'morf-e2e-boot-solid-'));
    const session = { 'editor.viewport': { shading: 'solid' } };
    writeFileSync(
      join(config, 'settings.json'),
      JSON.stringify({ version: 1, recentFiles: [], dataFolders: [], session, window: null }),
    );
    const shell = await startWebShell([file], { configDirectory: config });
    try {
      const page = await openStarted(browser, shell.url, []);
      const boot = await page.evaluate(() => (window as unknown as { bootCapture?: BootCapture }).bootCapture);
      expect(boot).toBeDefined();
      const { model, differing } = await compareWithViewport(page, boot!);
      expect(model).toBeGreaterThan(boot!.pixels * 0.03);
      expect(differing).toBeLessThan(model * 0.03);
      await page.close();
    } finally {
      await shell.close();
      rmSync(config, { recursive: true, force: true });
    }
  }, 120_000);

  it('shows the startup model’s first sequence across the Dope Sheet, as Home does', async () => {
    // The editor takes the boot frame's parse over, so the file is open before the Dope Sheet is laid out: its
    // "frame the first sequence" then ran on a canvas of no width and left the sheet zoomed all the way out.
    const file = join(work, 'Illidan.mdx');
    copyFileSync(join(modelCorpus.directory, ILLIDAN), file);
    const shell = await startWebShell([file]);
    try {
      const page = await openStarted(browser, shell.url, []);
      expect(await page.evaluate(() => (window as unknown as Times).morfStudio!.bootFrameMs())).not.toBeNull();
      const opened = (await snapshot(page)).timelineView;
      const sheet = page.locator('[data-area="timeline"] canvas');
      const box = (await sheet.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.press('Home');
      const framed = (await snapshot(page)).timelineView;
      // Stand 1, 21,809–23,443 ms: about 0.6 px per ms on this sheet, not the farthest zoom (0.0017).
      expect(framed.pixelsPerMs).toBeGreaterThan(0.3);
      expect(opened.pixelsPerMs).toBeCloseTo(framed.pixelsPerMs, 6);
      expect(opened.startMs).toBeCloseTo(framed.startMs, 3);
      await page.close();
    } finally {
      await shell.close();
    }
  }, 120_000);

  it('leaves a model linking capes, and a file that does not parse, to the editor', async () => {
    const linked = join(work, 'Footman.mdx');
    copyFileSync(join(modelCorpus.directory, SAMPLE_LIKE), linked);
    const broken = join(work, 'Broken.mdx');
    writeFileSync(broken, Buffer.concat([Buffer.from('MDLXVERS'), Buffer.from([4, 0, 0, 0, 0x20, 3])]));
    for (const [file, expectation] of [
      [linked, /Footman\.mdx$/],
      [broken, null],
    ] as const) {
      const shell = await startWebShell([file]);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(shell.url);
        await page.waitForFunction(() => 'morfStudio' in window, undefined, { timeout: 60_000 });
        if (expectation) {
          await page.waitForFunction(() => (window as unknown as Times).morfStudio?.viewportReadyMs() != null);
          expect((await snapshot(page)).file).toMatch(expectation);
        } else
          await expect
            .poll(async () => (await snapshot(page)).messages.map((message) => message.text).join('\n'))
            .toMatch(/Cannot open Broken\.mdx/);
        expect(await page.evaluate(() => (window as unknown as Times).morfStudio!.bootFrameMs())).toBeNull();
        await expect.poll(() => page.locator('#root.booting').count()).toBe(0);
        expect(await page.locator('#boot-skeleton').count()).toBe(0);
        await page.close();
      } finally {
        await shell.close();
      }
    }
  }, 120_000);
});
