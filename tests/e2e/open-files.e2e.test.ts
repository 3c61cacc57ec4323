/**
 * End to end in Debian Chromium through the browser shell: files that cannot be opened (issue 10, items 5 and 7).
 *  - an empty `.mdx` is refused as the command line refuses it ("the file is empty"): nothing opens, and Ctrl+S
 *    writes nothing into it (it once opened as an empty "MDL 800" model and Ctrl+S wrote MDL text into it);
 *  - a text file renamed `.mdx` is "not an MDX or MDL model" (not an MDL syntax error about "hello");
 *  - every open failure stays in the Info log with its time after the status line has faded, the log is
 *    reachable from the status bar, and a file that failed to open goes neither into Recent nor into the file
 *    browser's places — while a model opened afterwards through File ▸ Open does.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, screenshot, startWebShell } from './harness';
import { snapshot } from './editor-page';
import type { MorfAutomation } from '../../renderer/app/automation';

const skipReason = browserSkipReason();
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');

/** Waits until the editor has finished opening its startup file (or failed to). */
async function booted(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { morfStudio: MorfAutomation }).morfStudio.snapshot().messages.length > 0,
    undefined,
    { timeout: 20_000 },
  );
}

describe.skipIf(skipReason !== null)('opening files that are not models', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-open-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses an empty .mdx as the command line does, and Ctrl+S then writes nothing into it', async () => {
    const empty = join(work, 'empty.mdx');
    writeFileSync(empty, new Uint8Array(0));
    const shell = await startWebShell([empty]);
    try {
      const page = await openEditor(browser, shell.url);
      await booted(page);
      const state = await snapshot(page);
      expect(state.file).toBeNull();
      expect(state.format).toBeNull();
      expect(state.notice).toMatch(/^Cannot open empty\.mdx: .*the file is empty$/);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+s');
      await page.waitForTimeout(500);
      expect(statSync(empty).size).toBe(0);
      expect(existsSync(`${empty}.bak`)).toBe(false);
      expect((await snapshot(page)).recentFiles).not.toContain(empty);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('calls a renamed text file not a model, keeps the report in the Info log, leaves it out of Recent', async () => {
    const notes = join(work, 'notes.mdx');
    writeFileSync(notes, 'hello, this is not a model\n');
    copyFileSync(sampleModel, join(work, 'Sample.mdx'));
    const shell = await startWebShell([notes]);
    try {
      const page = await openEditor(browser, shell.url);
      await booted(page);
      const refused = await snapshot(page);
      expect(refused.file).toBeNull();
      expect(refused.notice).toMatch(
        /^Cannot open notes\.mdx: .*not an MDX or MDL model: its text starts with "hello"/,
      );
      expect(refused.recentFiles).not.toContain(notes);

      // The status line fades; the Info log keeps the report with its time, one click away.
      await page.waitForTimeout(6500);
      expect(await page.locator('[data-testid="notice"]').count()).toBe(0);
      await page.click('[data-testid="info-log-count"]');
      const row = page.locator('[data-testid="info-log-row"]', { hasText: 'not an MDX or MDL model' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.innerText()).toMatch(/^\d\d:\d\d:\d\d\s+Cannot open notes\.mdx/);
      await screenshot(page, 'info-log-open-failure');

      // File ▸ Open in the in-app browser: the refused file is not among its places; the sample opens and is recent.
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      await page.waitForSelector('[data-testid="file-browser-entries"]');
      const places = await page.locator('.places').innerText();
      expect(places).not.toContain('notes.mdx');
      await page.locator('.places').getByText(work.split('/').pop()!, { exact: false }).first().click();
      await page.click('[data-testid="file-entry-Sample.mdx"]');
      await page.click('[data-testid="file-browser-accept"]');
      await page.waitForFunction(
        () => (window as unknown as { morfStudio: MorfAutomation }).morfStudio.snapshot().file?.endsWith('Sample.mdx'),
        undefined,
        { timeout: 20_000 },
      );
      const opened = await snapshot(page);
      expect(opened.format).toBe('mdx');
      await expect.poll(async () => (await snapshot(page)).recentFiles).toEqual([join(work, 'Sample.mdx')]);
      const settings = JSON.parse(readFileSync(join(shell.configDirectory, 'settings.json'), 'utf8')) as {
        recentFiles: string[];
      };
      expect(settings.recentFiles).not.toContain(notes);
      await page.close();
    } finally {
      await shell.close();
    }
  });
});

describe.skipIf(skipReason !== null)('capes follow their links (issue 10, item 2)', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-follow-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('loads the cape of a renamed link and of a new one instead of leaving them loading', async () => {
    const sampleData = join(repositoryRoot, 'assets', 'sample', 'data');
    const capes = join(work, 'imports', 'Doodads', 'Cinematic', 'ArthasIllidanFight');
    mkdirSync(capes, { recursive: true });
    copyFileSync(
      join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf'),
      join(capes, 'ArthasCape0007.mrf'),
    );
    copyFileSync(sampleModel, join(work, 'Sample.mdx'));
    const shell = await startWebShell([
      join(work, 'Sample.mdx'),
      '--data',
      join(work, 'imports'),
      '--data',
      sampleData,
    ]);
    try {
      const page = await openEditor(browser, shell.url);
      const linkStatus = async (id: string) =>
        (await snapshotLinks(page)).find((link) => link.id === id)?.status ?? 'absent';
      await expect.poll(() => linkStatus('0005'), { timeout: 20_000 }).toBe('found');

      // Rename Link 0005 to 0007 from the outliner's context menu: ArthasCape0007.mrf is in the imports folder.
      await page.click('[data-testid="outliner-row-link:0005"]', { button: 'right' });
      await page.getByText('Rename', { exact: true }).click();
      await page.fill('[data-testid="prompt-field"]', '0007');
      await page.click('[data-testid="prompt-ok"]');
      await expect.poll(() => linkStatus('0007'), { timeout: 10_000 }).toBe('found');

      // Add a link whose cape no data folder has: it is missing, with a diagnostic — not loading for ever.
      await page.click('[data-testid="outliner-row-link:0007"]', { button: 'right' });
      await page.getByText('Add MRF Link', { exact: true }).click();
      await page.fill('[data-testid="prompt-field"]', '0042');
      await page.click('[data-testid="prompt-ok"]');
      await expect.poll(() => linkStatus('0042'), { timeout: 10_000 }).toBe('missing');
      await page.click('[data-testid="tab-diagnostics"]');
      await expect
        .poll(() => page.locator('[data-testid="diagnostics"]').innerText())
        .toContain('ArthasCape0042.mrf is not in any data folder');
      await screenshot(page, 'capes-follow-links');
      await page.close();
    } finally {
      await shell.close();
    }
  });
});

const snapshotLinks = async (page: Page) => (await snapshot(page)).links;
