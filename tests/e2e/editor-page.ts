/**
 * What end-to-end tests do with the editor page: read `window.morfStudio` (renderer/app/automation.ts),
 * wait for the viewport to render after an action, set the playhead through its field, capture the
 * viewport's pixels and compare two captures.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { MorfAutomation as Automation } from '../../renderer/app/automation';
import { type WebShell, launchBrowser, openEditor, repositoryRoot, startWebShell } from './harness';

/** The automation snapshot. */
export type EditorSnapshot = ReturnType<Automation['snapshot']>;

/** The editor's state as the automation surface reports it. */
export const snapshot = (page: Page): Promise<EditorSnapshot> =>
  page.evaluate(() => (window as unknown as { morfStudio: Automation }).morfStudio.snapshot());

/** Frames the viewport has rendered. */
export const viewportFrames = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { morfStudio: Automation }).morfStudio.viewportFrames());

/** Client coordinates of a link's key diamond in the dope sheet, once the dope sheet has drawn it. */
export async function linkKeyPosition(
  page: Page,
  linkId: string,
  which: 'show' | 'hide',
  frameIndex = 0,
): Promise<{ x: number; y: number }> {
  const read = () =>
    page.evaluate(
      ([id, end, index]) =>
        (window as unknown as { morfStudio: Automation }).morfStudio.linkKeyPosition(id, end, index),
      [linkId, which, frameIndex] as const,
    );
  await expect.poll(read, { message: `key ${which} ${frameIndex} of link ${linkId} is drawn` }).not.toBeNull();
  return (await read())!;
}

/** Runs an action and waits until the viewport rendered after it, then `settleMs` more. */
export async function afterRender(page: Page, action: () => Promise<unknown>, settleMs = 100): Promise<void> {
  const before = await viewportFrames(page);
  await action();
  await page.waitForFunction(
    (count) => (window as unknown as { morfStudio: Automation }).morfStudio.viewportFrames() > count,
    before,
    { timeout: 10_000 },
  );
  await page.waitForTimeout(settleMs);
}

/** Waits until the file opened at start-up is drawn: loaded, its capes read, the viewport framed on it and drawn. */
export async function waitForOpenedView(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { morfStudio: Automation }).morfStudio.viewportReadyMs() !== null,
    undefined,
    { timeout: 20_000 },
  );
}

/** Types a time into the playhead field. */
export async function setPlayhead(page: Page, timeMs: number): Promise<void> {
  const field = page.getByTestId('playhead-field');
  await field.click();
  await field.fill(String(timeMs));
  await field.press('Enter');
  await expect.poll(async () => (await snapshot(page)).playheadMs).toBe(timeMs);
}

/** The viewport canvas as pixels. */
export async function captureViewport(page: Page): Promise<PNG> {
  const dataUrl = await page
    .locator('[data-area="viewport"] canvas')
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL('image/png'));
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/** Pixels of two same-sized captures whose colours differ by more than `threshold` (sum over red, green, blue). */
export function differingPixels(a: PNG, b: PNG, threshold: number): number {
  let count = 0;
  for (let offset = 0; offset < a.data.length; offset += 4) {
    const difference =
      Math.abs(a.data[offset]! - b.data[offset]!) +
      Math.abs(a.data[offset + 1]! - b.data[offset + 1]!) +
      Math.abs(a.data[offset + 2]! - b.data[offset + 2]!);
    if (difference > threshold) count += 1;
  }
  return count;
}

/** Pixels that differ between two captures, with the one nearest their centroid. */
export function changedPixels(a: PNG, b: PNG): { count: number; centre: { x: number; y: number } | null } {
  const points: [number, number][] = [];
  for (let y = 0; y < a.height; y += 1)
    for (let x = 0; x < a.width; x += 1) {
      const offset = (y * a.width + x) * 4;
      const difference =
        Math.abs(a.data[offset]! - b.data[offset]!) +
        Math.abs(a.data[offset + 1]! - b.data[offset + 1]!) +
        Math.abs(a.data[offset + 2]! - b.data[offset + 2]!);
      if (difference > 40) points.push([x, y]);
    }
  if (points.length === 0) return { count: 0, centre: null };
  const mx = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const [x, y] = points.reduce((best, point) =>
    Math.hypot(point[0] - mx, point[1] - my) < Math.hypot(best[0] - mx, best[1] - my) ? point : best,
  );
  return { count: points.length, centre: { x, y } };
}

/** Runs a top-bar menu entry (the menu opens on pointerdown, as in a desktop app). */
export async function runMenu(page: Page, menu: string, label: string): Promise<void> {
  await page.locator('.menu-button', { hasText: menu }).dispatchEvent('pointerdown');
  await page.locator('.menu .menu-item', { hasText: label }).first().click();
}

/** The title of the file dialog once it is shown. */
export async function fileDialogTitle(page: Page): Promise<string> {
  const title = page.locator('[data-testid="file-browser"] .dialog-title');
  await title.waitFor();
  return title.innerText();
}

/** The in-app file browser's visible state: where it is, its filter, the names it lists and its accept button. */
export async function fileDialogState(page: Page): Promise<{
  location: string;
  filter: string;
  names: string[];
  accept: string;
  acceptEnabled: boolean;
}> {
  const browser = page.getByTestId('file-browser');
  const accept = browser.getByTestId('file-browser-accept');
  const filter = browser.getByTestId('file-browser-filter');
  return {
    location: (await browser.getByTestId('file-browser-entries').getAttribute('data-location')) ?? '',
    filter: (await filter.count()) ? await filter.inputValue() : '',
    names: await browser.locator('.entries .entry .name').allInnerTexts(),
    accept: await accept.innerText(),
    acceptEnabled: await accept.isEnabled(),
  };
}

/** Waits until every link of the open file has its cape found (usable in beforeAll, where expect.poll is not). */
export async function capesFound(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { morfStudio: Automation }).morfStudio.snapshot();
      return state.file !== null && state.links.every((link) => link.status === 'found');
    },
    undefined,
    { timeout },
  );
}

/** Answers the text prompt on screen with `text`. */
export async function answerPrompt(page: Page, text: string): Promise<void> {
  await page.waitForSelector('[data-testid="prompt-field"]');
  await page.fill('[data-testid="prompt-field"]', text);
  await page.click('[data-testid="prompt-ok"]');
}

/**
 * For a describe block: a browser and a browser shell over a copy of the sample cinematic (the sample's data folder
 * added), started before its tests and stopped after them; `open()` gives a new editor page once every cape is found.
 */
export function sampleEditorSuite(folderPrefix: string): { open(): Promise<Page> } {
  let browser: Browser;
  let shell: WebShell;
  let work: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), folderPrefix));
    const model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx'), model);
    shell = await startWebShell([model, '--data', join(repositoryRoot, 'assets', 'sample', 'data')]);
  });
  afterAll(async () => {
    await shell?.close();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });
  return {
    async open() {
      const page = await openEditor(browser, shell.url);
      await expect
        .poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found'), { timeout: 20_000 })
        .toBe(true);
      // A user acts on what is shown: the root stays hidden while the editor boots, until the viewport's first frame
      // of the file (at most 2.5 s, renderer/app/boot-reveal.ts), which can come after the capes are found.
      await page.waitForFunction(() => !document.getElementById('root')?.classList.contains('booting'), undefined, {
        timeout: 20_000,
      });
      return page;
    },
  };
}
