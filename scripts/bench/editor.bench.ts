/**
 * Editor benchmarks:
 *  - viewport JavaScript time per frame with a 20,000-vertex cape: visibility at the playhead plus
 *    sampling into the preallocated buffers, exactly what each cape mesh runs per frame (Node);
 *  - timeline frame time while dragging among 10,000 keys: the drag preview updated and the
 *    canvas redrawn synchronously, in Chromium through the browser shell;
 *  - first paint of the editor with the sample cinematic in the browser shell: from navigation
 *    to the first frame painted with the document open and its capes resolved; the viewport's
 *    first frame after it is printed beside it (without a GPU, Chromium's SwiftShader spends
 *    hundreds of milliseconds creating each page's WebGL context).
 * The browser figures need Chromium (CHROMIUM_PATH or /usr/bin/chromium) and a built app.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelCodec } from '../../shared/events';
import { gridMrf } from '../../shared/mrf/testing/fixtures';
import { CapeAnimator } from '../../renderer/capes/cape-animator';
import { linkShowTime, playedSpanAt } from '../../shared/events/visibility';
import { browserSkipReason, launchBrowser, openEditor, repositoryRoot, startWebShell } from '../../tests/e2e/harness';
import { type BenchReport, type BenchSuite, clearsAtMost, measure, median } from './harness';

const SUITE = 'editor';
const sampleModel = join(repositoryRoot, 'assets', 'sample', 'ArthasIllidanSample.mdx');
const sampleData = join(repositoryRoot, 'assets', 'sample', 'data');

async function viewportFrame(report: BenchReport): Promise<void> {
  const document = modelCodec.readModel(new Uint8Array(readFileSync(sampleModel)), 'ArthasIllidanSample.mdx');
  const link = document.links.find((candidate) => candidate.id === '0000') ?? document.links[0]!;
  // A moving 200 × 100 grid (20,000 vertices) with 60 keyframes at 30 fps.
  const animator = new CapeAnimator(gridMrf({ columns: 200, rows: 100, keyframeCount: 60, frameInterval: 1 / 30 }));
  const span = { startMs: 0, endMs: 0, sequenceIndex: -1 };
  const showMs = link.showFrames[0] ?? 0;
  let timeMs = showMs;
  const perFrame = await measure(
    () => {
      // One 60 Hz frame of playback: the playhead moves, so the cape is sampled anew.
      timeMs += 1000 / 60;
      if (timeMs > showMs + 1900) timeMs = showMs;
      const shown = linkShowTime(document, link, timeMs, playedSpanAt(document.sequences, timeMs, span));
      if (!Number.isNaN(shown)) animator.update((timeMs - shown) / 1000);
    },
    { minTimeMs: 800, minRuns: 200 },
  );
  report.row({
    suite: SUITE,
    name: `viewport JS per frame, ${animator.vertexCount.toLocaleString('en')}-vertex cape`,
    value: perFrame,
    unit: 'ms',
    goal: '≤ 1 ms',
    met: clearsAtMost(perFrame, 1),
  });
}

/** The sample cinematic with 10,000 keys spread over its sound objects (written to `directory`). */
function modelWithManyKeys(directory: string): string {
  let document = modelCodec.readModel(new Uint8Array(readFileSync(sampleModel)), 'ArthasIllidanSample.mdx');
  const targets = document.eventObjects.filter(
    (object) => object.type !== 'MRF' && object.type !== 'MRD' && object.globalSequenceId === null,
  );
  const objects = targets.length > 0 ? targets.map((object) => object.index) : [document.eventObjects[0]!.index];
  const perObject = Math.ceil(10_000 / objects.length);
  for (const objectIndex of objects) {
    const frames = Array.from({ length: perObject }, (_, index) => Math.round((index * 80_000) / perObject));
    document = modelCodec.applyEdit(document, { kind: 'setFrames', objectIndex, frames });
  }
  const path = join(directory, 'ManyKeys.mdx');
  writeFileSync(path, modelCodec.writeModel(document));
  return path;
}

async function browserFigures(report: BenchReport): Promise<void> {
  let reason: string | null;
  try {
    reason = browserSkipReason();
  } catch (error) {
    reason = (error as Error).message;
  }
  if (reason) {
    report.note(`timeline and first-paint figures skipped: ${reason}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'morf-bench-editor-'));
  const browser = await launchBrowser();
  try {
    // First paint: three loads of the sample cinematic, each on a new shell and page, median.
    const paints: number[] = [];
    const viewportFrames: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const copy = join(work, `Sample${run}.mdx`);
      writeFileSync(copy, readFileSync(sampleModel));
      const shell = await startWebShell(['--data', sampleData, copy]);
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await page.goto(shell.url);
        await page.waitForFunction(
          () =>
            (
              window as unknown as { morfStudio?: { viewportReadyMs(): number | null } }
            ).morfStudio?.viewportReadyMs() != null,
          undefined,
          { timeout: 30_000 },
        );
        const times = await page.evaluate(() => {
          const studio = (window as unknown as { morfStudio: { paintedMs(): number; viewportReadyMs(): number } })
            .morfStudio;
          return [studio.paintedMs(), studio.viewportReadyMs()] as const;
        });
        paints.push(times[0]);
        viewportFrames.push(times[1]);
        await page.close();
      } finally {
        await shell.close();
      }
    }
    const firstPaint = median(paints);
    report.row({
      suite: SUITE,
      name: 'first paint with the sample cinematic (browser shell)',
      value: firstPaint,
      unit: 'ms',
      goal: '≤ 1500 ms',
      met: clearsAtMost(firstPaint, 1500),
    });
    report.row({
      suite: SUITE,
      name: 'first viewport frame of it (WebGL on SwiftShader here)',
      value: median(viewportFrames),
      unit: 'ms',
    });

    const shell = await startWebShell(['--data', sampleData, modelWithManyKeys(work)]);
    try {
      const page = await openEditor(browser, shell.url);
      await page.waitForFunction(
        () =>
          (window as unknown as { morfStudio: { viewportReadyMs(): number | null } }).morfStudio.viewportReadyMs() !=
          null,
        undefined,
        { timeout: 30_000 },
      );
      const keys = await page.evaluate(() => {
        const studio = (window as unknown as { morfStudio: { measureTimelineDrag(steps: number): number[] } })
          .morfStudio;
        studio.measureTimelineDrag(20);
        return studio.measureTimelineDrag(200);
      });
      const frame = median(keys);
      report.row({
        suite: SUITE,
        name: 'timeline frame while dragging 10,000 keys (Chromium)',
        value: frame,
        unit: 'ms',
        goal: '≤ 16 ms',
        met: clearsAtMost(frame, 16),
      });
      await page.close();
    } finally {
      await shell.close();
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The suite. */
export const editorBench: BenchSuite = {
  name: SUITE,
  async run(report) {
    if (!existsSync(sampleModel)) {
      report.note(`skipped: ${sampleModel} is missing (npm run assets)`);
      return;
    }
    await viewportFrame(report);
    await browserFigures(report);
  },
};
