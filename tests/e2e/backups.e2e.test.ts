/**
 * End to end in Debian Chromium through the browser shell (issue 21, finding 5): a map's untouched original
 * survives any number of sessions. Three editor sessions (three runs of the shell) each open the model inside a map,
 * add a link and save it back into the map: `MAP.orig` stays the map as it was before the first session (it used to
 * be lost: `MAP.bak` was replaced at the first save of every session), and `MAP.bak` is the map each save replaced.
 * Between the sessions `morf archive add` is killed with SIGKILL while it writes the map: the temporary file it
 * leaves beside the map is removed by the next `morf archive add`, and, killed again, by the editor's next save.
 * The same for a model and a cape on disk: three sessions each save both, `FILE.orig` stays the file as it was.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MpqArchive } from '../../shared/archives/mpq/archive';
import { memorySource } from '../../shared/archives/mpq/source';
import { emptyMpq, writeMpq } from '../../shared/archives/mpq/writer';
import { runMenu, snapshot } from './editor-page';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, screenshot, startWebShell } from './harness';

const skipReason = browserSkipReason();
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleCapes = join(repositoryRoot, 'assets', 'sample', 'data', 'doodads', 'cinematic', 'arthasillidanfight');
const fight = 'Doodads\\Cinematic\\ArthasIllidanFight';

/** Size of the map header block in front of the archive. */
const MAP_HEADER_BLOCK = 512;

/** A map holding the sample, its capes and 12 MB of imported data (so that writing it takes a moment). */
async function makeMap(path: string): Promise<void> {
  const files: [string, Uint8Array][] = [
    [`${fight}\\ArthasIllidanSample.mdx`, new Uint8Array(readFileSync(sampleModel))],
    ['war3mapImported\\Padding.bin', new Uint8Array(randomBytes(12_000_000))],
  ];
  for (const name of readdirSync(sampleCapes))
    files.push([
      `${fight}\\${name.replace('arthascape', 'ArthasCape')}`,
      new Uint8Array(readFileSync(join(sampleCapes, name))),
    ]);
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const { bytes } = await writeMpq(
    base,
    files.map(([name, content]) => ({ kind: 'put' as const, name, bytes: content })),
    { createListfile: true, compressionLevel: 1 },
  );
  const map = new Uint8Array(MAP_HEADER_BLOCK + bytes.length);
  map.set([0x48, 0x4d, 0x33, 0x57]);
  map.set(bytes, MAP_HEADER_BLOCK);
  writeFileSync(path, map);
}

/** Runs `morf` (the built command line) to its end; its exit code. */
function morf(args: readonly string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'morf.js'), ...args], { stdio: 'ignore' });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

describe.skipIf(skipReason !== null)('backups over sessions', () => {
  let browser: Browser;
  let work: string;
  let maps: string;
  let map: string;
  let original: Buffer;
  /** The temporary files of saves of the map lying beside it. */
  const temporaries = () =>
    readdirSync(maps).filter((name) => /^\.Cinematic\.w3x\.\d+-[0-9a-f]+\.morf-tmp$/.test(name));

  /** Kills `morf archive add` while it writes the map (retrying when it finished first); the temporary it left. */
  async function killWhileWriting(): Promise<string[]> {
    const padding = join(work, 'more.bin');
    writeFileSync(padding, randomBytes(1000));
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { child, exited } = morf(['archive', 'add', map, padding, '--as', `war3mapImported\\More${attempt}.bin`]);
      let running = true;
      void exited.then(() => (running = false));
      const started = Date.now();
      while (running && Date.now() - started < 30_000) {
        if (temporaries().length > 0) {
          child.kill('SIGKILL');
          break;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      await exited;
      if (temporaries().length > 0) return temporaries();
    }
    throw new Error('morf archive add was never caught writing');
  }

  /** One editor session: opens the map's model, adds link `id`, saves it into the map. */
  async function session(id: string): Promise<void> {
    const shell = await startWebShell([maps, '--no-sample']);
    let page: Page | null = null;
    try {
      page = await openEditor(browser, shell.url);
      await page.mouse.move(700, 400);
      await page.keyboard.press('Control+o');
      const field = page.getByTestId('file-browser-path');
      await field.fill(join(map, 'Doodads', 'Cinematic', 'ArthasIllidanFight', 'ArthasIllidanSample.mdx'));
      await field.press('Enter');
      // The capes are in no data folder yet: not now.
      await page.getByTestId('dialog-cancel').click({ timeout: 20_000 });
      await expect.poll(async () => (await snapshot(page!)).links.length, { timeout: 20_000 }).toBeGreaterThan(5);
      await page.mouse.move(700, 400);
      await runMenu(page, 'Edit', 'Add MRF Link…');
      await page.getByTestId('prompt-field').fill(id);
      await page.getByTestId('prompt-ok').click();
      await expect.poll(async () => (await snapshot(page!)).links.map((link) => link.id)).toContain(id);
      await page.locator('[data-area="outliner"]').hover();
      await page.keyboard.press('Control+s');
      await expect.poll(async () => (await snapshot(page!)).dirty, { timeout: 20_000 }).toBe(false);
      await screenshot(page, `backups-session-${id}`);
    } finally {
      await page?.close();
      await shell.close();
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-backups-'));
    maps = join(work, 'maps');
    mkdirSync(maps);
    map = join(maps, 'Cinematic.w3x');
    await makeMap(map);
    original = readFileSync(map);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps the original over three sessions; the next save removes what a killed save left', async () => {
    await session('S001');
    expect(readFileSync(`${map}.orig`).equals(original)).toBe(true);
    expect(readFileSync(`${map}.bak`).equals(original)).toBe(true);
    const afterFirst = readFileSync(map);
    expect(afterFirst.equals(original)).toBe(false);

    await session('S002');
    expect(readFileSync(`${map}.orig`).equals(original)).toBe(true);
    expect(readFileSync(`${map}.bak`).equals(afterFirst)).toBe(true);

    // A killed command-line save leaves its temporary file; the next one removes it.
    expect(await killWhileWriting()).toHaveLength(1);
    expect(await morf(['archive', 'add', map, join(work, 'more.bin'), '--as', 'war3mapImported\\Cli.bin']).exited).toBe(
      0,
    );
    expect(temporaries()).toEqual([]);
    // Killed again: the editor's next save removes it.
    expect(await killWhileWriting()).toHaveLength(1);
    const beforeThird = readFileSync(map);

    await session('S003');
    expect(temporaries()).toEqual([]);
    expect(readFileSync(`${map}.orig`).equals(original)).toBe(true);
    expect(readFileSync(`${map}.bak`).equals(beforeThird)).toBe(true);
    const archive = await MpqArchive.open(memorySource(new Uint8Array(readFileSync(map))));
    expect(archive.find('war3mapImported\\Cli.bin')).not.toBeNull();
    expect(
      readdirSync(maps)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['Cinematic.w3x', 'Cinematic.w3x.bak', 'Cinematic.w3x.orig']);
  }, 240_000);

  it('keeps a model’s and a cape’s originals on disk over three sessions', async () => {
    const folder = join(work, 'on-disk');
    const data = join(folder, 'data');
    mkdirSync(join(data, 'doodads', 'cinematic'), { recursive: true });
    cpSync(sampleCapes, join(data, 'doodads', 'cinematic', 'arthasillidanfight'), { recursive: true });
    const model = join(folder, 'Sample.mdx');
    const cape = join(folder, 'Alone.mrf');
    copyFileSync(sampleModel, model);
    copyFileSync(join(sampleCapes, 'arthascape0002.mrf'), cape);
    const originals = { model: readFileSync(model), cape: readFileSync(cape) };
    let previous = { ...originals };
    for (const [index, fps] of ['12', '15', '20'].entries()) {
      const shell = await startWebShell(['--data', data, '--root', folder, model]);
      let page: Page | null = null;
      try {
        page = await openEditor(browser, shell.url);
        const file = async () => (await snapshot(page!)).file ?? '';
        await expect.poll(file, { timeout: 20_000 }).toBe(model);
        // The model: a link added, saved.
        const id = `D00${index + 1}`;
        await page.mouse.move(700, 400);
        await runMenu(page, 'Edit', 'Add MRF Link…');
        await page.getByTestId('prompt-field').fill(id);
        await page.getByTestId('prompt-ok').click();
        await expect.poll(async () => (await snapshot(page!)).links.map((link) => link.id)).toContain(id);
        await page.locator('[data-area="outliner"]').hover();
        await page.keyboard.press('Control+s');
        await expect.poll(async () => (await snapshot(page!)).dirty, { timeout: 20_000 }).toBe(false);
        // The cape opened alone: its FPS changed, saved.
        await page.mouse.move(700, 400);
        await page.keyboard.press('Control+o');
        await page.getByTestId('file-browser-path').fill(cape);
        await page.getByTestId('file-browser-path').press('Enter');
        await expect.poll(file, { timeout: 20_000 }).toBe(cape);
        await page.getByTestId('cape-fps').fill(fps);
        await page.getByTestId('cape-fps').press('Enter');
        await expect.poll(() => page!.title()).toBe('• Alone.mrf — Morf Studio');
        await page.locator('[data-area="properties"]').hover();
        await page.keyboard.press('Control+s');
        await expect.poll(() => page!.title(), { timeout: 20_000 }).toBe('Alone.mrf — Morf Studio');
      } finally {
        await page?.close();
        await shell.close();
      }
      for (const [kind, path] of [
        ['model', model],
        ['cape', cape],
      ] as const) {
        expect(readFileSync(`${path}.orig`).equals(originals[kind]), `${kind} .orig, session ${index + 1}`).toBe(true);
        expect(readFileSync(`${path}.bak`).equals(previous[kind]), `${kind} .bak, session ${index + 1}`).toBe(true);
        expect(readFileSync(path).equals(previous[kind]), `${kind} saved, session ${index + 1}`).toBe(false);
      }
      previous = { model: readFileSync(model), cape: readFileSync(cape) };
    }
    expect(readdirSync(folder).sort()).toEqual([
      'Alone.mrf',
      'Alone.mrf.bak',
      'Alone.mrf.orig',
      'Sample.mdx',
      'Sample.mdx.bak',
      'Sample.mdx.orig',
      'data',
    ]);
  }, 240_000);
});
