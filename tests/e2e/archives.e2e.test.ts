/**
 * End to end in Debian Chromium through the browser shell: maps and the game's archives (issue 13, the editor).
 *  - a map built with our writer is browsed into in the in-app file browser (its game paths as folders, a
 *    `*.mdx` filter), a model opens straight from it, the missing capes offer the map as a data folder (one
 *    click), a key is dragged, Ctrl+S writes the model back into the map (Cinematic.w3x.bak kept), and `smpq`
 *    (or our reader where smpq is absent) finds every other file byte-identical; the model reopens from Recent,
 *    named `Cinematic.w3x\…\ArthasIllidanSample.mdx`, with the edit;
 *  - Add Game Folder on a fake install stacks War3Patch, War3x, War3 in the game's order, below a map added
 *    before and above nothing else, and a map added afterwards goes above them; a CASC-like folder (patch
 *    1.30+) is answered with a dialog saying so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MpqArchive } from '../../shared/archives/mpq/archive';
import { memorySource } from '../../shared/archives/mpq/source';
import { gameArchiveBytes, mapBytes } from '../../electron/host/testing/maps';
import { extractWithSmpq, listWithSmpq, smpqSkipReason } from '../testing/smpq';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, screenshot, startWebShell } from './harness';
import { linkKeyPosition, snapshot } from './editor-page';

const skipReason = browserSkipReason();
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleCapes = join(repositoryRoot, 'assets', 'sample', 'data', 'doodads', 'cinematic', 'arthasillidanfight');
const fight = 'Doodads\\Cinematic\\ArthasIllidanFight';
const modelGamePath = `${fight}\\ArthasIllidanSample.mdx`;

const keyPosition = (page: Page, id: string) => linkKeyPosition(page, id, 'show');

/** The files of a map by game path: through smpq when installed, else through our reader. */
async function filesOf(map: string): Promise<Map<string, Uint8Array>> {
  if (smpqSkipReason() === null) {
    const files = extractWithSmpq(map);
    expect(new Set(listWithSmpq(map).map((name) => name.toLowerCase()))).toEqual(
      new Set([...files.keys()].map((name) => name.toLowerCase())),
    );
    return files;
  }
  const archive = await MpqArchive.open(memorySource(new Uint8Array(readFileSync(map))));
  const files = new Map<string, Uint8Array>();
  for (const entry of archive.entries()) if (entry.name) files.set(entry.name, await archive.read(entry));
  return files;
}

/** Keys lower-cased, so smpq's spelling (from the listfile) and ours compare. */
const byKey = (files: Map<string, Uint8Array>) =>
  new Map([...files].map(([name, bytes]) => [name.toLowerCase(), Buffer.from(bytes).toString('hex')]));

async function openFileMenuItem(page: Page, label: string): Promise<void> {
  await page.mouse.move(700, 400);
  await page.locator('.menu-button', { hasText: /^File$/ }).dispatchEvent('pointerdown');
  await page.getByText(label, { exact: true }).first().click();
}

describe.skipIf(skipReason !== null)('maps and game archives in the editor (issue 13)', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-archives-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('browses into a map, opens a model from it, saves a key edit back into it, and reopens it', async () => {
    const files: Record<string, Uint8Array | string> = {
      [modelGamePath]: new Uint8Array(readFileSync(sampleModel)),
      'war3map.j': 'function main takes nothing returns nothing\nendfunction\n',
      'war3map.w3i': new Uint8Array([28, 0, 0, 0, 1, 2, 3, 4]),
    };
    for (const name of readdirSync(sampleCapes))
      files[`${fight}\\${name.replace('arthascape', 'ArthasCape')}`] = new Uint8Array(
        readFileSync(join(sampleCapes, name)),
      );
    mkdirSync(join(work, 'maps'));
    const map = join(work, 'maps', 'Cinematic.w3x');
    writeFileSync(map, await mapBytes(files));
    const original = readFileSync(map);
    const before = byKey(await filesOf(map));
    const shell = await startWebShell([work, '--no-sample']);
    try {
      const page = await openEditor(browser, shell.url);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      await page.waitForSelector('[data-testid="file-browser-entries"]');
      await page.locator('[data-testid="file-browser-place"]').first().click();
      await page.dblclick('[data-testid="file-entry-maps"]');
      await page.dblclick('[data-testid="file-entry-Cinematic.w3x"]');
      // The map's game paths are folders.
      await expect.poll(() => page.inputValue('[data-testid="file-browser-path"]')).toBe(map);
      await page.dblclick('[data-testid="file-entry-Doodads"]');
      await page.dblclick('[data-testid="file-entry-Cinematic"]');
      await page.dblclick('[data-testid="file-entry-ArthasIllidanFight"]');
      await expect.poll(() => page.locator('[data-testid="file-entry-ArthasCape0001.mrf"]').count()).toBe(1);
      await screenshot(page, 'archive-browser-inside-map');
      await page.fill('[data-testid="file-browser-filter"]', '*.mdx');
      await expect.poll(() => page.locator('[data-testid="file-entry-ArthasCape0001.mrf"]').count()).toBe(0);
      await page.click('[data-testid="file-entry-ArthasIllidanSample.mdx"]');
      await page.click('[data-testid="file-browser-accept"]');

      // The capes are in no data folder: one click adds the map.
      await page.waitForSelector('[data-testid="dialog-add"]', { timeout: 20_000 });
      expect(await page.locator('[role="dialog"]').innerText()).toContain(`The model sits in ${map}`);
      await screenshot(page, 'archive-capes-offer');
      await page.click('[data-testid="dialog-add"]');
      const link = async (id: string) => (await snapshot(page)).links.find((candidate) => candidate.id === id);
      await expect.poll(async () => (await link('0001'))?.status, { timeout: 20_000 }).toBe('found');
      const entryPath = join(map, ...modelGamePath.split('\\'));
      expect((await snapshot(page)).file).toBe(entryPath);
      expect(await page.getByTestId('file-title').innerText()).toContain(`Cinematic.w3x\\${modelGamePath}`);

      // Drag the show key of link 0001 by +500 ms.
      await page.getByTestId('timeline-canvas').hover();
      const start = (await keyPosition(page, '0001'))!;
      await page.mouse.click(start.x, start.y);
      await expect.poll(async () => (await snapshot(page)).selectedKeys).toBe(1);
      await page.keyboard.press('NumpadDecimal');
      const key = (await keyPosition(page, '0001'))!;
      const { pixelsPerMs } = (await snapshot(page)).timelineView;
      await page.mouse.move(key.x, key.y);
      await page.mouse.down();
      await page.mouse.move(key.x + 250 * pixelsPerMs, key.y, { steps: 5 });
      await page.mouse.move(key.x + 500 * pixelsPerMs, key.y, { steps: 5 });
      await page.mouse.up();
      expect((await link('0001'))?.show).toEqual([28_633]);
      await page.keyboard.press('Control+s');
      await expect.poll(async () => (await snapshot(page)).dirty, { timeout: 20_000 }).toBe(false);
      expect((await snapshot(page)).notice).toContain(
        'previous version kept as Cinematic.w3x.bak, the original as Cinematic.w3x.orig',
      );
      await screenshot(page, 'archive-saved-into-map');

      // Only the model changed; the original map is kept beside it.
      expect(readFileSync(`${map}.bak`).equals(original)).toBe(true);
      const after = await filesOf(map);
      const afterByKey = byKey(after);
      expect([...afterByKey.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [name, bytes] of before) {
        if (name === modelGamePath.toLowerCase()) expect(afterByKey.get(name)).not.toBe(bytes);
        else if (name !== '(attributes)') expect(afterByKey.get(name), name).toBe(bytes);
      }
      const extracted = join(work, 'extracted.mdx');
      writeFileSync(extracted, [...after].find(([name]) => name.toLowerCase() === modelGamePath.toLowerCase())![1]);
      const inspected = JSON.parse(
        execFileSync(process.execPath, [join(repositoryRoot, 'bin', 'morf.js'), 'inspect', extracted, '--json'], {
          encoding: 'utf8',
        }),
      ) as { mrfLinks: { id: string; show: number[] }[] };
      expect(inspected.mrfLinks.find((candidate) => candidate.id === '0001')?.show).toEqual([28_633]);

      // Reopen from Recent: the map's file, named inside the map, with the edit.
      await openFileMenuItem(page, `Cinematic.w3x\\${modelGamePath}`);
      await expect.poll(async () => (await snapshot(page)).file, { timeout: 20_000 }).toBe(entryPath);
      await expect.poll(async () => (await link('0001'))?.show, { timeout: 20_000 }).toEqual([28_633]);
      expect((await snapshot(page)).recentFiles[0]).toBe(entryPath);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('stacks the game’s archives in the game’s order, a map added later above them; CASC is told', async () => {
    const game = join(work, 'Warcraft III');
    mkdirSync(game);
    for (const name of ['War3.mpq', 'War3x.mpq', 'War3Patch.mpq'])
      writeFileSync(join(game, name), await gameArchiveBytes({ 'Units\\Footman.txt': name }));
    writeFileSync(join(game, 'Notes.mpq.txt'), 'not an archive');
    const casc = join(work, 'Warcraft III 1.32');
    mkdirSync(join(casc, 'Data', 'indices'), { recursive: true });
    writeFileSync(join(casc, '.build.info'), 'Branch!STRING:0|Active!DEC:1\n');
    mkdirSync(join(work, 'mymap'));
    const map = join(work, 'mymap', 'Mine.w3x');
    writeFileSync(map, await mapBytes({ 'war3map.j': 'main' }));
    const shell = await startWebShell([work, '--no-sample']);
    try {
      const page = await openEditor(browser, shell.url);
      const goTo = async (path: string) => {
        await page.fill('[data-testid="file-browser-path"]', path);
        await page.press('[data-testid="file-browser-path"]', 'Enter');
        await expect.poll(() => page.getByTestId('file-browser-entries').getAttribute('data-location')).toBe(path);
      };
      const stack = async () =>
        (JSON.parse(readFileSync(join(shell.configDirectory, 'settings.json'), 'utf8')) as { dataFolders: string[] })
          .dataFolders;

      await openFileMenuItem(page, 'Add Game Folder…');
      await goTo(casc);
      await page.click('[data-testid="file-browser-accept"]');
      await page.waitForSelector('[data-testid="dialog-ok"]');
      expect(await page.locator('[role="dialog"]').innerText()).toMatch(/patch 1\.30 or later.*CASC/s);
      await screenshot(page, 'archive-game-folder-casc');
      await page.click('[data-testid="dialog-ok"]');

      await openFileMenuItem(page, 'Add Game Folder…');
      await goTo(game);
      await screenshot(page, 'archive-game-folder-browser');
      await page.click('[data-testid="file-browser-accept"]');
      const gameOrder = ['War3Patch.mpq', 'War3x.mpq', 'War3.mpq'].map((name) => join(game, name));
      await expect.poll(stack, { timeout: 20_000 }).toEqual(gameOrder);

      // A map the user adds goes above them (and wins).
      await openFileMenuItem(page, 'Open Data Folder…');
      await goTo(join(work, 'mymap'));
      await page.click('[data-testid="file-entry-Mine.w3x"]');
      await page.click('[data-testid="file-browser-accept"]');
      await expect.poll(stack, { timeout: 20_000 }).toEqual([map, ...gameOrder]);
      await page.locator('.data-folders-button').dispatchEvent('pointerdown');
      const rows = await page.locator('[data-testid="data-folder-row"]').allInnerTexts();
      expect(rows.map((row) => row.split('\n')[0]!.trim())).toEqual(
        [map, ...gameOrder].map((path, index) => `${index + 1}. ${path}`),
      );
      await screenshot(page, 'archive-game-folder-stack');
      await page.close();
    } finally {
      await shell.close();
    }
    expect(existsSync(join(game, 'War3.mpq.bak'))).toBe(false);
  });
});
