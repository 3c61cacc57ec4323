/**
 * `npm run bench -- render` (issue 24), in Chromium (SwiftShader here) through the browser shell: the Footman portrait
 * (the corpus model with its cloth cape) looked at through its camera at 1024 × 768, its frames
 *  - drawn alone: each stepped to its time through the viewport's content on the render's offscreen canvas and
 *    finished (WebGL finish), and
 *  - rendered: the same frames drawn, captured as VideoFrames, encoded to VP9 in the worker and muxed to WebM (the
 *    bytes discarded), the encoder's flush included, at the default settings (medium quality);
 * in ms per frame, five rounds of drawing alone, rendering, drawing alone again (a round's drawing is the mean of its
 * two runs, so a change in the machine's other load during the round falls on both sides), the median of each.
 * Goal: render ÷ draw ≤ 1.5× (met when it clears that by 10 %). Also the rendering rate in frames per second.
 * Needs Chromium, the corpus (../shared) and a built app (`npm run build`).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelCorpus } from '../../tests/testing/corpus-folder';
import { browserSkipReason, launchBrowser, startWebShell } from '../../tests/e2e/harness';
import type { MorfAutomation } from '../../renderer/app/automation';
import { type BenchSuite, clearsAtMost, median } from './harness';

const SUITE = 'render';
const FOOTMAN = 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx';
const CLOTH =
  'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__doodads__cinematic__arthasillidanfight__arthascapeCLOTH.mrf';
const FRAMES = 60;
const GOAL = 1.5;
/** The video outputs measured; the goal row is the format the Render dialog picks first. */
const VIDEO_FORMATS = [
  { format: 'mp4', label: 'MP4 (H.264)', goal: true },
  { format: 'webm', label: 'WebM (VP9)', goal: false },
] as const;
/** Rounds of drawing alone, rendering and drawing alone again (the median ratio of them counts). */
const ROUNDS = 5;

type Page = { morfStudio: MorfAutomation };

/** The suite. */
export const renderBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    if (!modelCorpus.present) return report.note(`skipped: ${modelCorpus.absence}`);
    let reason: string | null;
    try {
      reason = browserSkipReason();
    } catch (error) {
      reason = (error as Error).message;
    }
    if (reason) return report.note(`skipped: ${reason}`);
    const work = mkdtempSync(join(tmpdir(), 'morf-bench-render-'));
    const browser = await launchBrowser();
    try {
      const capes = join(work, 'data', 'doodads', 'cinematic', 'arthasillidanfight');
      mkdirSync(capes, { recursive: true });
      copyFileSync(join(modelCorpus.directory, CLOTH), join(capes, 'arthascapeCLOTH.mrf'));
      const model = join(work, 'Footman_portrait.mdx');
      copyFileSync(join(modelCorpus.directory, FOOTMAN), model);
      const shell = await startWebShell([model, '--data', join(work, 'data')]);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(shell.url);
        await page.waitForFunction(
          () => {
            const snapshot = (window as unknown as Page).morfStudio?.snapshot();
            return snapshot?.model?.geosets === 1 && snapshot.links.every((link) => link.status === 'found');
          },
          undefined,
          { timeout: 60_000 },
        );
        const canvas = page.locator('[data-area="viewport"] canvas');
        const box = (await canvas.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.keyboard.press('Numpad0');
        await page.waitForTimeout(500);
        const formats = await page.evaluate(async () => {
          const encoders = await Promise.all(
            [
              ['webm', 'vp09.00.10.08'],
              ['mp4', 'avc1.42002a'],
            ].map(async ([format, codec]) => {
              const support = await VideoEncoder.isConfigSupported({ codec: codec!, width: 1024, height: 768 });
              return support.supported ? format! : null;
            }),
          );
          return encoders.filter((format): format is string => format !== null);
        });
        const run = (format: 'webm' | 'mp4') =>
          page.evaluate(
            ([frames, chosen]) =>
              (window as unknown as Page).morfStudio.benchmarkRender({
                frames,
                width: 1024,
                height: 768,
                fps: 30,
                format: chosen,
              }),
            [FRAMES, format] as const,
          );
        for (const format of VIDEO_FORMATS) {
          if (!formats.includes(format.format)) {
            report.note(`${format.label}: this Chromium has no encoder for it; not measured`);
            continue;
          }
          await run(format.format); // warm-up: shaders compiled, the worker's code loaded
          const draws: number[] = [];
          const captures: number[] = [];
          const renders: number[] = [];
          const ratios: number[] = [];
          let bytes = 0;
          for (let round = 0; round < ROUNDS; round += 1) {
            const result = await run(format.format);
            if (!result) throw new Error('renders cannot be made in this page');
            draws.push(result.drawMs);
            captures.push(result.captureMs);
            renders.push(result.renderMs);
            ratios.push(result.renderMs / result.drawMs);
            bytes = result.bytes;
          }
          const ratio = median(ratios);
          const rounds = ratios.map((value) => value.toFixed(2)).join(', ');
          report.note(
            `${format.label}: Footman portrait through Camera01, 1024 × 768, ${FRAMES} frames at 30 fps, medium ` +
              `quality (${(bytes / 1024).toFixed(0)} KB); rounds render ÷ draw: ${rounds}`,
          );
          report.row({
            suite: SUITE,
            name: `${format.label}: drawing alone, per frame`,
            value: median(draws),
            unit: 'ms',
          });
          report.row({
            suite: SUITE,
            name: `${format.label}: … drawn and read back as a VideoFrame`,
            value: median(captures),
            unit: 'ms',
          });
          report.row({
            suite: SUITE,
            name: `${format.label}: render (capture, encode, mux), per frame`,
            value: median(renders),
            unit: 'ms',
          });
          report.row({
            suite: SUITE,
            name: `${format.label}: render ÷ drawing alone`,
            value: ratio,
            unit: '×',
            ...(format.goal ? { goal: `≤ ${GOAL}×`, met: clearsAtMost(ratio, GOAL) } : {}),
          });
          report.row({
            suite: SUITE,
            name: `${format.label}: rendering rate (SwiftShader)`,
            value: 1000 / median(renders),
            unit: 'fps',
          });
        }
        await page.close();
      } finally {
        await shell.close();
      }
    } finally {
      await browser.close();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
