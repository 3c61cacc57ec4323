/**
 * End to end in Debian Chromium through the browser shell: F12 with a model open and the viewport in its free view (not
 * looking through a camera) renders what the viewport shows. Found in a newcomer hour (issue 21): the sample rendered
 * from User Perspective gave an all-black PNG — the model's node gizmos and particles run their frame callbacks at
 * priorities 0.5 and 0.6, which in react-three-fiber take drawing over, and the render's offscreen stage had nothing
 * that then drew (the editor's viewport draws in its axis gizmo's pass; a camera view draws itself).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { setPlayhead, snapshot } from './editor-page';
import { fillRenderDialog, saveTo } from './render-page';
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
const sample = join(repositoryRoot, 'assets', 'sample');

describe.skipIf(skipReason !== null)('rendering from the viewport’s free view with a model open', () => {
  it('F12 on the sample in User Perspective draws the background and the cape (it was all black)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'morf-e2e-render-free-'));
    const out = join(work, 'out');
    mkdirSync(out);
    const model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    const browser = await launchBrowser();
    const shell = await startWebShell([model, '--data', join(sample, 'data'), '--root', out]);
    try {
      const page = await openEditor(browser, shell.url, { width: 1280, height: 800 });
      await expect
        .poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found'), { timeout: 20_000 })
        .toBe(true);
      // Link 0000 shows from 19,300 to 22,300 ms; the viewport is in its free view.
      await setPlayhead(page, 20_500);
      expect((await snapshot(page)).model?.viewCamera).toBeNull();
      await page.mouse.move(700, 300);
      await page.keyboard.press('F12');
      await fillRenderDialog(page, { width: 320, height: 240 });
      await expect
        .poll(() => page.getByTestId('render-summary').textContent())
        .toBe('The playhead’s frame · the viewport’s view');
      const count = (await snapshot(page)).messages.length;
      await page.getByTestId('render-ok').click();
      const still = join(out, 'FreeView.png');
      await saveTo(page, still);
      await expect.poll(async () => (await snapshot(page)).messages.length, { timeout: 60_000 }).toBeGreaterThan(count);
      expect((await snapshot(page)).messages.at(-1)!.text).toContain(`Rendered 320 × 240 to ${still}`);
      const picture = PNG.sync.read(readFileSync(still));
      mkdirSync(outputDirectory, { recursive: true });
      writeFileSync(join(outputDirectory, 'render-still-free-view.png'), PNG.sync.write(picture));
      // The corner is the viewport's background (#3d3d3d), not black.
      expect([picture.data[0], picture.data[1], picture.data[2], picture.data[3]]).toEqual([61, 61, 61, 255]);
      // The cape is drawn on it: many pixels are not the background's.
      let drawn = 0;
      for (let offset = 0; offset < picture.data.length; offset += 4)
        if (
          Math.abs(picture.data[offset]! - 61) +
            Math.abs(picture.data[offset + 1]! - 61) +
            Math.abs(picture.data[offset + 2]! - 61) >
          60
        )
          drawn += 1;
      expect(drawn).toBeGreaterThan(1000);
      await screenshot(page, 'render-free-view-editor');
      await page.close();
    } finally {
      await shell.close();
      await browser.close();
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
