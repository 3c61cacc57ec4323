import { describe, expect, it } from 'vitest';
import {
  defaultRenderSettings,
  frameCount,
  frameTimeMs,
  frameTimestampMicroseconds,
  MAX_RENDER_FRAMES,
  outputStem,
  type RenderCapabilities,
  renderProblems,
  renderSettingsFromJson,
  sequenceFileName,
} from './render-settings';

const everything: RenderCapabilities = {
  maxSize: 8192,
  formats: ['webm', 'mp4', 'png', 'gif'],
  unavailable: {},
  audio: true,
};
const twoSeconds = { startMs: 19_500, endMs: 21_500 };

describe('render settings', () => {
  it('renders 2 s at 30 fps as 60 frames at exact times, the end excluded', () => {
    expect(frameCount(twoSeconds, 30)).toBe(60);
    expect(frameTimeMs(twoSeconds, 30, 0)).toBe(19_500);
    expect(frameTimeMs(twoSeconds, 30, 30)).toBe(20_500);
    expect(frameTimeMs(twoSeconds, 30, 59)).toBeCloseTo(21_466.667, 3);
    // Whole microseconds that never drift: frame n starts at round(n / 30 s).
    expect([0, 1, 2, 3, 30, 59, 60].map((index) => frameTimestampMicroseconds(30, index))).toEqual([
      0, 33_333, 66_667, 100_000, 1_000_000, 1_966_667, 2_000_000,
    ]);
    expect(frameCount({ startMs: 0, endMs: 10 }, 30)).toBe(1);
  });

  it('refuses a size over the limit, odd video sizes, a bad rate, an empty range, a format it cannot encode', () => {
    const settings = defaultRenderSettings();
    expect(renderProblems(settings, 'animation', everything, twoSeconds)).toEqual([]);
    expect(renderProblems({ ...settings, width: 100_000 }, 'image', everything, null)).toEqual([
      '100000 × 768 is larger than this platform can render: at most 8192 pixels each way.',
    ]);
    expect(renderProblems({ ...settings, width: 8, height: Number.NaN }, 'image', everything, null)).toEqual([
      'The width must be a whole number of at least 16 pixels.',
      'The height must be a whole number of at least 16 pixels.',
    ]);
    expect(renderProblems({ ...settings, width: 321 }, 'animation', everything, twoSeconds)).toEqual([
      'A video’s width and height must be even numbers.',
    ]);
    expect(renderProblems({ ...settings, width: 321, format: 'gif' }, 'animation', everything, twoSeconds)).toEqual([]);
    expect(renderProblems({ ...settings, fps: 0 }, 'animation', everything, twoSeconds)).toEqual([
      'The frame rate must be a whole number from 1 to 120.',
    ]);
    expect(renderProblems(settings, 'animation', everything, { startMs: 5, endMs: 5 })).toEqual([
      'The range is empty: its end must come after its start.',
    ]);
    expect(renderProblems(settings, 'animation', everything, { startMs: 0, endMs: 4_000_000 })).toEqual([
      `That is more than ${MAX_RENDER_FRAMES.toLocaleString('en')} frames: render a shorter range.`,
    ]);
    const noH264: RenderCapabilities = {
      ...everything,
      formats: ['webm', 'png', 'gif'],
      unavailable: { mp4: 'this platform has no H.264 encoder for 1024 × 768' },
    };
    expect(renderProblems({ ...settings, format: 'mp4' }, 'animation', noH264, twoSeconds)).toEqual([
      'MP4 video (H.264): this platform has no H.264 encoder for 1024 × 768.',
    ]);
    // A still asks nothing of the encoders.
    expect(renderProblems({ ...settings, format: 'mp4' }, 'image', noH264, null)).toEqual([]);
  });

  it('names sequence files and output stems the host accepts', () => {
    expect(sequenceFileName('Shot', 0, 60)).toBe('Shot_0001.png');
    expect(sequenceFileName('Shot', 59, 60)).toBe('Shot_0060.png');
    expect(sequenceFileName('Shot', 99_999, 123_456)).toBe('Shot_100000.png');
    expect(outputStem('/renders/Arthas Illidan.mdx')).toBe('Arthas Illidan');
    expect(outputStem('C:\\maps\\Épée:1.webm')).toBe('p_e_1');
    expect(outputStem('.hidden')).toBe('hidden');
    expect(outputStem('...')).toBe('render');
  });

  it('reads remembered settings back, each bad value taking its default', () => {
    expect(renderSettingsFromJson(null)).toEqual(defaultRenderSettings());
    expect(
      renderSettingsFromJson({
        width: 640,
        height: 3.5,
        fps: 1000,
        range: 'custom',
        fromMs: 100,
        toMs: 'x',
        format: 'avi',
        quality: 'best',
        includeOverlays: true,
        transparent: 1,
      }),
    ).toEqual({ ...defaultRenderSettings(), width: 640, range: 'custom', fromMs: 100, includeOverlays: true });
    expect(renderSettingsFromJson({ quality: 'high' }).quality).toBe('high');
    expect(defaultRenderSettings().quality).toBe('medium');
  });
});
