/**
 * End to end in Debian Chromium through the browser shell (issue 15): File ▸ Import Cape from EMF… bakes an EMF
 * set (its parts read beside the manifest) with the options typed in the dialog and opens the cape unsaved; File ▸
 * Import Cape from KF2… does the same for a KF2 file, its mesh named in the dialog.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wolfSet } from '../../shared/emf/testing/emf-builder';
import { capeScene } from '../../shared/kf2/testing/kf2-builder';
import { snapshot } from './editor-page';
import { type WebShell, browserSkipReason, launchBrowser, openEditor, screenshot, startWebShell } from './harness';

const skipReason = browserSkipReason();

/** Chooses a file in the in-app browser by typing its path. */
async function choosePath(page: Page, path: string): Promise<void> {
  await page.waitForSelector('[data-testid="file-browser-path"]');
  await page.fill('[data-testid="file-browser-path"]', path);
  await page.press('[data-testid="file-browser-path"]', 'Enter');
}

/** Runs a top-bar menu entry. */
async function menu(page: Page, name: string, label: string): Promise<void> {
  await page.locator('.menu-button', { hasText: name }).dispatchEvent('pointerdown');
  await page.locator('.menu .menu-item', { hasText: label }).click();
}

async function waitForFile(suffix: string, page: Page): Promise<void> {
  await expect
    .poll(async () => (await snapshot(page)).file ?? '', { timeout: 20_000 })
    .toMatch(new RegExp(`${suffix}$`));
}

describe.skipIf(skipReason !== null)('cape import from EMF and KF2', () => {
  let browser: Browser;
  let shell: WebShell;
  let page: Page;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-emf-kf2-'));
    for (const [name, bytes] of Object.entries(wolfSet())) writeFileSync(join(work, name), bytes);
    // Issue 15's plain primitives (the builder's default; the tagged fallback is covered by the unit tests).
    writeFileSync(join(work, 'scene.kf2'), capeScene());
    browser = await launchBrowser();
    shell = await startWebShell(['--root', work]);
    page = await openEditor(browser, shell.url);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await shell?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('bakes an EMF set with the dialog’s animation and rate', async () => {
    await menu(page, 'File', 'Import Cape from EMF…');
    await choosePath(page, join(work, 'wolf.emf'));
    await page.fill('[data-testid="form-animation"]', 'swing');
    await page.fill('[data-testid="form-fps"]', '10');
    await screenshot(page, 'cape-import-emf-options');
    await page.click('[data-testid="form-ok"]');
    // The sample is open: the baked cape could be linked into it; it is opened alone.
    await page.click('[data-testid="dialog-alone"]');
    await waitForFile('wolf.mrf', page);
    await expect.poll(() => page.title()).toBe('• wolf.mrf — Morf Studio');
    expect(await page.getByTestId('cape-fps').inputValue()).toBe('10');
    await screenshot(page, 'cape-import-emf-imported');
  });

  it('bakes a KF2 mesh named in the dialog', async () => {
    await menu(page, 'File', 'Import Cape from KF2…');
    await choosePath(page, join(work, 'scene.kf2'));
    await page.fill('[data-testid="form-mesh"]', 'cape');
    await screenshot(page, 'cape-import-kf2-options');
    await page.click('[data-testid="form-ok"]');
    // The unsaved wolf.mrf is asked about before the new cape replaces it.
    await page.waitForSelector('[data-testid="dialog"] .dialog-body');
    await page.click('[data-testid="dialog-discard"]');
    await waitForFile('scene.mrf', page);
    expect(await page.getByTestId('cape-fps').inputValue()).toBe('30');
    await screenshot(page, 'cape-import-kf2-imported');
  });
});
