/**
 * End to end in Debian Chromium through the browser shell: the in-app file dialogs (issue 21, findings 6, 7, 8, 10
 * and 13, and the flaky "Alone.mrf" open of cape-authoring).
 *  - a path typed while the dialog's first listing is still on its way is opened as typed: the listing arriving
 *    between select-all and the typed text used to put its folder in front of the path ("/tmp/a/tmp/a/Alone.mrf").
 */
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot } from './editor-page';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, screenshot, startWebShell } from './harness';

const skipReason = browserSkipReason();
const sample = join(repositoryRoot, 'assets', 'sample');

/** Waits until the open file's path ends with `suffix`. */
async function opened(page: Page, suffix: string): Promise<void> {
  await expect
    .poll(async () => (await snapshot(page)).file ?? '', { timeout: 20_000 })
    .toMatch(new RegExp(`${suffix}$`));
}

describe.skipIf(skipReason !== null)('the file dialogs', () => {
  let browser: Browser;
  let work: string;
  let data: string;
  let model: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-dialogs-'));
    data = join(work, 'data');
    cpSync(join(sample, 'data'), data, { recursive: true });
    model = join(work, 'Sample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    copyFileSync(
      join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf'),
      join(work, 'Alone.mrf'),
    );
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('opens a path typed while the first listing is on its way, as typed', async () => {
    const shell = await startWebShell(['--data', data, '--root', work, model]);
    try {
      const page = await openEditor(browser, shell.url);
      await opened(page, 'Sample.mdx');
      // Hold the dialog's listings until the path field is focused and its text selected, as Playwright's fill does
      // before it inserts the text: then let the first listing arrive, and only then type.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/api/listDirectory', (route) => void (holding ? held.push(route) : route.continue()));
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      const field = page.getByTestId('file-browser-path');
      await field.focus();
      await page.keyboard.press('Control+a');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await expect.poll(() => page.getByTestId('file-browser-entries').getAttribute('data-location')).toBe(work);
      const alone = join(work, 'Alone.mrf');
      await page.keyboard.insertText(alone);
      expect(await field.inputValue()).toBe(alone);
      await page.keyboard.press('Enter');
      await opened(page, 'Alone.mrf');
      await screenshot(page, 'file-dialogs-typed-path-opened');
      await page.close();
    } finally {
      await shell.close();
    }
  });
});
