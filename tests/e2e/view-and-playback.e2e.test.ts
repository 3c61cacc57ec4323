/**
 * End to end in Debian Chromium through the browser shell, on the sample (issue 21, findings 9, 12 and 14):
 *  - Ctrl+Space (maximise the hovered area) and back keeps the 3D view: Top Orthographic stays Top Orthographic,
 *    the same pixels (it came back as User Perspective, framed anew);
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MorfAutomation } from '../../renderer/app/automation';
import { afterRender, captureViewport, differingPixels } from './editor-page';
import { browserSkipReason, launchBrowser, openEditor, screenshot, startWebShell, type WebShell } from './harness';

const skipReason = browserSkipReason();

/** The name the 3D viewport shows for its view (User Perspective, Top Orthographic…). */
const viewName = (page: Page) => page.locator('[data-area="viewport"] .view-name').innerText();

describe.skipIf(skipReason !== null)('the view and playback', () => {
  let browser: Browser;
  let shell: WebShell;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    shell = await startWebShell([]);
    page = await openEditor(browser, shell.url);
    // (expect.poll works inside tests only.)
    await page.waitForFunction(
      () =>
        (window as unknown as { morfStudio: MorfAutomation }).morfStudio
          .snapshot()
          .links.every((link) => link.status === 'found'),
      undefined,
      { timeout: 20_000 },
    );
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await shell?.close();
  });

  it('keeps the 3D view through Ctrl+Space and back', async () => {
    const viewport = page.locator('[data-area="viewport"] canvas');
    await viewport.hover();
    await afterRender(page, () => page.keyboard.press('Numpad7'));
    expect(await viewName(page)).toBe('Top Orthographic');
    const before = await captureViewport(page);
    await page.keyboard.press('Control+Space');
    await expect.poll(async () => (await page.locator('[data-area]').count()) === 1).toBe(true);
    await page.waitForTimeout(300);
    expect(await viewName(page)).toBe('Top Orthographic');
    await screenshot(page, 'view-maximized-top');
    await page.locator('[data-area="viewport"] canvas').hover();
    await page.keyboard.press('Control+Space');
    await expect.poll(async () => (await page.locator('[data-area]').count()) > 1).toBe(true);
    await page.waitForTimeout(500);
    expect(await viewName(page)).toBe('Top Orthographic');
    const after = await captureViewport(page);
    expect(after.width).toBe(before.width);
    expect(differingPixels(before, after, 60)).toBeLessThan(before.width * before.height * 0.01);
  });
});
