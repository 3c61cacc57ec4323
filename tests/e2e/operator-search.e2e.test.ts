/**
 * End to end in Debian Chromium through the browser shell, on the sample with a link selected (issue 21, finding
 * 11): every entry of every top-bar menu that can run is found in F3 under the menu's own label, "…" included —
 * F3 listed one "Import Cape" (nothing for "emf" or "kf2") and labels without the menu's "…". Running an entry
 * from F3 does what the menu entry does (Import Cape from KF2… opens a dialog titled so).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLayout } from '../../shared/contract/menu-commands';
import { capesFound, fileDialogTitle } from './editor-page';
import { browserSkipReason, launchBrowser, openEditor, screenshot, startWebShell, type WebShell } from './harness';

const skipReason = browserSkipReason();

/** The entries of a top-bar menu as [label, enabled], Open Recent's files left out. */
async function menuEntries(page: Page, name: string): Promise<[string, boolean][]> {
  await page.locator('.topbar .menu-button', { hasText: name }).first().dispatchEvent('pointerdown');
  await page.locator('.menu').first().waitFor();
  const entries = await page
    .locator('.menu .menu-item[data-operator]')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('.label')?.textContent?.replace(/^[✓\u2003] /, '') ?? '',
        !(item as HTMLButtonElement).disabled,
      ]),
    );
  await page.keyboard.press('Escape');
  await page.locator('.menu').waitFor({ state: 'detached' });
  return entries as [string, boolean][];
}

/** The labels F3 lists for a query. */
async function search(page: Page, query: string): Promise<string[]> {
  await page.mouse.move(700, 300);
  await page.keyboard.press('F3');
  const field = page.getByTestId('operator-search');
  await field.fill(query);
  const labels = await page.locator('.search-list .menu-item .label').allInnerTexts();
  await page.keyboard.press('Escape');
  await field.waitFor({ state: 'detached' });
  return labels;
}

describe.skipIf(skipReason !== null)('F3 and the menus', () => {
  let browser: Browser;
  let shell: WebShell;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    shell = await startWebShell([]);
    page = await openEditor(browser, shell.url);
    await capesFound(page);
    await page.click('[data-testid="outliner-row-link:0001"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await shell?.close();
  });

  it('finds every menu entry that can run under the menu’s own label', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const menu of menuLayout.map((item) => item.label)) {
      for (const [label, enabled] of await menuEntries(page, menu)) {
        if (!enabled) continue;
        checked += 1;
        if (!(await search(page, label)).includes(label)) missing.push(`${menu} ▸ ${label}`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(missing).toEqual([]);
    expect(await search(page, 'emf')).toContain('Import Cape from EMF…');
    expect(await search(page, 'kf2')).toContain('Import Cape from KF2…');
  }, 180_000);

  it('runs an entry found in F3 as its menu runs it', async () => {
    await page.mouse.move(700, 300);
    await page.keyboard.press('F3');
    await page.getByTestId('operator-search').fill('Import Cape from KF2');
    await screenshot(page, 'operator-search-import-kf2');
    await page.keyboard.press('Enter');
    expect(await fileDialogTitle(page)).toBe('Import Cape from KF2');
    await page.keyboard.press('Escape');
  }, 60_000);
});
