import { describe, expect, it } from 'vitest';
import {
  type TimelineGeometry,
  formatTime,
  panByPixels,
  rowAtScreenY,
  rulerTicks,
  screenXToTime,
  timeToScaled,
  timeToScreenX,
  scaledToScreenX,
  viewRange,
  visibleRows,
  visibleTimeRange,
  zoomAround,
  MAX_PIXELS_PER_MS,
} from './layout';

const geometry: TimelineGeometry = {
  width: 1200,
  height: 300,
  gutterWidth: 200,
  rulerHeight: 24,
  rowHeight: 20,
  scrollTop: 0,
};

describe('timeline coordinate spaces', () => {
  it('time → scaled → screen puts startMs at the gutter edge', () => {
    const view = { startMs: 1000, pixelsPerMs: 0.1 };
    expect(timeToScaled(1000, view)).toBe(100);
    expect(scaledToScreenX(100, view, geometry)).toBe(200);
    expect(timeToScreenX(1000, view, geometry)).toBe(200);
    expect(timeToScreenX(2000, view, geometry)).toBe(300);
  });

  it('screen → time inverts time → screen', () => {
    const view = { startMs: -333, pixelsPerMs: 0.0371 };
    for (const time of [-200, 0, 19_300, 80_000])
      expect(screenXToTime(timeToScreenX(time, view, geometry), view, geometry)).toBeCloseTo(time, 6);
  });

  it('zooming keeps the time under the pointer in place', () => {
    const view = { startMs: 0, pixelsPerMs: 0.05 };
    const anchor = 650;
    const before = screenXToTime(anchor, view, geometry);
    const zoomed = zoomAround(view, anchor, 1.5, geometry);
    expect(zoomed.pixelsPerMs).toBeCloseTo(0.075);
    expect(screenXToTime(anchor, zoomed, geometry)).toBeCloseTo(before, 6);
  });

  it('zoom is clamped', () => {
    expect(zoomAround({ startMs: 0, pixelsPerMs: 10 }, 300, 1000, geometry).pixelsPerMs).toBe(MAX_PIXELS_PER_MS);
  });

  it('panning right shows earlier times', () => {
    const view = panByPixels({ startMs: 5000, pixelsPerMs: 0.1 }, 100);
    expect(view.startMs).toBe(4000);
  });

  it('Home fits a range with a margin on both sides', () => {
    const view = viewRange(0, 80_000, geometry);
    const visible = visibleTimeRange(view, geometry);
    expect(visible.startMs).toBeLessThan(0);
    expect(visible.endMs).toBeGreaterThan(80_000);
    expect((visible.startMs + visible.endMs) / 2).toBeCloseTo(40_000, 3);
  });

  it('finds the row under a y and the visible rows', () => {
    expect(rowAtScreenY(10, 5, geometry)).toBe(-1);
    expect(rowAtScreenY(24, 5, geometry)).toBe(0);
    expect(rowAtScreenY(24 + 20 * 3 + 5, 5, geometry)).toBe(3);
    expect(rowAtScreenY(24 + 20 * 5 + 5, 5, geometry)).toBe(-1);
    const scrolled = { ...geometry, scrollTop: 45 };
    expect(rowAtScreenY(24, 100, scrolled)).toBe(2);
    expect(visibleRows(100, scrolled)).toEqual({ first: 2, last: 16 });
  });

  it('labels ruler ticks at least the minimum spacing apart on 1/2/5 steps', () => {
    const view = { startMs: 0, pixelsPerMs: 0.05 };
    const major = rulerTicks(view, geometry, 'ms', 1000 / 30).filter((tick) => tick.major);
    const spacing = timeToScreenX(major[1]!.timeMs, view, geometry) - timeToScreenX(major[0]!.timeMs, view, geometry);
    expect(spacing).toBeGreaterThanOrEqual(64);
    expect(major[1]!.timeMs - major[0]!.timeMs).toBe(2000);
    expect(major.map((tick) => tick.label)).toContain('10000');
  });

  it('ruler in frames steps by whole frames and labels frame numbers', () => {
    const view = { startMs: 0, pixelsPerMs: 2 };
    const ticks = rulerTicks(view, geometry, 'frames', 1000 / 30);
    const majors = ticks.filter((tick) => tick.major);
    for (const tick of majors) expect(Number(tick.label)).toBe(Math.round(Number(tick.label)));
    expect(majors[1]!.timeMs - majors[0]!.timeMs).toBeCloseTo(1000 / 30, 6);
  });

  it('formats times in each unit', () => {
    expect(formatTime(19_300, 'ms', 1000 / 30)).toBe('19300');
    expect(formatTime(19_300, 'seconds', 1000 / 30)).toBe('19.30');
    expect(formatTime(1000, 'frames', 1000 / 30)).toBe('30');
  });
});
