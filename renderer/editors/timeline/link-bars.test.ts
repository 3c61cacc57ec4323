import { describe, expect, it } from 'vitest';
import { linkShowTime, playedSpanAt } from '../../../shared/events/visibility';
import { fixtureDocument } from '../../testing/fixture-model';
import { visitLinkBars } from './link-bars';

const sequence = (name: string, start: number, end: number) => ({
  name,
  start,
  end,
  moveSpeed: 0,
  nonLooping: false,
  rarity: 0,
});

function barsOf(document: ReturnType<typeof fixtureDocument>, fromMs = -1e9, toMs = 1e9) {
  const bars: [number, number, string][] = [];
  visitLinkBars(document, document.links[0]!, fromMs, toMs, (from, to, end) => bars.push([from, to, end]));
  return bars;
}

describe('link bars', () => {
  it('where sequences overlap, a time is the first sequence’s: the later one’s bar is cut there', () => {
    const document = fixtureDocument(
      [
        { name: 'MRFx0001', frames: [600] },
        { name: 'MRDx0001', frames: [1500] },
      ],
      { sequences: [sequence('A', 0, 1000), sequence('B', 500, 2000)] },
    );
    expect(barsOf(document)).toEqual([
      [600, 1000, 'end'],
      [1000, 1500, 'hide'],
    ]);
    // The viewport agrees at each side of the cut.
    const shown = (time: number) =>
      !Number.isNaN(linkShowTime(document, document.links[0]!, time, playedSpanAt(document.sequences, time)));
    expect([700, 1000, 1200, 1499, 1500, 2000].map(shown)).toEqual([true, true, true, true, false, false]);
  });

  it('nothing between sequences; the whole time line without them; only the bars that reach the times asked', () => {
    const gap = fixtureDocument(
      [
        { name: 'MRFx0001', frames: [900, 1500] },
        { name: 'MRDx0001', frames: [2500] },
      ],
      { sequences: [sequence('A', 0, 1000), sequence('B', 2000, 3000)] },
    );
    // The show at 1500 is between the sequences: it never fires; the hide at 2500 finds the cape off.
    expect(barsOf(gap)).toEqual([[900, 1000, 'end']]);
    expect(barsOf(gap, 2000, 3000)).toEqual([]);
    const whole = fixtureDocument([{ name: 'MRFx0001', frames: [900] }], { sequences: [] });
    expect(barsOf(whole)).toEqual([[900, Number.POSITIVE_INFINITY, 'end']]);
  });
});
