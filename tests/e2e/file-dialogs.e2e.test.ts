/**
 * End to end in Debian Chromium through the browser shell: the in-app file dialogs (issue 21, findings 6, 7, 8, 10
 * and 13, and the flaky "Alone.mrf" open of cape-authoring).
 *  - a path typed while the dialog's first listing is still on its way is opened as typed: the listing arriving
 *    between select-all and the typed text used to put its folder in front of the path ("/tmp/a/tmp/a/Alone.mrf");
 *  - Save clicked right after a folder was typed (Enter pressed, its listing still on its way, or not pressed) saves
 *    into that folder: it saved into the folder still listed;
 *  - each dialog is titled after its operation and shows that operation's files: Import Cape from glTF… and New
 *    Link from Cape… were "Open" dialogs filtered to `*.mdx *.mdl *.mrf` (the glTF file hidden), Export As… and
 *    Export Cape as glTF… were "Save As";
 *  - Import Cape with a model open offers to link the baked cape into it (it used to close the model), and opening
 *    it alone still asks about the model first;
 *  - an exported .glb stays out of Open Recent (choosing it failed with "MDX invalid"); a glTF chosen in Open is
 *    imported instead of refused;
 *  - with the sample open, Save As, Export As and Export Cape as glTF start in the "Saved files" place and save
 *    there (they opened at the places with Save greyed out); a path outside the places is refused with the reason
 *    and where to save instead;
 *  - wording: a model with one link whose cape is missing is not told "1 of the 1 capes … are"; Add Map or Archive
 *    with a map chosen says "Add This Map", not "Use This Folder"; a cape edited from inside a map is named by where
 *    it is (the map), not by the folder the map's model was opened from.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapBytes } from '../../electron/host/testing/maps';
import { mrfToGlb } from '../../shared/capes/gltf';
import { modelCodec } from '../../shared/events';
import { readMrf } from '../../shared/mrf';
import { fileDialogState, fileDialogTitle, runMenu, snapshot } from './editor-page';
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
    const cape = join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf');
    copyFileSync(cape, join(work, 'Alone.mrf'));
    writeFileSync(join(work, 'Cape.glb'), mrfToGlb(readMrf(new Uint8Array(readFileSync(cape)))));
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
  }, 90_000);

  it('saves into a folder typed just before Save, even before its listing arrives', async () => {
    const shell = await startWebShell(['--data', data, '--root', work, model]);
    const elsewhere = join(work, 'Elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    try {
      const page = await openEditor(browser, shell.url);
      await opened(page, 'Sample.mdx');
      const held: Route[] = [];
      let holding = false;
      await page.route('**/api/listDirectory', (route) => void (holding ? held.push(route) : route.continue()));
      const saveAs = async (name: string, start: string) => {
        await page.mouse.move(700, 400);
        await runMenu(page, 'File', 'Save As…');
        await fileDialogTitle(page);
        await expect.poll(async () => (await fileDialogState(page)).location, { timeout: 10_000 }).toBe(start);
        await page.getByTestId('file-browser-name').fill(name);
      };
      // Enter in the path field, then Save while the typed folder's listing is still on its way: the file goes into
      // the typed folder (it went into the folder still listed).
      await saveAs('Entered.mdx', work);
      holding = true;
      await page.getByTestId('file-browser-path').fill(elsewhere);
      await page.getByTestId('file-browser-path').press('Enter');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.getByTestId('file-browser-accept').click();
      await screenshot(page, 'file-dialogs-save-while-listing');
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await opened(page, 'Entered.mdx');
      expect((await snapshot(page)).file).toBe(join(elsewhere, 'Entered.mdx'));
      expect(existsSync(join(work, 'Entered.mdx'))).toBe(false);

      // A folder typed without Enter is where Save saves too.
      await page.getByTestId('file-browser-path').waitFor({ state: 'detached' });
      await saveAs('Typed.mdx', elsewhere);
      const sub = join(elsewhere, 'Sub');
      mkdirSync(sub);
      await page.getByTestId('file-browser-path').fill(sub);
      await page.getByTestId('file-browser-accept').click();
      await opened(page, 'Typed.mdx');
      expect((await snapshot(page)).file).toBe(join(sub, 'Typed.mdx'));
      expect(existsSync(join(elsewhere, 'Typed.mdx'))).toBe(false);
      await page.close();
    } finally {
      await shell.close();
    }
  }, 90_000);

  it('keeps the File menu still under the pointer when the recent files arrive while it is open', async () => {
    // The recent files are part of the File menu; the open's refresh of them arriving while the menu was open
    // pushed Save As… down a row, so a click meant for Save As… saved instead (CI saw it as a missing dialog).
    const shell = await startWebShell(['--data', data, '--root', work, model]);
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const held: Route[] = [];
      let calls = 0;
      await page.route('**/api/getSettings', (route) => void (++calls === 1 ? route.continue() : held.push(route)));
      await page.goto(shell.url);
      await opened(page, 'Sample.mdx');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      expect((await snapshot(page)).recentFiles).toEqual([]);
      await page.locator('.menu-button', { hasText: 'File' }).dispatchEvent('pointerdown');
      const saveAsItem = page.locator('.menu .menu-item', { hasText: 'Save As…' });
      const before = await saveAsItem.boundingBox();
      for (const route of held.splice(0)) await route.continue();
      await expect.poll(async () => (await snapshot(page)).recentFiles).toEqual([model]);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await saveAsItem.boundingBox()).toEqual(before);
      await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2);
      expect(await fileDialogTitle(page)).toBe('Save As');
      await page.getByTestId('file-browser').getByText('Cancel', { exact: true }).click();
      // Opened again, the menu lists the file that arrived.
      await page.locator('.menu-button', { hasText: 'File' }).dispatchEvent('pointerdown');
      await expect.poll(() => page.locator('.menu .menu-item', { hasText: 'Sample.mdx' }).count()).toBe(1);
      await page.close();
    } finally {
      await shell.close();
    }
  }, 90_000);

  it('titles each dialog after its operation and shows the files it takes', async () => {
    const shell = await startWebShell(['--data', data, '--root', work, model]);
    try {
      const page = await openEditor(browser, shell.url);
      await opened(page, 'Sample.mdx');
      await expect.poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found')).toBe(true);
      const dialog = async (menu: string, label: string) => {
        await page.mouse.move(700, 400);
        await runMenu(page, menu, label);
        const title = await fileDialogTitle(page);
        await expect.poll(async () => (await fileDialogState(page)).location).toBe(work);
        const state = { title, ...(await fileDialogState(page)) };
        await screenshot(page, `file-dialogs-${label.replace(/\W+/g, '-').toLowerCase()}`);
        await page.getByTestId('file-browser').getByText('Cancel', { exact: true }).click();
        return state;
      };
      expect(await dialog('File', 'Import Cape from glTF…')).toMatchObject({
        title: 'Import Cape from glTF',
        filter: '*.glb *.gltf',
        names: expect.arrayContaining(['Cape.glb']),
        accept: 'Import',
      });
      const newLink = await dialog('Edit', 'New Link from Cape…');
      expect(newLink).toMatchObject({ title: 'New Link from Cape', names: expect.arrayContaining(['Cape.glb']) });
      expect(newLink.names).toContain('Alone.mrf');
      expect(newLink.names).not.toContain('Sample.mdx');
      expect(await dialog('File', 'Import Cape from EMF…')).toMatchObject({
        title: 'Import Cape from EMF',
        filter: '*.emf',
      });
      expect(await dialog('File', 'Save As…')).toMatchObject({ title: 'Save As', filter: '*.mdx', accept: 'Save' });
      expect(await dialog('File', 'Export As…')).toMatchObject({
        title: 'Export As MDL',
        filter: '*.mdl',
        accept: 'Export',
      });
      await page.click('[data-testid="outliner-row-link:0001"]');
      expect(await dialog('File', 'Export Cape as glTF…')).toMatchObject({
        title: 'Export Cape as glTF',
        filter: '*.glb *.gltf',
        names: expect.arrayContaining(['Cape.glb']),
        accept: 'Export',
      });
      expect(await dialog('File', 'Open…')).toMatchObject({ title: 'Open', filter: '*.mdx *.mdl *.mrf' });
      await page.close();
    } finally {
      await shell.close();
    }
  }, 90_000);

  it('imports a cape into the open model or alone (asking about the model); imports stay out of Recent', async () => {
    const shell = await startWebShell(['--data', data, '--root', work, model]);
    try {
      const page = await openEditor(browser, shell.url);
      await opened(page, 'Sample.mdx');
      await expect.poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found')).toBe(true);
      const importGlb = async () => {
        await page.mouse.move(700, 400);
        await runMenu(page, 'File', 'Import Cape from glTF…');
        await page.getByTestId('file-browser-path').fill(join(work, 'Cape.glb'));
        await page.getByTestId('file-browser-path').press('Enter');
        await page.getByTestId('form-ok').click();
      };
      // Linked into the model: the model stays open, with a new link whose cape was written to the data folder.
      await importGlb();
      await page.getByTestId('dialog-link').click();
      await page.getByTestId('prompt-field').fill('0051');
      await page.getByTestId('prompt-ok').click();
      await expect
        .poll(async () => (await snapshot(page)).links.find((link) => link.id === '0051')?.status)
        .toBe('found');
      expect((await snapshot(page)).file).toBe(model);
      expect(existsSync(join(data, 'doodads', 'cinematic', 'arthasillidanfight', 'ArthasCape0051.mrf'))).toBe(true);
      await screenshot(page, 'file-dialogs-import-linked');

      // Alone: the model's unsaved link is asked about first; Cancel keeps the model open.
      await importGlb();
      await page.getByTestId('dialog-alone').click();
      await expect
        .poll(() => page.locator('[data-testid="dialog"] .dialog-body').innerText())
        .toBe('Save changes to “Sample.mdx” before opening the imported cape?');
      await page.getByTestId('dialog-cancel').click();
      expect((await snapshot(page)).file).toBe(model);

      // An exported glTF does not become a recent file; one chosen in Open is imported.
      await page.click('[data-testid="outliner-row-link:0001"]');
      await page.mouse.move(700, 400);
      await runMenu(page, 'File', 'Export Cape as glTF…');
      await page.getByTestId('file-browser-name').fill('Exported.glb');
      await page.getByTestId('file-browser-accept').click();
      await expect.poll(() => existsSync(join(work, 'Exported.glb')), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(300);
      expect((await snapshot(page)).recentFiles.filter((path) => !/\.(mdx|mdl|mrf)$/i.test(path))).toEqual([]);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      await page.getByTestId('dialog-discard').click();
      await page.getByTestId('file-browser-path').fill(join(work, 'Exported.glb'));
      await page.getByTestId('file-browser-path').press('Enter');
      await page.getByTestId('form-ok').click();
      await opened(page, 'Exported.mrf');
      expect(await page.title()).toBe('• Exported.mrf — Morf Studio');
      // Imported (from the menu or through Open), the glTF is not a recent file either.
      await page.waitForTimeout(300);
      const recent = (await snapshot(page)).recentFiles;
      expect(recent.filter((path) => !/\.(mdx|mdl|mrf)$/i.test(path))).toEqual([]);
      expect(recent).toContain(model);
      await page.close();
    } finally {
      await shell.close();
    }
  }, 90_000);

  it('says how many capes are missing in words, names a map as a map, and a map’s cape by its map', async () => {
    const fight = 'Doodads\\Cinematic\\ArthasIllidanFight';
    let document = modelCodec.readModel(new Uint8Array(readFileSync(model)), 'Sample.mdx');
    for (const link of document.links.slice(1))
      document = modelCodec.applyEdit(document, { kind: 'removeLink', id: link.id });
    const id = document.links[0]!.id;
    const cape = readFileSync(join(data, 'doodads', 'cinematic', 'arthasillidanfight', `arthascape${id}.mrf`));
    const maps = mkdtempSync(join(tmpdir(), 'morf-e2e-dialogs-maps-'));
    const map = join(maps, 'Cinematic.w3x');
    writeFileSync(
      map,
      await mapBytes({
        [`${fight}\\One.mdx`]: modelCodec.writeModel(document),
        [`${fight}\\ArthasCape${id}.mrf`]: new Uint8Array(cape),
      }),
    );
    const shell = await startWebShell([maps, '--no-sample']);
    try {
      const page = await openEditor(browser, shell.url);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      await page
        .getByTestId('file-browser-path')
        .fill(join(map, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'One.mdx'));
      await page.getByTestId('file-browser-path').press('Enter');
      await page.waitForSelector('[data-testid="dialog-add"]', { timeout: 20_000 });
      expect(await page.locator('[data-testid="dialog"] .dialog-body').innerText()).toMatch(
        /^The cape that Cinematic\.w3x\\Doodads\\Cinematic\\ArthasIllidanFight\\One\.mdx links is in no data folder \(/,
      );
      await page.getByTestId('dialog-cancel').click();

      // The data folder menu's Add Map or Archive…: a map chosen is added as a map.
      await page.locator('.data-folders-button').dispatchEvent('pointerdown');
      await page.locator('.menu .menu-item', { hasText: 'Add Map or Archive…' }).click();
      expect(await fileDialogTitle(page)).toBe('Add Map or Archive');
      await page.getByTestId('file-browser-path').fill(maps);
      await page.getByTestId('file-browser-path').press('Enter');
      await page.getByTestId('file-entry-Cinematic.w3x').click();
      expect((await fileDialogState(page)).accept).toBe('Add This Map');
      await screenshot(page, 'file-dialogs-add-this-map');
      await page.getByTestId('file-browser-accept').click();
      await expect
        .poll(async () => (await snapshot(page)).links.map((link) => link.status), { timeout: 20_000 })
        .toEqual(['found']);

      // The link's cape, edited: named by the map it is in, never by the folder holding the map.
      await page.click(`[data-testid="outliner-row-link:${id}"]`);
      await page.getByTestId('cape-initial-time').fill('-0.5');
      await page.getByTestId('cape-initial-time').press('Enter');
      await expect.poll(() => page.title()).toMatch(/^• /);
      const titles = [await page.title(), await page.getByTestId('file-title').innerText()];
      await screenshot(page, 'file-dialogs-map-cape-title');
      expect(titles[0]).toBe(`• ArthasCape${id}.mrf (cape) — Cinematic.w3x\\${fight}\\One.mdx — Morf Studio`);
      expect(titles[1]).toContain(`ArthasCape${id}.mrf (cape)`);
      expect(titles[1]).toContain('Cinematic.w3x');
      for (const title of titles) expect(title).not.toContain(maps);
      await page.close();
    } finally {
      await shell.close();
      rmSync(maps, { recursive: true, force: true });
    }
  }, 90_000);

  it('saves the sample, its MDL and a cape export into Saved files; a refused path says where to save', async () => {
    const shell = await startWebShell([]);
    const saved = join(shell.configDirectory, 'Saved files');
    try {
      const page = await openEditor(browser, shell.url);
      await opened(page, 'ArthasIllidanSample.mdx');
      await expect.poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found')).toBe(true);
      const save = async (menu: string, label: string, name: string) => {
        await page.mouse.move(700, 400);
        await runMenu(page, menu, label);
        await fileDialogTitle(page);
        await expect.poll(async () => (await fileDialogState(page)).location, { timeout: 10_000 }).toBe(saved);
        await page.getByTestId('file-browser-name').fill(name);
        expect((await fileDialogState(page)).acceptEnabled).toBe(true);
        await page.getByTestId('file-browser-accept').click();
        await expect.poll(() => existsSync(join(saved, name)), { timeout: 20_000 }).toBe(true);
      };
      await save('File', 'Export As…', 'Sample.mdl');
      await page.click('[data-testid="outliner-row-link:0001"]');
      await save('File', 'Export Cape as glTF…', 'Cape0001.glb');
      await save('File', 'Save As…', 'MySample.mdx');
      await opened(page, 'MySample.mdx');
      expect(readFileSync(join(saved, 'MySample.mdx'))).toEqual(
        readFileSync(join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx')),
      );

      // A folder outside the places: refused, saying why and where to save.
      await page.mouse.move(700, 400);
      await runMenu(page, 'File', 'Save As…');
      await fileDialogTitle(page);
      await page.getByTestId('file-browser-path').fill(work);
      await page.getByTestId('file-browser-path').press('Enter');
      const error = page.getByTestId('file-browser-error');
      await expect.poll(() => error.innerText()).toContain('outside the granted roots');
      expect(await error.innerText()).toContain(`save into ${saved} (Saved files)`);
      await screenshot(page, 'file-dialogs-save-refused');
      await page.close();
    } finally {
      await shell.close();
    }
  }, 90_000);
});
