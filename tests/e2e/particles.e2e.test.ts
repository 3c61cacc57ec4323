/**
 * End to end in Debian Chromium through the browser shell: particles and ribbons (issue 22).
 *  - a corpus spell effect (AncientExplode, 18 particle emitters 2) through its own camera at a frame of its
 *    explosion, and a ribbon sword trail (IchigoBBR's Attack - 1), compared with stored screenshots; every emitter is
 *    listed by `snapshot().model.particles` with its kind, live count and the factor the Particles level applied;
 *  - F12 renders the spell effect as the viewport draws it at the same time (the render's frame simulated to its
 *    time, the viewport's 4:3 camera frame area-averaged to the render's size: under 1.5 % of pixels differ);
 *  - a looping Stand shorter than its particles' lifespan starts at its steady count (the pre-roll once covered one
 *    pass only: 240 of 360); the game's Particles option halves it at Medium; the Particles overlay hides them;
 *    scrubbing back to a frame draws the same pixels;
 *  - a particle emitter (PREM) spawns a model from the data folder, and says which one it cannot show;
 *  - a hostile emitter is capped, with its diagnostics and the viewport's hint, and the page stays responsive;
 *  - a Popcorn emitter gets the hint that it is shown as a gizmo only.
 * Stored screenshots: tests/e2e/screenshots/*.png (MORF_UPDATE_SCREENSHOTS=1 writes them again).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMdxModel } from '../../shared/model/mdx-model';
import {
  emitterModel,
  particleEmitter,
  particleEmitter2,
  sequence,
} from '../../shared/model/simulation/testing/emitter-models';
import { fullModelBytes } from '../../shared/model/testing/fixture-bytes';
import { fullModelSpec } from '../../shared/model/testing/fixtures';
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
import { afterRender, captureViewport, differingPixels, setPlayhead, snapshot } from './editor-page';
import { fillRenderDialog, frameOf, resample, saveTo, toggleOverlay } from './render-page';

const skipReason = browserSkipReason();
const STORED = join(repositoryRoot, 'tests', 'e2e', 'screenshots');
const SETTLE_MS = 200;
const corpusFile = (name: string) => corpusModels('MDX').find((entry) => entry.file.endsWith(name))!.file;

/** Compares a capture with the stored screenshot `name` (written when missing or MORF_UPDATE_SCREENSHOTS=1). */
function compareWithStored(picture: PNG, name: string): number {
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
  return differingPixels(picture, expected, 60) / (picture.width * picture.height);
}

/** The automation's particle list of the open model. */
async function particles(page: Page) {
  return (await snapshot(page)).model?.particles ?? [];
}

/** Live particles over every emitter. */
async function alive(page: Page): Promise<number> {
  return (await particles(page)).reduce((total, emitter) => total + emitter.alive, 0);
}

/** Sets the playhead and waits until the viewport has drawn that frame. */
async function scrub(page: Page, timeMs: number): Promise<void> {
  await afterRender(page, () => setPlayhead(page, timeMs), SETTLE_MS);
}

/** Opens the viewport's menu `button` and picks the entry whose text starts with `entry`. */
async function pick(page: Page, button: string, entry: string): Promise<void> {
  await page.locator(button).dispatchEvent('pointerdown');
  await afterRender(page, () => page.click(`.menu-item:has-text("${entry}")`), SETTLE_MS);
  await page.keyboard.press('Escape');
}

describe.skipIf(skipReason !== null || !modelCorpus.present)('particles and ribbons', () => {
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-particles-'));
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Opens `file` (copied to a folder of its own) with the shell's extra arguments; returns the page and errors. */
  async function open(file: string, bytes: Uint8Array | null, extra: string[] = []) {
    const folder = mkdtempSync(join(work, 'model-'));
    const model = join(folder, file.split('/').pop()!);
    if (bytes) writeFileSync(model, bytes);
    else copyFileSync(join(modelCorpus.directory, file), model);
    const shell = await startWebShell([model, ...extra]);
    const page = await openEditor(browser, shell.url, { width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await expect.poll(async () => (await snapshot(page)).model !== null, { timeout: 20_000 }).toBe(true);
    return { page, errors, shell };
  }

  it('draws a spell effect’s particles through its camera, as stored', async () => {
    const { page, errors, shell } = await open(corpusFile('AncientExplode.mdx'), null);
    try {
      await setPlayhead(page, 600);
      await expect.poll(() => alive(page), { timeout: 10_000 }).toBeGreaterThan(500);
      const listed = await particles(page);
      expect(listed).toHaveLength(18);
      expect(listed.every((emitter) => emitter.kind === 'PRE2')).toBe(true);
      expect(listed.find((emitter) => emitter.name === 'Fire')).toMatchObject({ emissionScale: 2 });
      const canvas = page.locator('[data-area="viewport"] canvas');
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await afterRender(page, () => page.keyboard.press('Numpad0'), SETTLE_MS);
      expect((await snapshot(page)).model!.viewCamera).toBe('Default View');
      await page.waitForTimeout(300);
      const picture = await captureViewport(page);
      await screenshot(page, 'particles-ancient-explode');
      expect(compareWithStored(picture, 'ancient-explode-600')).toBeLessThan(0.015);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('renders the spell effect with F12 as the viewport draws it at the same time', async () => {
    const out = join(work, 'renders');
    mkdirSync(out, { recursive: true });
    const { page, errors, shell } = await open(corpusFile('AncientExplode.mdx'), null, ['--root', out]);
    try {
      await setPlayhead(page, 600);
      await expect.poll(() => alive(page), { timeout: 10_000 }).toBeGreaterThan(500);
      const canvas = page.locator('[data-area="viewport"] canvas');
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await afterRender(page, () => page.keyboard.press('Numpad0'), SETTLE_MS);
      // The viewport without the helpers a render leaves out (grid, axes, emitter and camera gizmos).
      for (const overlay of ['Grid floor', 'Axes', 'Emitters and ribbons', 'Camera gizmos'])
        await afterRender(page, () => toggleOverlay(page, overlay), SETTLE_MS);
      await page.waitForTimeout(300);
      const viewport = await captureViewport(page);
      await page.keyboard.press('F12');
      await fillRenderDialog(page, { width: 400, height: 300 });
      await page.getByTestId('render-transparent').uncheck();
      await page.getByTestId('render-overlays').uncheck();
      await page.getByTestId('render-ok').click();
      const still = join(out, 'Explode.png');
      await saveTo(page, still);
      await expect
        .poll(async () => (await snapshot(page)).messages.at(-1)?.text ?? '', { timeout: 60_000 })
        .toContain(`Rendered 400 × 300 to ${still}`);
      const rendered = PNG.sync.read(readFileSync(still));
      const expected = resample(viewport, frameOf(viewport.width, viewport.height), 400, 300);
      mkdirSync(outputDirectory, { recursive: true });
      writeFileSync(join(outputDirectory, 'particles-render-still.png'), PNG.sync.write(rendered));
      writeFileSync(join(outputDirectory, 'particles-render-viewport.png'), PNG.sync.write(expected));
      expect(differingPixels(rendered, expected, 60) / (400 * 300)).toBeLessThan(0.015);
      // The particles are in the render: the explosion's white-hot blob (the floor is a purple checker).
      let drawn = 0;
      for (let offset = 0; offset < rendered.data.length; offset += 4)
        if (Math.min(rendered.data[offset]!, rendered.data[offset + 1]!, rendered.data[offset + 2]!) > 230) drawn += 1;
      expect(drawn).toBeGreaterThan(2000);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('draws a ribbon sword trail, as stored', async () => {
    const { page, errors, shell } = await open(corpusFile('IchigoBBR.mdx'), null);
    try {
      await setPlayhead(page, 2100);
      await expect
        .poll(async () => (await particles(page)).map((emitter) => emitter.kind))
        .toEqual(['RIBB', 'RIBB', 'RIBB']);
      await expect.poll(() => alive(page)).toBeGreaterThan(20);
      await page.waitForTimeout(300);
      const picture = await captureViewport(page);
      await screenshot(page, 'particles-ichigo-sword-trail');
      expect(compareWithStored(picture, 'ichigo-sword-trail-2100')).toBeLessThan(0.015);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('starts a looping Stand steady, scales it with the Particles option, hides it with the overlay', async () => {
    const { page, errors, shell } = await open(corpusFile('DustEmitter.mdx'), null);
    try {
      // 90 a second × 2 (High) × 2 s: at the sequence's very start, the previous passes' particles are there.
      await setPlayhead(page, 300);
      await expect
        .poll(() => particles(page))
        .toEqual([{ name: 'BlizParticle01dust', kind: 'PRE2', alive: 360, emissionScale: 2 }]);
      await expect(page.getByTestId('viewport-stats').textContent()).resolves.toContain('particles 360');
      const high = await captureViewport(page);
      await pick(page, '[data-testid="particle-level"]', 'Medium');
      await expect
        .poll(() => particles(page))
        .toEqual([{ name: 'BlizParticle01dust', kind: 'PRE2', alive: 180, emissionScale: 1 }]);
      await expect(page.getByTestId('particle-level').textContent()).resolves.toBe('Particles: Medium');
      // Scrubbing away and back draws the same particles.
      await scrub(page, 900);
      await scrub(page, 300);
      const medium = await captureViewport(page);
      await scrub(page, 1200);
      await scrub(page, 300);
      expect(differingPixels(await captureViewport(page), medium, 0)).toBe(0);
      expect(differingPixels(high, medium, 60)).toBeGreaterThan(200);
      await pick(page, '[data-area="viewport"] button:has-text("Overlays")', 'Particles and ribbons');
      await expect.poll(() => alive(page)).toBe(0);
      const hidden = await captureViewport(page);
      expect(differingPixels(hidden, medium, 60)).toBeGreaterThan(200);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('spawns a particle emitter’s model from the data folder, and names one it cannot find', async () => {
    const bytes = writeMdxModel(
      emitterModel(
        {
          kind: 'PREM',
          object: particleEmitter({
            spawnModelFileName: 'Units\\Spawn\\Spawned.mdl',
            emissionRate: 3,
            lifespan: 2,
            initialVelocity: 40,
            latitude: 0.6,
          }),
        },
        [sequence('Stand', 0, 3000)],
      ),
    );
    const data = join(work, 'spawn-data');
    mkdirSync(join(data, 'Units', 'Spawn'), { recursive: true });
    copyFileSync(
      join(modelCorpus.directory, corpusFile('SmileyGW_004.mdx')),
      join(data, 'Units', 'Spawn', 'Spawned.mdx'),
    );
    const missing = await open('Spawner.mdx', bytes);
    let without: PNG;
    try {
      await scrub(missing.page, 1500);
      await expect
        .poll(() => missing.page.getByTestId('particle-hint').textContent())
        .toContain('Spawned model Units\\Spawn\\Spawned.mdl cannot be shown: not in the data sources');
      without = await captureViewport(missing.page);
      expect(missing.errors).toEqual([]);
      await missing.page.close();
    } finally {
      await missing.shell.close();
    }
    const found = await open('Spawner.mdx', bytes, ['--data', data]);
    try {
      await scrub(found.page, 1500);
      await expect
        .poll(() => particles(found.page))
        .toEqual([{ name: 'Spawner', kind: 'PREM', alive: 6, emissionScale: 1 }]);
      // The smileys appear once their model is loaded from the data folder.
      await expect
        .poll(async () => differingPixels(await captureViewport(found.page), without, 60), { timeout: 15_000 })
        .toBeGreaterThan(1000);
      expect(await found.page.getByTestId('particle-hint').textContent()).toBe('');
      await screenshot(found.page, 'particles-spawned-models');
      expect(found.errors).toEqual([]);
      await found.page.close();
    } finally {
      await found.shell.close();
    }
  });

  it('caps a hostile emitter, says so, and stays responsive', async () => {
    const bytes = writeMdxModel(
      emitterModel(
        { kind: 'PRE2', object: particleEmitter2({ emissionRate: 1e30, lifespan: 1e30, speed: 80, latitude: 180 }) },
        [sequence('Stand', 0, 2000)],
      ),
    );
    const { page, errors, shell } = await open('Hostile.mdx', bytes);
    try {
      await expect
        .poll(() => page.getByTestId('diagnostics').textContent())
        .toContain('has emission rate 1e+30; the preview uses 100000');
      await expect(page.getByTestId('diagnostics').textContent()).resolves.toContain('has lifespan 1e+30');
      await setPlayhead(page, 1000);
      await expect.poll(() => alive(page), { timeout: 30_000 }).toBe(65_536);
      await expect
        .poll(() => page.getByTestId('particle-hint').textContent())
        .toBe('Particles: “Emitter” reached the cap of 65,536 live particles; what it emits beyond it is not shown.');
      // Still answering: the playhead moves and the viewport draws.
      await setPlayhead(page, 1500);
      await screenshot(page, 'particles-hostile-capped');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });

  it('shows a Popcorn emitter as a gizmo, with a hint that it is not simulated', async () => {
    const { page, errors, shell } = await open('Reforged.mdx', fullModelBytes(fullModelSpec(1000)));
    try {
      await expect
        .poll(() => page.getByTestId('particle-hint').textContent())
        .toContain('(Reforged’s PopcornFX): shown as a gizmo (Overlays ▸ Emitters), not simulated');
      await expect.poll(() => page.getByTestId('diagnostics').textContent()).toContain('PopcornFX emitter');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await shell.close();
    }
  });
});
