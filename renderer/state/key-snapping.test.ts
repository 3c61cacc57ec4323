/**
 * Snapping a moved key: onto other keys and sequence bounds within a few pixels, else onto the
 * nearest frame when the timeline shows frames (issue 10, item 9), else whole milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { snapDelta } from './key-snapping';

const targets = Float64Array.from([0, 1000, 5000]);
const FRAME = 1000 / 30;

describe('snapDelta', () => {
  it('rounds to whole ms when snapping is off or no target is near and the unit is not frames', () => {
    expect(snapDelta(2000, 123.6, targets, 10, false, -Infinity, FRAME)).toBe(124);
    expect(snapDelta(2000, 123.6, targets, 10, true)).toBe(124);
  });

  it('puts the key on a target within the threshold, frames or not', () => {
    expect(snapDelta(2000, 2995, targets, 10, true)).toBe(3000);
    expect(snapDelta(2000, 2995, targets, 10, true, -Infinity, FRAME)).toBe(3000);
  });

  it('lands the key on the nearest frame (whole ms) when the timeline shows frames', () => {
    // 2000 + 123.6 = 2123.6 ms is frame 63.708 → frame 64 = 2133.33 ms → 2133 ms.
    expect(snapDelta(2000, 123.6, targets, 10, true, -Infinity, FRAME)).toBe(133);
    // From a key off the frame grid (2010 ms), a small move still lands on a frame: 2010 + 8 → frame 61 = 2033 ms.
    expect(snapDelta(2010, 8, targets, 1, true, -Infinity, FRAME)).toBe(23);
  });

  it('never moves a key before 0', () => {
    expect(snapDelta(100, -400, targets, 1, true, -100, FRAME)).toBe(-100);
  });
});
