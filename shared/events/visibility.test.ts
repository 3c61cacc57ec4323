import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { EventObject, ModelDocument, SequenceInfo } from './document';
import { deriveLinks } from './links';
import { eventIdOf, eventTypeOf } from './names';
import {
  type KeyShift,
  type PlayedSpan,
  WHOLE_TIME_LINE,
  linkShowTime,
  playedSpanAt,
  playedSpans,
  visitShownSpans,
  walkLinkKeys,
} from './visibility';

/** The parts of a document the rule reads: event objects (named, keyed) and sequences. */
function documentOf(
  objects: readonly { name: string; frames: readonly number[]; globalSequenceId?: number | null }[],
  sequences: readonly [number, number][] = [],
): ModelDocument {
  const eventObjects: EventObject[] = objects.map((object, index) => ({
    index,
    name: object.name,
    type: eventTypeOf(object.name),
    id: eventIdOf(object.name),
    objectId: index,
    parentId: -1,
    globalSequenceId: object.globalSequenceId ?? null,
    frames: object.frames,
    hasKeyBlock: true,
    tracks: [],
  }));
  const sequenceInfos: SequenceInfo[] = sequences.map(([start, end], index) => ({
    name: `S${index}`,
    start,
    end,
    moveSpeed: 0,
    nonLooping: false,
    rarity: 0,
  }));
  return {
    format: 'mdl',
    version: 800,
    name: 'fixture',
    sequences: sequenceInfos,
    globalSequences: [1000],
    nodes: [],
    eventObjects,
    links: deriveLinks(eventObjects),
    readDiagnostics: [],
    source: null,
  };
}

const visibleAt = (document: ModelDocument, timeMs: number, shift: KeyShift | null = null) =>
  !Number.isNaN(linkShowTime(document, document.links[0]!, timeMs, playedSpanAt(document.sequences, timeMs), shift));

/** The game's rule written plainly: fire every key of the span up to the time, by time then object order. */
function firedState(document: ModelDocument, timeMs: number, shift: KeyShift | null): number {
  const span = playedSpanAt(document.sequences, timeMs);
  const link = document.links[0]!;
  if (!span || link.showIndex === null) return Number.NaN;
  const keys: { time: number; objectIndex: number; show: boolean }[] = [];
  for (const objectIndex of [link.showIndex, link.hideIndex]) {
    if (objectIndex === null) continue;
    document.eventObjects[objectIndex]!.frames.forEach((frame, frameIndex) => {
      const time = shift?.moves(objectIndex, frameIndex) ? frame + shift.deltaMs : frame;
      if (time >= span.startMs && time <= Math.min(span.endMs, timeMs))
        keys.push({ time, objectIndex, show: objectIndex === link.showIndex });
    });
  }
  keys.sort((a, b) => a.time - b.time || a.objectIndex - b.objectIndex);
  let shownAt = Number.NaN;
  for (const key of keys) shownAt = key.show ? key.time : Number.NaN;
  return shownAt;
}

describe('the played span', () => {
  it('is the first sequence holding the time, nothing between sequences, the whole line without sequences', () => {
    const sequences = documentOf(
      [],
      [
        [0, 1000],
        [500, 2000],
        [3000, 4000],
      ],
    ).sequences;
    expect(playedSpanAt(sequences, 700)).toEqual({ startMs: 0, endMs: 1000, sequenceIndex: 0 });
    expect(playedSpanAt(sequences, 1500)).toEqual({ startMs: 500, endMs: 2000, sequenceIndex: 1 });
    expect(playedSpanAt(sequences, 2500)).toBeNull();
    expect(playedSpanAt([], 2500)).toEqual(WHOLE_TIME_LINE);
    expect(playedSpans([])).toEqual([WHOLE_TIME_LINE]);
    expect(playedSpans(sequences).map((span) => span.sequenceIndex)).toEqual([0, 1, 2]);
  });
});

describe('a show and a hide at one time', () => {
  it('hide object after the show object (as the editor writes links): the cape is not shown', () => {
    const document = documentOf([
      { name: 'MRFx0000', frames: [22_300] },
      { name: 'MRDx0000', frames: [22_300] },
    ]);
    expect(visibleAt(document, 22_300)).toBe(false);
    expect(visibleAt(document, 79_000)).toBe(false);
    const bars: number[][] = [];
    visitShownSpans(document, document.links[0]!, WHOLE_TIME_LINE, (from, to) => bars.push([from, to]));
    expect(bars).toEqual([[22_300, 22_300]]);
  });

  it('hide object first: the hide finds nothing to hide and the cape stays on', () => {
    const document = documentOf([
      { name: 'MRDx0000', frames: [22_300] },
      { name: 'MRFx0000', frames: [22_300] },
    ]);
    expect(visibleAt(document, 22_300)).toBe(true);
    expect(visibleAt(document, 79_000)).toBe(true);
    const effects: string[] = [];
    walkLinkKeys(document, document.links[0]!, WHOLE_TIME_LINE, (time, show, _frame, effect) =>
      effects.push(`${show ? 'show' : 'hide'} ${time} ${effect}`),
    );
    expect(effects).toEqual(['hide 22300 none', 'show 22300 show']);
  });

  it('a dragged show lands on its hide: the drag preview follows the same rule', () => {
    const document = documentOf([
      { name: 'MRFx0000', frames: [19_300] },
      { name: 'MRDx0000', frames: [22_300] },
    ]);
    const shift: KeyShift = { moves: (objectIndex) => objectIndex === 0, deltaMs: 3000 };
    expect(visibleAt(document, 20_000)).toBe(true);
    expect(visibleAt(document, 25_000, shift)).toBe(false);
  });
});

describe('one rule, two ways of asking it', () => {
  const keys = fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 });
  const sequences = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 30 })).map(([start, length]) => {
      const span: [number, number] = [start, start + length];
      return span;
    }),
    { maxLength: 3 },
  );
  const scenario = fc.record({
    shows: keys,
    hides: keys,
    hideFirst: fc.boolean(),
    withHide: fc.boolean(),
    sequences,
    moved: fc.array(fc.boolean(), { maxLength: 6 }),
    deltaMs: fc.integer({ min: -20, max: 20 }),
  });

  function build(input: typeof scenario extends fc.Arbitrary<infer T> ? T : never) {
    const show = { name: 'MRFx0007', frames: input.shows };
    const hide = { name: 'MRDx0007', frames: input.hides };
    const objects = input.withHide ? (input.hideFirst ? [hide, show] : [show, hide]) : [show];
    const document = documentOf(objects, input.sequences);
    const shift: KeyShift = { moves: (_object, frame) => input.moved[frame] === true, deltaMs: input.deltaMs };
    return { document, shift };
  }

  test.prop([scenario])('linkShowTime is the state after firing every key up to the time', (input) => {
    const { document, shift } = build(input);
    for (let time = -5; time <= 100; time += 1) {
      const span = playedSpanAt(document.sequences, time);
      expect(linkShowTime(document, document.links[0]!, time, span, shift)).toBe(firedState(document, time, shift));
    }
  });

  test.prop([scenario])('the bars cover exactly the times the viewport shows the cape', (input) => {
    const { document, shift } = build(input);
    const link = document.links[0]!;
    const covered = new Map<PlayedSpan['sequenceIndex'], [number, number, string][]>();
    for (const span of playedSpans(document.sequences)) {
      const bars: [number, number, string][] = [];
      visitShownSpans(document, link, span, (from, to, end) => bars.push([from, to, end]), shift);
      covered.set(span.sequenceIndex, bars);
    }
    for (let time = -5; time <= 100; time += 1) {
      const span = playedSpanAt(document.sequences, time);
      const bars = span ? covered.get(span.sequenceIndex)! : [];
      const inBar = bars.some(([from, to, end]) => time >= from && (time < to || (end === 'end' && time === to)));
      expect(inBar).toBe(visibleAt(document, time, shift));
    }
  });
});
