/**
 * `npm run bench -- particles` (issue 22), in Chromium (SwiftShader here), side by side in one page
 * (particles-page.ts): the corpus MDX with the most particle emitters, particle emitters 2 and ribbons, playing its
 * first sequence of a second or more at 60 frames a second, Particles at High on both sides —
 *  - JavaScript time per frame of the preview (model sampling and palette upload, the particle simulation brought
 *    to the frame, every emitter's upload written and sent with one bufferSubData) against mdx-m3-viewer's viewer of
 *    the same model with its emitters on (animation, emission, its emitted objects, its emitter groups' buffers,
 *    uploads and draws). Goals: ≤ 2 ms, and at least 2× faster than mdx-m3-viewer. Each side's simulation alone
 *    (nodes and particles brought to the frame, nothing written, uploaded or drawn) is shown beside them: most of
 *    mdx-m3-viewer's time is its emitters' render;
 *  - garbage collections while the preview plays 2,000 frames (Chromium's MinorGC / MajorGC trace events): none.
 * Needs Chromium (CHROMIUM_PATH or /usr/bin/chromium) and the corpus (../shared).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { readMdxModel } from '../../shared/model/mdx-model';
import { modelNodes } from '../../shared/model/model-nodes';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus-folder';
import { repositoryRoot } from '../../tests/e2e/harness';
import { type BenchReport, type BenchSuite, clearsAtLeast, clearsAtMost, median } from './harness';
import { bundlePageScript, countCollections, withCorpusAndBrowser } from './model-preview.bench';
import type { ParticlesBenchPage, PlayerName } from './particles-page';

const SUITE = 'particles';
const FRAMES = 2000;
const EMITTER_KINDS = new Set(['particleEmitter', 'particleEmitter2', 'ribbonEmitter']);

/** The corpus MDX with the most emitters (and how many). */
function mostEmitters(): { file: string; emitters: number } {
  let best = { file: '', emitters: -1 };
  for (const entry of corpusModels('MDX')) {
    let emitters = 0;
    try {
      emitters = modelNodes(readMdxModel(modelCorpus.bytes(entry.file))).filter((node) =>
        EMITTER_KINDS.has(node.kind),
      ).length;
    } catch {
      continue;
    }
    if (emitters > best.emitters) best = { file: entry.file, emitters };
  }
  return best;
}

type Bench = { particlesBench: ParticlesBenchPage };

async function playing(report: BenchReport, browser: Browser, file: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({
      path: join(repositoryRoot, 'node_modules', 'mdx-m3-viewer', 'dist', 'umd', 'viewer.min.js'),
    });
    await page.addScriptTag({ content: await bundlePageScript('particles-page.ts') });
    const bytes = readFileSync(join(modelCorpus.directory, file)).toString('base64');
    const info = await page.evaluate((data) => (window as unknown as Bench).particlesBench.setup(data), bytes);
    report.note(
      `${file.split('/').pop()}: ${info.emitters} emitters, sequence ${info.sequence} (${info.start}–${info.end} ms)`,
    );
    const players = ['preview', 'preview-update', 'viewer', 'viewer-update'] as const;
    const samples: Record<PlayerName, number[]> = {
      preview: [],
      'preview-update': [],
      viewer: [],
      'viewer-update': [],
    };
    const play = (player: (typeof players)[number], frames: number, warmup: number) =>
      page.evaluate(([which, count, before]) => (window as unknown as Bench).particlesBench.run(which, count, before), [
        player,
        frames,
        warmup,
      ] as const);
    // Warm up (compiled code, a whole pass of the sequence so every pool and cache has its size); the first
    // preview round is traced to count collections — after a full collection, so that what mdx-m3-viewer's warm-up
    // left in the young generation is not counted against the preview; three rounds interleaved; the median of
    // every batch.
    for (const player of players) await play(player, 600, 300);
    const devtools = await page.context().newCDPSession(page);
    let collections = 0;
    for (let round = 0; round < 3; round += 1)
      for (const player of players) {
        if (round === 0 && player === 'preview') {
          await devtools.send('HeapProfiler.collectGarbage');
          collections = await countCollections(browser, page, async () => {
            samples[player].push(...(await play(player, FRAMES, 0)));
          });
        } else samples[player].push(...(await play(player, FRAMES, 0)));
      }
    const pass = Math.ceil((info.end - info.start) / (1000 / 60));
    const alive = await page.evaluate((frames) => (window as unknown as Bench).particlesBench.meanAlive(frames), pass);
    report.note(
      `live particles over a pass (${pass} frames), mean: preview ${alive.preview.toFixed(0)}, ` +
        `mdx-m3-viewer ${alive.viewer.toFixed(0)}`,
    );
    const preview = median(samples.preview);
    const viewer = median(samples.viewer);
    report.row({
      suite: SUITE,
      name: 'JS per frame, the model with the most emitters (preview)',
      value: preview,
      unit: 'ms',
      goal: '≤ 2 ms',
      met: clearsAtMost(preview, 2),
    });
    report.row({
      suite: SUITE,
      name: '… of which its simulation (nothing written or uploaded)',
      value: median(samples['preview-update']),
      unit: 'ms',
    });
    report.row({ suite: SUITE, name: 'the same with mdx-m3-viewer (emitters on)', value: viewer, unit: 'ms' });
    report.row({
      suite: SUITE,
      name: '… of which its simulation (its emitter render left out)',
      value: median(samples['viewer-update']),
      unit: 'ms',
    });
    const ratio = viewer / preview;
    report.row({
      suite: SUITE,
      name: 'mdx-m3-viewer time ÷ preview time',
      value: ratio,
      unit: '×',
      goal: '≥ 2×',
      met: clearsAtLeast(ratio, 2),
    });
    report.row({
      suite: SUITE,
      name: `garbage collections in ${FRAMES} frames (preview)`,
      value: collections,
      unit: 'GCs',
      goal: '0',
      met: collections === 0,
    });
  } finally {
    await page.close();
  }
}

/** The suite. */
export const particlesBench: BenchSuite = {
  name: SUITE,
  run: (report) => withCorpusAndBrowser(report, (browser) => playing(report, browser, mostEmitters().file)),
};
