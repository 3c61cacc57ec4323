/**
 * End to end in Debian Chromium through the browser shell: rendering (issue 24) on the sample cinematic, looking
 * through its camera.
 *  - 'render.render_animation' (Ctrl+F12, the dialog, the in-app file browser): 2 s at 30 fps, 320 × 240, to WebM —
 *    ffprobe reports 60 frames, 2.0 s and VP9; frame 30 decoded by ffmpeg matches the viewport's camera view at that
 *    time within the screenshot tests' threshold (at most 1.5 % of the pixels differ by more than 60);
 *  - a PNG sequence is a folder of 60 files; a GIF has 60 frames;
 *  - 'render.cancel' half-way leaves nothing (no file, no temporary) and says so in the Info log;
 *  - 'render.render_image' (F12) writes a PNG of the camera view at the playhead, transparent when asked;
 *  - bad input: a size over the platform's limit is refused before starting, the dialog offers only the formats the
 *    platform can encode (an H.264 encoder made to say no is not offered), and a full disk (a 256 KiB tmpfs, as
 *    root) is a clear error that leaves nothing.
 * ffprobe/ffmpeg are Debian's (.ci/run installs ffmpeg); without them the tests that need them say so and skip,
 * except under CI=true.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapBytes } from '../../electron/host/testing/maps';
import { EVENT_KEYS, eventDataFiles, eventModelMdx } from '../../shared/game-tables/testing/event-data';
import { afterRender, captureViewport, differingPixels, setPlayhead, snapshot } from './editor-page';
import { fillRenderDialog, frameOf, resample, saveTo, toggleOverlay } from './render-page';
import {
  type WebShell,
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

/** ffprobe and ffmpeg, or why the tests that need them skip. */
function ffmpegSkipReason(): string | null {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return null;
  } catch {
    const reason = 'no ffprobe/ffmpeg (apt-get install -y ffmpeg)';
    if (process.env.CI === 'true') throw new Error(`render tests cannot run under CI: ${reason}`);
    return reason;
  }
}
const ffmpegMissing = skipReason === null ? ffmpegSkipReason() : null;

/** ffprobe's view of a file's first video (or audio) stream. */
function probe(path: string, stream = 'v:0'): Record<string, string> {
  const text = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      stream,
      '-show_entries',
      'stream=codec_name,nb_read_frames,width,height:format=duration,format_name',
      '-of',
      'default=noprint_wrappers=1',
      path,
    ],
    { encoding: 'utf8' },
  );
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
}

/** Frame `index` of a video, decoded by ffmpeg, as pixels. */
function decodeFrame(path: string, index: number): PNG {
  const png = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      path,
      '-vf',
      `select=eq(n\\,${index})`,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return PNG.sync.read(png);
}

/** The Info log's last message once it starts with `prefix`. */
async function logLine(page: Page, prefix: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const messages = (await snapshot(page)).messages;
        found = messages.map((message) => message.text).findLast((text) => prefix.test(text)) ?? '';
        return found;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toMatch(prefix);
  return found;
}

/** Whether a select is wide enough for its chosen option's text (its padding and arrow besides). */
function showsWholeLabel(select: HTMLSelectElement): boolean {
  const context = document.createElement('canvas').getContext('2d')!;
  const style = getComputedStyle(select);
  context.font = style.font;
  const text = select.options[select.selectedIndex]!.text;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
  return context.measureText(text).width <= room;
}

describe.skipIf(skipReason !== null)('rendering', () => {
  let browser: Browser;
  let shell: WebShell;
  let work: string;
  let out: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-render-'));
    out = join(work, 'out');
    mkdirSync(out);
    const model = join(work, 'ArthasIllidanSample.mdx');
    copyFileSync(join(sample, 'ArthasIllidanSample.mdx'), model);
    shell = await startWebShell([model, '--data', join(sample, 'data'), '--root', out]);
  });

  afterAll(async () => {
    await shell?.close();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * Frame 30 of the 320 × 240 video at `path`, rendered from 19,500 ms, is the scene at 20,500 ms: the viewport's
   * camera view at that time scaled to 320 × 240, without the overlays the render leaves out by default (the grid
   * floor and the axes, shown again after: they are the session's). Saved as `name`.png beside the viewport's.
   */
  async function expectFrame30LikeViewport(page: Page, path: string, name: string): Promise<PNG> {
    const decoded = decodeFrame(path, 30);
    await toggleOverlay(page, 'Grid floor');
    await toggleOverlay(page, 'Axes');
    await afterRender(page, () => setPlayhead(page, 20_500), 300);
    const viewport = await captureViewport(page);
    await toggleOverlay(page, 'Grid floor');
    await toggleOverlay(page, 'Axes');
    const expected = resample(viewport, frameOf(viewport.width, viewport.height), 320, 240);
    mkdirSync(outputDirectory, { recursive: true });
    writeFileSync(join(outputDirectory, `${name}.png`), PNG.sync.write(decoded));
    writeFileSync(join(outputDirectory, `${name}-viewport.png`), PNG.sync.write(expected));
    expect(differingPixels(decoded, expected, 60) / (320 * 240)).toBeLessThan(0.015);
    return decoded;
  }

  /** The sample, looking through its camera at `timeMs`. */
  async function openThroughCamera(timeMs: number): Promise<Page> {
    const page = await openEditor(browser, shell.url, { width: 1280, height: 800 });
    await expect
      .poll(async () => (await snapshot(page)).links.every((link) => link.status === 'found'), { timeout: 20_000 })
      .toBe(true);
    const canvas = page.locator('[data-area="viewport"] canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await afterRender(page, () => page.keyboard.press('Numpad0'), 150);
    expect((await snapshot(page)).model?.viewCamera).toBe('Camera01');
    await setPlayhead(page, timeMs);
    return page;
  }

  it.skipIf(ffmpegMissing !== null)(
    "'render.render_animation' renders to MP4 (H.264) by default, and its frames match the viewport",
    async (context) => {
      const page = await openThroughCamera(19_500);
      // Debian's Chromium encodes H.264 (OpenH264); a build without an encoder falls back to WebM (tested below).
      const h264 = await page.evaluate(async () => {
        const config = { codec: 'avc1.42001f', width: 320, height: 240, bitrate: 1_000_000 };
        return (await VideoEncoder.isConfigSupported(config)).supported === true;
      });
      if (!h264) {
        await page.close();
        return context.skip();
      }
      await page.keyboard.press('Control+F12');
      await page.getByTestId('render-dialog').waitFor();
      // MP4 is offered first and chosen unless the user chose otherwise.
      await expect.poll(() => page.getByTestId('render-format').inputValue()).toBe('mp4');
      await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 19_500, toMs: 21_500 });
      await page.getByTestId('render-ok').click();
      const path = join(out, 'Clip.mp4');
      await saveTo(page, path);
      expect(await logLine(page, /^Rendered|failed|refused/)).toContain('MP4 video (H.264) to ' + path);
      const video = probe(path);
      expect(video).toMatchObject({ codec_name: 'h264', width: '320', height: '240', nb_read_frames: '60' });
      expect(Number(video.duration)).toBeCloseTo(2, 1);
      await expectFrame30LikeViewport(page, path, 'render-mp4-frame-30');
      rmSync(path);
      await page.close();
    },
    180_000,
  );

  it.skipIf(ffmpegMissing !== null)(
    "'render.render_animation' writes 2 s of the camera at 30 fps, 320 × 240, to WebM that matches the viewport",
    async () => {
      const page = await openThroughCamera(19_500);
      await page.keyboard.press('Control+F12');
      await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 19_500, toMs: 21_500, format: 'webm' });
      await expect
        .poll(() => page.getByTestId('render-summary').textContent())
        .toBe('60 frames · through Camera01 (4:3)');
      await page.getByTestId('render-ok').click();
      const path = join(out, 'Shot.webm');
      await saveTo(page, path);
      const line = await logLine(page, /^Rendered|failed|refused/);
      expect(line).toContain('Rendered 60 frames at 30 fps, 320 × 240');
      expect(line).toContain(path);
      const video = probe(path);
      expect(video).toMatchObject({ codec_name: 'vp9', width: '320', height: '240', nb_read_frames: '60' });
      expect(Number(video.duration)).toBeCloseTo(2, 2);
      expect(readdirSync(out)).toEqual(['Shot.webm']);

      const decoded = await expectFrame30LikeViewport(page, path, 'render-frame-30');
      // Something is drawn: the cape differs from the background in many pixels.
      const background = [decoded.data[0]!, decoded.data[1]!, decoded.data[2]!];
      let drawn = 0;
      for (let offset = 0; offset < decoded.data.length; offset += 4)
        if (
          Math.abs(decoded.data[offset]! - background[0]!) + Math.abs(decoded.data[offset + 1]! - background[1]!) >
          40
        )
          drawn += 1;
      expect(drawn).toBeGreaterThan(500);
      await screenshot(page, 'render-webm-after');

      // Medium quality is the default (Blender's); High keeps more detail in more bytes, and is remembered.
      await page.keyboard.press('Control+F12');
      await page.getByTestId('render-dialog').waitFor();
      expect(await page.getByTestId('render-quality').inputValue()).toBe('medium');
      await fillRenderDialog(page, { width: 320, height: 240, quality: 'high' });
      await page.getByTestId('render-ok').click();
      const high = join(out, 'ShotHigh.webm');
      await saveTo(page, high);
      await expect
        .poll(async () => (await snapshot(page)).messages.some((message) => message.text.includes(high)), {
          timeout: 120_000,
        })
        .toBe(true);
      expect(probe(high)).toMatchObject({ codec_name: 'vp9', nb_read_frames: '60' });
      expect(statSync(high).size).toBeGreaterThan(statSync(path).size);
      await page.keyboard.press('Control+F12');
      await page.getByTestId('render-dialog').waitFor();
      expect(await page.getByTestId('render-quality').inputValue()).toBe('high');
      await page.keyboard.press('Escape');
      await page.close();
    },
    180_000,
  );

  it("'render.render_animation' writes a PNG sequence of 60 files and a GIF of 60 frames", async () => {
    const page = await openThroughCamera(19_500);
    await page.keyboard.press('Control+F12');
    await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 19_500, toMs: 21_500, format: 'png' });
    await page.getByTestId('render-ok').click();
    const folder = join(out, 'Frames');
    await saveTo(page, folder);
    expect(await logLine(page, /^Rendered|failed|refused/)).toContain('to ' + folder + ': 60 files');
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(60);
    expect(files[0]).toBe('Frames_0001.png');
    expect(files[59]).toBe('Frames_0060.png');
    const first = PNG.sync.read(readFileSync(join(folder, 'Frames_0031.png')));
    expect([first.width, first.height]).toEqual([320, 240]);

    await page.keyboard.press('Control+F12');
    await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 19_500, toMs: 21_500, format: 'gif' });
    await page.getByTestId('render-ok').click();
    const gif = join(out, 'Forum.gif');
    await saveTo(page, gif);
    expect(await logLine(page, /^Rendered 60 frames at 30 fps, 320 × 240, Animated GIF|failed|refused/)).toContain(gif);
    if (!ffmpegMissing) {
      const frames = probe(gif);
      expect(frames).toMatchObject({ codec_name: 'gif', nb_read_frames: '60', width: '320', height: '240' });
      // Delays of 3 and 4 hundredths that add up to the frames' times: 2.0 s.
      expect(Number(frames.duration)).toBeCloseTo(2, 1);
    }
    const bytes = readFileSync(gif);
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    // Graphic control extensions: one per frame.
    let controls = 0;
    for (let offset = 0; offset + 1 < bytes.length; offset += 1)
      if (bytes[offset] === 0x21 && bytes[offset + 1] === 0xf9) controls += 1;
    expect(controls).toBeGreaterThanOrEqual(60);
    await page.close();
  }, 180_000);

  it('offers a render as a download in the browser shell (a PNG sequence as a .zip of its files)', async () => {
    const page = await openThroughCamera(19_500);
    await page.keyboard.press('Control+F12');
    await fillRenderDialog(page, { width: 160, height: 120, fps: 30, fromMs: 19_500, toMs: 21_500, format: 'png' });
    await page.getByTestId('render-download').check();
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('render-ok').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('ArthasIllidanSample.zip');
    const saved = join(work, 'downloaded.zip');
    await download.saveAs(saved);
    const { unzipSync } = await import('fflate');
    const files = unzipSync(readFileSync(saved));
    expect(Object.keys(files)).toHaveLength(60);
    expect(PNG.sync.read(Buffer.from(files['ArthasIllidanSample_0060.png']!)).width).toBe(160);
    expect(await logLine(page, /^Rendered|failed/)).toContain('to ArthasIllidanSample.zip (download): 60 files');
    await page.close();
  }, 180_000);

  it("'render.cancel' half-way leaves nothing and says so in the Info log", async () => {
    const page = await openThroughCamera(19_500);
    const before = readdirSync(out).sort();
    await page.keyboard.press('Control+F12');
    await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 19_000, toMs: 29_000, format: 'webm' });
    await page.getByTestId('render-ok').click();
    await saveTo(page, join(out, 'Cancelled.webm'));
    await expect
      .poll(async () => (await snapshot(page)).render?.frame ?? 0, { timeout: 120_000, interval: 100 })
      .toBeGreaterThanOrEqual(150);
    await expect
      .poll(() => page.getByTestId('render-progress-frames').textContent())
      .toMatch(/Frame \d+ of 300.*elapsed · about/);
    await screenshot(page, 'render-progress');
    await page.getByTestId('render-cancel').click();
    const line = await logLine(page, /cancelled|^Rendered/);
    expect(line).toMatch(/^Render Animation cancelled at frame \d+ of 300: nothing was written \(Cancelled\.webm\)$/);
    expect(Number(/frame (\d+)/.exec(line)![1])).toBeLessThan(300);
    expect((await snapshot(page)).render).toBeNull();
    // Nothing: no file, and no temporary left beside where it would have gone.
    expect(readdirSync(out).sort()).toEqual(before);
    await page.close();
  }, 180_000);

  it("'render.render_image' (F12) writes the camera's view at the playhead, transparent or with overlays", async () => {
    const page = await openThroughCamera(20_000);
    const still = join(out, 'Still.png');
    const renderStill = async (options: { transparent?: boolean; overlays?: boolean }, replace = false) => {
      await page.keyboard.press('F12');
      await fillRenderDialog(page, { width: 400, height: 300 });
      if (options.transparent) await page.getByTestId('render-transparent').check();
      else await page.getByTestId('render-transparent').uncheck();
      if (options.overlays) await page.getByTestId('render-overlays').check();
      else await page.getByTestId('render-overlays').uncheck();
      const count = (await snapshot(page)).messages.length;
      await page.getByTestId('render-ok').click();
      await saveTo(page, still);
      if (replace) await page.getByTestId('dialog-replace').click();
      await expect.poll(async () => (await snapshot(page)).messages.length, { timeout: 60_000 }).toBeGreaterThan(count);
      expect((await snapshot(page)).messages.at(-1)!.text).toContain(`Rendered 400 × 300 to ${still}`);
      return PNG.sync.read(readFileSync(still));
    };
    const transparent = await renderStill({ transparent: true });
    expect([transparent.width, transparent.height]).toEqual([400, 300]);
    expect(transparent.data[3]).toBe(0); // the corner: background, transparent
    let opaque = 0;
    for (let offset = 3; offset < transparent.data.length; offset += 4)
      if (transparent.data[offset] === 255) opaque += 1;
    expect(opaque).toBeGreaterThan(1000); // the cape
    const plain = await renderStill({}, true);
    expect(plain.data[3]).toBe(255);
    expect(readFileSync(`${still}.bak`).equals(PNG.sync.write(transparent))).toBe(false); // the first render, kept
    expect(PNG.sync.read(readFileSync(`${still}.bak`)).data[3]).toBe(0);
    const overlays = await renderStill({ overlays: true }, true);
    mkdirSync(outputDirectory, { recursive: true });
    writeFileSync(join(outputDirectory, 'render-still-transparent.png'), PNG.sync.write(transparent));
    writeFileSync(join(outputDirectory, 'render-still-overlays.png'), PNG.sync.write(overlays));
    // The grid floor and the axes are drawn only with overlays included.
    expect(differingPixels(plain, overlays, 30)).toBeGreaterThan(2000);
    await screenshot(page, 'render-still');
    await page.close();
  }, 180_000);

  it('renders a cape opened alone from the viewport’s view (no camera)', async () => {
    const capes = join(work, 'capes');
    mkdirSync(capes, { recursive: true });
    const cape = join(capes, 'Alone.mrf');
    copyFileSync(join(sample, 'data', 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0001.mrf'), cape);
    const alone = await startWebShell([cape, '--data', join(sample, 'data'), '--root', out]);
    try {
      const page = await openEditor(browser, alone.url, { width: 1280, height: 800 });
      await expect.poll(async () => (await snapshot(page)).file, { timeout: 20_000 }).toBe(cape);
      await setPlayhead(page, 1000);
      await page.keyboard.press('F12');
      await fillRenderDialog(page, { width: 320, height: 240 });
      await expect
        .poll(() => page.getByTestId('render-summary').textContent())
        .toBe('The playhead’s frame · the viewport’s view');
      await page.getByTestId('render-ok').click();
      const still = join(out, 'Alone.png');
      await saveTo(page, still);
      expect(await logLine(page, /^Rendered|failed|refused/)).toContain(`Rendered 320 × 240 to ${still}`);
      const picture = PNG.sync.read(readFileSync(still));
      writeFileSync(join(outputDirectory, 'render-still-alone.png'), PNG.sync.write(picture));
      // The cape is drawn on the viewport's grey: many pixels are not the background's.
      const [red, green, blue] = [picture.data[0]!, picture.data[1]!, picture.data[2]!];
      let drawn = 0;
      for (let offset = 0; offset < picture.data.length; offset += 4)
        if (
          Math.abs(picture.data[offset]! - red) +
            Math.abs(picture.data[offset + 1]! - green) +
            Math.abs(picture.data[offset + 2]! - blue) >
          60
        )
          drawn += 1;
      expect(drawn).toBeGreaterThan(1000);
      await page.close();
    } finally {
      await alone.close();
    }
  }, 120_000);

  it('refuses a size over the platform’s limit before it starts, and offers only the formats it encodes', async () => {
    const page = await openThroughCamera(19_500);
    await page.keyboard.press('Control+F12');
    // The range shows its whole label: at a fixed 250 px, "Sequence at the playhead · 100–4067 ms" lost its end.
    await page.getByTestId('render-dialog').waitFor();
    expect(await page.getByTestId('render-range').evaluate(showsWholeLabel)).toBe(true);
    await fillRenderDialog(page, { width: 100_000, height: 240 });
    await expect
      .poll(() => page.getByTestId('render-problems').textContent())
      .toMatch(/100000 × 240 is larger than this platform can render: at most \d+ pixels each way\./);
    expect(await page.getByTestId('render-ok').isDisabled()).toBe(true);
    await screenshot(page, 'render-dialog-too-large');
    await page.keyboard.press('Escape');
    expect(readdirSync(out).filter((name) => name.includes('100000'))).toEqual([]);
    await page.close();

    // A platform whose H.264 encoder says no: MP4 is not offered, and the dialog says why.
    const limited = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await limited.addInitScript(() => {
      const original = VideoEncoder.isConfigSupported.bind(VideoEncoder);
      VideoEncoder.isConfigSupported = (config) =>
        /^avc[13]\./.test(config.codec) ? Promise.resolve({ supported: false, config }) : original(config);
    });
    await limited.goto(shell.url);
    await limited.waitForFunction(() => 'morfStudio' in window, undefined, { timeout: 20_000 });
    await expect.poll(async () => (await snapshot(limited)).file, { timeout: 20_000 }).not.toBeNull();
    await limited.keyboard.press('Control+F12');
    await limited.getByTestId('render-dialog').waitFor();
    await expect
      .poll(() => limited.getByTestId('render-format').locator('option').allTextContents())
      .toEqual(['WebM video (VP9)', 'PNG sequence (a folder of numbered files)', 'Animated GIF']);
    // The default (MP4) gives way to the first format this platform can encode.
    expect(await limited.getByTestId('render-format').inputValue()).toBe('webm');
    await expect(limited.getByTestId('render-unavailable').textContent()).resolves.toContain(
      'MP4 video (H.264): this platform has no H.264 encoder',
    );
    await screenshot(limited, 'render-dialog-no-h264');
    await limited.close();
  }, 120_000);

  it.skipIf(process.getuid?.() !== 0)(
    'says the disk is full when it is, and leaves nothing',
    async () => {
      const small = join(out, 'small');
      mkdirSync(small);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', small]);
      } catch {
        rmSync(small, { recursive: true, force: true });
        return; // no mount here: electron/host/render-outputs.test.ts covers the host's side with a failing file system
      }
      try {
        const page = await openThroughCamera(19_500);
        await page.keyboard.press('Control+F12');
        await fillRenderDialog(page, { width: 640, height: 480, fps: 30, fromMs: 19_500, toMs: 21_500, format: 'png' });
        await page.getByTestId('render-ok').click();
        await saveTo(page, join(small, 'Big'));
        const line = await logLine(page, /failed|^Rendered/);
        expect(line).toMatch(
          /^Render Animation failed at frame \d+ of 60: the disk is full: cannot write the render; /,
        );
        expect(line).toMatch(/nothing was left at Big; nothing was written \(Big\)$/);
        expect(readdirSync(small)).toEqual([]);
        await page.close();
      } finally {
        execFileSync('umount', [small]);
        rmSync(small, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe.skipIf(skipReason !== null || ffmpegMissing !== null)('rendering the sounds of event objects', () => {
  let browser: Browser;
  let shell: WebShell;
  let work: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = mkdtempSync(join(tmpdir(), 'morf-e2e-render-sound-'));
    writeFileSync(join(work, 'Data.w3x'), await mapBytes(eventDataFiles()));
    writeFileSync(join(work, 'Events.mdx'), eventModelMdx());
    shell = await startWebShell([join(work, 'Events.mdx'), '--data', join(work, 'Data.w3x')]);
  });

  afterAll(async () => {
    await shell?.close();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("'render.render_animation' mixes a resolved SND key at 1,000 ms into its sound (onset at 1.0 s)", async () => {
    expect(EVENT_KEYS.sound).toBe(1000);
    const page = await openEditor(browser, shell.url, { width: 1280, height: 800 });
    await expect
      .poll(() => page.getByTestId('outliner-meaning-object:0').textContent(), { timeout: 20_000 })
      .toBe('TestPcm');
    await page.keyboard.press('Control+F12');
    await fillRenderDialog(page, { width: 320, height: 240, fps: 30, fromMs: 0, toMs: 2000, format: 'webm' });
    await page.getByTestId('render-ok').click();
    const path = join(work, 'Sound.webm');
    await saveTo(page, path);
    expect(await logLine(page, /^Rendered|failed|refused/)).toContain('WebM video (VP9) with sound to ' + path);
    expect(probe(path, 'a:0')).toMatchObject({ codec_name: 'opus' });
    expect(probe(path)).toMatchObject({ codec_name: 'vp9', nb_read_frames: '60' });
    // The tone (0.4 s of 440 Hz, volume 100) starts at the key: the first silence ends at 1.0 s ± one frame.
    const log = spawnSync(
      'ffmpeg',
      ['-v', 'info', '-i', path, '-af', 'silencedetect=noise=-40dB:d=0.05', '-vn', '-f', 'null', '-'],
      { encoding: 'utf8' },
    ).stderr;
    const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((match) => Number(match[1]));
    expect(log).toMatch(/silence_start: 0\b/);
    expect(ends[0]).toBeGreaterThan(1 - 1 / 30);
    expect(ends[0]).toBeLessThan(1 + 1 / 30);
    process.stdout.write(`[render sound] the first sound starts at ${ends[0]} s\n`);
    await page.close();
  }, 180_000);
});
