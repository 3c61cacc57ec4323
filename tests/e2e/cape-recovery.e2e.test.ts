/**
 * End to end in Debian Chromium through the browser shell: a link's cape survives a crash. The sample's link 0001
 * cape gets a new FPS in the Properties; once its recovery file is written, the page is closed without its
 * beforeunload prompt and the shell killed (nothing saved). A second shell over the same config folder offers the
 * cape back; Recover shows the edited FPS as an unsaved cape, Save Cape writes it into the data folder (read back
 * with the codec) and the recovery file is gone.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMrf } from '../../shared/mrf';
import { snapshot } from './editor-page';
import {
  type WebShell,
  browserSkipReason,
  launchBrowser,
  openEditor,
  repositoryRoot,
  screenshot,
  startWebShell,
} from './harness';

const skipReason = browserSkipReason();
const sample = join(repositoryRoot, 'assets', 'sample');

/** The ids of the recovery files in a config folder. */
function recoveryIds(configDirectory: string): string[] {
  const folder = join(configDirectory, 'recovery');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
}

/** Waits until the sample model is open with every cape found. */
async function waitForModel(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const state = await snapshot(page);
        return Boolean(
          state.file?.endsWith('ArthasIllidanSample.mdx') && state.links.every((l) => l.status === 'found'),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

describe.skipIf(skipReason !== null)('cape recovery after a crash', () => {
  let browser: Browser;
  let shells: WebShell[] = [];
  let work: string;
  let data: string;
  let model: string;
  let config: string;
  let cape: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-cape-recovery-'));
    data = join(work, 'data');
    cpSync(join(sample, 'data'), data, { recursive: true });
    model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    cape = join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf');
    config = join(work, 'config');
    mkdirSync(config);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    for (const shell of shells) await shell.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('offers an unsaved link cape back after the page and the shell died, and saves it where it resolved', async () => {
    const original = readMrf(new Uint8Array(readFileSync(cape)));
    expect(original.header.frameInterval).not.toBeCloseTo(1 / 12, 6);

    const first = await startWebShell(['--data', data, '--root', work, model], { configDirectory: config });
    shells.push(first);
    let page = await openEditor(browser, first.url);
    await waitForModel(page);
    await page.click('[data-testid="outliner-row-link:0001"]');
    const fps = page.getByTestId('cape-fps');
    await fps.fill('12');
    await fps.press('Enter');
    await expect.poll(() => page.title()).toMatch(/^• arthascape0001\.mrf \(cape\)/);
    // The recovery writer runs every 5 s.
    await expect.poll(() => recoveryIds(config), { timeout: 20_000 }).toEqual([expect.stringMatching(/^cape-link-/)]);

    // The crash: no beforeunload prompt, no save, the shell killed.
    await page.close({ runBeforeUnload: false });
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    expect(readMrf(new Uint8Array(readFileSync(cape))).header.frameInterval).toBe(original.header.frameInterval);

    const second = await startWebShell(['--data', data, '--root', work, model], { configDirectory: config });
    shells.push(second);
    page = await openEditor(browser, second.url);
    await page.waitForSelector('[data-testid="dialog"] .dialog-body', { timeout: 30_000 });
    const message = await page.locator('[data-testid="dialog"] .dialog-body').innerText();
    expect(message).toContain(
      'closed with unsaved changes to “arthascape0001.mrf (cape of link 0001 in ArthasIllidanSample.mdx)”',
    );
    await screenshot(page, 'cape-recovery-offer');
    await page.click('[data-testid="dialog-recover"]');
    await expect
      .poll(async () => (await snapshot(page)).messages.map((entry) => entry.text).join('\n'))
      .toContain('Recovered arthascape0001.mrf (cape of link 0001 in ArthasIllidanSample.mdx) from');
    await page.click('[data-testid="outliner-row-link:0001"]');
    await expect.poll(() => page.getByTestId('cape-fps').inputValue()).toBe('12');
    // The cape's panel takes the focus: the title names the cape, unsaved.
    await page.getByTestId('cape-fps').focus();
    await expect.poll(() => page.title()).toMatch(/^• arthascape0001\.mrf \(cape\)/);
    await screenshot(page, 'cape-recovery-restored');

    await page.click('[data-testid="cape-save"]');
    await expect
      .poll(() => readMrf(new Uint8Array(readFileSync(cape))).header.frameInterval, { timeout: 20_000 })
      .toBeCloseTo(1 / 12, 6);
    const saved = readMrf(new Uint8Array(readFileSync(cape)));
    expect(saved.keyframes.length).toBe(original.keyframes.length);
    await expect.poll(() => recoveryIds(config)).toEqual([]);
    await expect.poll(() => page.title()).toMatch(/^arthascape0001\.mrf \(cape\)/);
  }, 120_000);
});
