import { describe, expect, it } from 'vitest';
import { createMrf } from '../../shared/mrf';
import { fixtureDocument, sampleCinematicDocument } from '../testing/fixture-model';
import { WHOLE_TIME_LINE as everywhere, linkShowTime, playedSpanAt } from '../../shared/events/visibility';
import { CapeAnimator } from '../capes/cape-animator';
import { dragShift, sequenceBoundsAt } from './visibility';

describe('link visibility at the playhead', () => {
  const document = sampleCinematicDocument();
  const link = document.links[0]!;

  it('is visible after the show key and before the hide key', () => {
    expect(linkShowTime(document, link, 20_000, everywhere)).toBe(19_300);
    expect(linkShowTime(document, link, 19_300, everywhere)).toBe(19_300);
    expect(linkShowTime(document, link, 19_299, everywhere)).toBeNaN();
    expect(linkShowTime(document, link, 22_300, everywhere)).toBeNaN();
    expect(linkShowTime(document, link, 23_000, everywhere)).toBeNaN();
  });

  it('no cape of the sample cinematic is visible at 23,000 ms, one at 20,000 ms', () => {
    const visible = (timeMs: number) =>
      document.links
        .filter((candidate) => !Number.isNaN(linkShowTime(document, candidate, timeMs, everywhere)))
        .map((candidate) => candidate.id);
    expect(visible(20_000)).toEqual(['0000']);
    expect(visible(23_000)).toEqual([]);
    expect(visible(30_000)).toEqual(['0001']);
  });

  it('uses the latest show key when there are several, and a later show re-shows after a hide', () => {
    const twice = fixtureDocument([
      { name: 'MRFx0007', frames: [100, 500] },
      { name: 'MRDx0007', frames: [300] },
    ]);
    const twiceLink = twice.links[0]!;
    expect(linkShowTime(twice, twiceLink, 200, everywhere)).toBe(100);
    expect(linkShowTime(twice, twiceLink, 400, everywhere)).toBeNaN();
    expect(linkShowTime(twice, twiceLink, 600, everywhere)).toBe(500);
  });

  it('a link without a hide object stays visible; one without a show object never shows', () => {
    const lonely = fixtureDocument([
      { name: 'MRFx0001', frames: [100] },
      { name: 'MRDx0002', frames: [50] },
    ]);
    expect(linkShowTime(lonely, lonely.links[0]!, 99_999, everywhere)).toBe(100);
    expect(linkShowTime(lonely, lonely.links[1]!, 99_999, everywhere)).toBeNaN();
  });

  it('counts only keys inside the sequence under the playhead', () => {
    const twoSequences = fixtureDocument([{ name: 'MRFx0001', frames: [900] }], {
      sequences: [
        { name: 'A', start: 0, end: 1000, moveSpeed: 0, nonLooping: false, rarity: 0 },
        { name: 'B', start: 2000, end: 3000, moveSpeed: 0, nonLooping: false, rarity: 0 },
      ],
    });
    const span = playedSpanAt(twoSequences.sequences, 2500);
    expect(span).toEqual({ startMs: 2000, endMs: 3000, sequenceIndex: 1 });
    expect(linkShowTime(twoSequences, twoSequences.links[0]!, 2500, span)).toBeNaN();
    expect(linkShowTime(twoSequences, twoSequences.links[0]!, 950, playedSpanAt(twoSequences.sequences, 950))).toBe(
      900,
    );
    // Between the sequences nothing plays: no cape is on screen there (the model view still samples everything).
    expect(playedSpanAt(twoSequences.sequences, 1500)).toBeNull();
    expect(linkShowTime(twoSequences, twoSequences.links[0]!, 1500, null)).toBeNaN();
    expect(sequenceBoundsAt(twoSequences.sequences, 1500, { startMs: 0, endMs: 0 })).toEqual({
      startMs: Number.NEGATIVE_INFINITY,
      endMs: Number.POSITIVE_INFINITY,
    });
  });

  it('follows a key being dragged', () => {
    const key = { objectIndex: 0, frameIndex: 0 };
    const shift = dragShift({ keys: [key], anchor: key, deltaMs: 1000, gesture: null });
    expect(linkShowTime(document, link, 20_000, everywhere, shift)).toBeNaN();
    expect(linkShowTime(document, link, 20_300, everywhere, shift)).toBe(20_300);
  });
});

describe('cape animator', () => {
  // Two vertices, two keyframes one second apart: x moves from 0 to 10.
  const keyframe = (x: number) => new Float32Array([x, 0, 0, 0, 0, 1, x, 1, 0, 0, 0, 1]);
  const file = createMrf({
    texturePath: 'Textures\\Cape.blp',
    faces: new Uint16Array([0, 1, 0, 1, 1, 5]),
    uvs: new Float32Array([0, 0.25, 1, 1]),
    keyframes: [keyframe(0), keyframe(10)],
    header: { frameInterval: 1 },
  });

  it('flips V and drops faces that point past the vertices', () => {
    const animator = new CapeAnimator(file);
    expect([...animator.uvs]).toEqual([0, 0.75, 1, 0]);
    expect([...animator.indices]).toEqual([0, 1, 0]);
  });

  it('samples with the game rules into its preallocated buffers, once per distinct time', () => {
    const animator = new CapeAnimator(file);
    const positions = animator.positions;
    expect(animator.update(0.5)).toBe(true);
    expect(animator.positions).toBe(positions);
    expect(animator.positions[0]).toBeCloseTo(5);
    expect(animator.update(0.5)).toBe(false);
    expect(animator.update(5)).toBe(true);
    expect(animator.positions[0]).toBe(10);
    expect([...animator.bounds]).toEqual([10, 0, 0, 10, 1, 0]);
  });

  it('reports a cape the game does not draw (interval 0)', () => {
    const hidden = new CapeAnimator(
      createMrf({
        texturePath: 'x',
        faces: new Uint16Array(0),
        uvs: new Float32Array([0, 0]),
        keyframes: [new Float32Array(6)],
        header: { frameInterval: 0 },
      }),
    );
    expect(hidden.update(1)).toBe(false);
    expect(hidden.rendered).toBe(false);
  });

  it('draws normals as short lines from each vertex', () => {
    const animator = new CapeAnimator(file);
    animator.update(0);
    animator.updateNormalLines();
    expect(animator.normalLines[0]).toBe(0);
    expect(animator.normalLines[5]).toBeGreaterThan(0);
  });
});
