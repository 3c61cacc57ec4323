/**
 * End to end in Debian Chromium: the in-app file browser's faults of issue 10, item 9, each a scenario the old
 * browser failed —
 *  - a long file name ran over the size and date columns (pushed out of the row): it now ends in an ellipsis;
 *  - the path field was read-only: it can be typed in, Enter goes to a folder or opens a typed file, and a bad
 *    path is a clear message;
 *  - two files of one name (a/Model.mdx, b/Model.mdx) looked the same in Places and Recent: their folders now
 *    tell them apart;
 *  - a model opened from inside a map's or mod's folder whose capes were not found said only "missing": a
 *    one-click offer now adds that folder (here a folder named like a map, `Extracted.w3x`, read as a folder).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, screenshot, startWebShell } from './harness';
import { snapshot } from './editor-page';

const skipReason = browserSkipReason();
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleCapes = join(repositoryRoot, 'assets', 'sample', 'data', 'doodads', 'cinematic', 'arthasillidanfight');

describe.skipIf(skipReason !== null)('the in-app file browser (issue 10, item 9)', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-browser-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps long names in their column, takes typed paths and tells files of one name apart', async () => {
    const longName = `${'A_Very_Long_Cinematic_Model_Name_From_A_Map_Import_'.repeat(3)}Final.mdx`;
    mkdirSync(join(work, 'long'));
    writeFileSync(join(work, 'long', longName), readFileSync(sampleModel));
    for (const folder of ['a', 'b']) {
      mkdirSync(join(work, folder));
      copyFileSync(sampleModel, join(work, folder, 'Model.mdx'));
    }
    const shell = await startWebShell([join(work, 'a', 'Model.mdx'), join(work, 'b', 'Model.mdx'), '--root', work]);
    try {
      const page = await openEditor(browser, shell.url);
      await expect.poll(async () => (await snapshot(page)).file, { timeout: 20_000 }).not.toBeNull();
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      await page.waitForSelector('[data-testid="file-browser-entries"]');

      // Typed paths: a folder, then a path that does not exist.
      const field = page.getByTestId('file-browser-path');
      await field.fill(join(work, 'long'));
      await field.press('Enter');
      const row = page.getByTestId(`file-entry-${longName}`);
      await row.waitFor();
      const boxes = await row.evaluate((element) => {
        const box = (selector: string) => element.querySelector(selector)!.getBoundingClientRect();
        const list = element.closest('[data-testid="file-browser-entries"]')!.getBoundingClientRect();
        return { name: box('.name'), size: box('.size'), date: box('.date'), list };
      });
      expect(boxes.name.right).toBeLessThanOrEqual(boxes.size.left);
      expect(boxes.date.right).toBeLessThanOrEqual(boxes.list.right);
      await screenshot(page, 'file-browser-long-name');
      await field.fill(join(work, 'no-such-folder'));
      await field.press('Enter');
      await expect
        .poll(() => page.getByTestId('file-browser-error').innerText())
        .toContain(`Cannot go to “${join(work, 'no-such-folder')}”`);
      await screenshot(page, 'file-browser-bad-path');

      // Places: the two Model.mdx are told apart by their folders.
      const places = await page.getByTestId('file-browser-place').allInnerTexts();
      expect(places.filter((text) => text.includes('Model.mdx')).map((text) => text.trim())).toEqual([
        'Model.mdx — a',
        'Model.mdx — b',
      ]);

      // A typed file path opens it; then Recent names both with their folders.
      await field.fill(join(work, 'b', 'Model.mdx'));
      await field.press('Enter');
      await expect
        .poll(async () => (await snapshot(page)).file, { timeout: 20_000 })
        .toBe(join(work, 'b', 'Model.mdx'));
      await expect.poll(async () => (await snapshot(page)).recentFiles.length).toBe(2);
      await page.mouse.move(700, 400);
      await page.locator('.menu-button', { hasText: /^File$/ }).dispatchEvent('pointerdown');
      await expect.poll(() => page.getByText('Model.mdx — a', { exact: true }).count()).toBe(1);
      await expect.poll(() => page.getByText('Model.mdx — b', { exact: true }).count()).toBe(1);
      await screenshot(page, 'file-browser-recent-twins');
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('offers the folder a model sits in when its capes are missing, in one click', async () => {
    const fight = join(work, 'Extracted.w3x', 'Doodads', 'Cinematic', 'ArthasIllidanFight');
    mkdirSync(fight, { recursive: true });
    copyFileSync(sampleModel, join(fight, 'ArthasIllidanSample.mdx'));
    for (const name of readdirSync(sampleCapes)) copyFileSync(join(sampleCapes, name), join(fight, name));
    const shell = await startWebShell([work, '--no-sample']);
    try {
      const page = await openEditor(browser, shell.url);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      const field = page.getByTestId('file-browser-path');
      await field.fill(join(fight, 'ArthasIllidanSample.mdx'));
      await field.press('Enter');
      await page.waitForSelector('[data-testid="dialog-add"]', { timeout: 20_000 });
      expect(await page.locator('[role="dialog"]').innerText()).toContain(
        `The model sits in ${join(work, 'Extracted.w3x')}`,
      );
      await screenshot(page, 'file-browser-folder-offer');
      await page.click('[data-testid="dialog-add"]');
      await expect
        .poll(async () => (await snapshot(page)).links.map((link) => link.status), { timeout: 20_000 })
        .toEqual(['found', 'found', 'found', 'found', 'found', 'found']);
      await page.close();
    } finally {
      await shell.close();
    }
  });
});
