import { describe, expect, it } from 'vitest';
import { fixtureDocument, sampleCinematicDocument } from '../../testing/fixture-model';
import { hitTestKeys, keysInBox } from './hit-test';
import { type TimelineGeometry, rowCentre, timeToScreenX } from './layout';
import { buildModelRows } from './rows';
import { boundedDelta, deltaBounds, nearestTarget, snapDelta, snapTargets } from '../../state/key-snapping';

const geometry: TimelineGeometry = {
  width: 1200,
  height: 400,
  gutterWidth: 200,
  rulerHeight: 24,
  rowHeight: 20,
  scrollTop: 0,
};
const view = { startMs: 0, pixelsPerMs: 0.0125 };

describe('dope sheet rows', () => {
  it('lists a summary, the links group with one collapsed row per link, then other groups', () => {
    const rows = buildModelRows(sampleCinematicDocument(), {});
    expect(rows.map((row) => row.label)).toEqual([
      'Summary',
      'MRF Links (6)',
      'Link 0000',
      'Link 0001',
      'Link 0002',
      'Link 0003',
      'Link 0004',
      'Link 0005',
      'Sounds (1)',
      'SNDxARTH',
    ]);
  });

  it('an expanded link lists its show and hide objects', () => {
    const rows = buildModelRows(sampleCinematicDocument(), { 'link:0001': false });
    const index = rows.findIndex((row) => row.label === 'Link 0001');
    expect(rows.slice(index + 1, index + 3).map((row) => row.label)).toEqual(['MRFx0001', 'MRDx0001']);
  });
});

describe('hit-testing', () => {
  const document = sampleCinematicDocument();
  const rows = buildModelRows(document, {});
  const linkRow = rows.findIndex((row) => row.label === 'Link 0001');

  it('hits the show key of a link on its row', () => {
    const hit = hitTestKeys(
      rows,
      document,
      timeToScreenX(28_133, view, geometry) + 3,
      rowCentre(linkRow, geometry),
      view,
      geometry,
    );
    expect(hit?.keys).toEqual([{ objectIndex: 2, frameIndex: 0 }]);
    expect(hit?.timeMs).toBe(28_133);
  });

  it('misses beyond the hit radius and in the gutter', () => {
    expect(
      hitTestKeys(
        rows,
        document,
        timeToScreenX(28_133, view, geometry) + 12,
        rowCentre(linkRow, geometry),
        view,
        geometry,
      ),
    ).toBeNull();
    expect(hitTestKeys(rows, document, 100, rowCentre(linkRow, geometry), view, geometry)).toBeNull();
  });

  it('the summary row hits every key at that time', () => {
    const twin = fixtureDocument([
      { name: 'SNDxA', frames: [500] },
      { name: 'SNDxB', frames: [500, 900] },
    ]);
    const twinRows = buildModelRows(twin, {});
    const hit = hitTestKeys(twinRows, twin, timeToScreenX(500, view, geometry), rowCentre(0, geometry), view, geometry);
    expect(hit?.keys).toEqual([
      { objectIndex: 0, frameIndex: 0 },
      { objectIndex: 1, frameIndex: 0 },
    ]);
  });

  it('box select takes the keys whose centres are inside, on the rows crossed', () => {
    const top = rowCentre(linkRow, geometry) - 5;
    const keys = keysInBox(
      rows,
      document,
      {
        x0: timeToScreenX(28_000, view, geometry),
        y0: top,
        x1: timeToScreenX(50_000, view, geometry),
        y1: rowCentre(linkRow + 1, geometry) + 5,
      },
      view,
      geometry,
    );
    expect(keys).toEqual([
      { objectIndex: 2, frameIndex: 0 },
      { objectIndex: 3, frameIndex: 0 },
      { objectIndex: 4, frameIndex: 0 },
    ]);
  });
});

describe('keys on a global sequence', () => {
  // A sound on the fixture's 1,000 ms global sequence: a real key at 250, repeats drawn at 1,250, 2,250 …
  const document = fixtureDocument([{ name: 'SNDxWIND', frames: [250], globalSequenceId: 0 }]);
  const rows = buildModelRows(document, {});
  const row = rows.findIndex((candidate) => candidate.kind === 'object');
  const zoomed = { startMs: 0, pixelsPerMs: 0.2 };

  it('only the real key is hit; its faded repeats are not', () => {
    expect(
      hitTestKeys(rows, document, timeToScreenX(250, zoomed, geometry), rowCentre(row, geometry), zoomed, geometry)
        ?.keys,
    ).toEqual([{ objectIndex: 0, frameIndex: 0 }]);
    expect(
      hitTestKeys(rows, document, timeToScreenX(1_250, zoomed, geometry), rowCentre(row, geometry), zoomed, geometry),
    ).toBeNull();
    expect(
      keysInBox(
        rows,
        document,
        { x0: timeToScreenX(1_000, zoomed, geometry), y0: 0, x1: timeToScreenX(4_000, zoomed, geometry), y1: 400 },
        zoomed,
        geometry,
      ),
    ).toEqual([]);
  });
});

describe('snapping', () => {
  const document = sampleCinematicDocument();
  const moving = [{ objectIndex: 2, frameIndex: 0 }];
  const targets = snapTargets(document, moving);

  it('collects other keys and sequence bounds, not the moving keys', () => {
    expect([...targets]).toContain(22_300);
    expect([...targets]).toContain(80_000);
    expect([...targets]).not.toContain(28_133);
  });

  it('finds the nearest target', () => {
    expect(nearestTarget(targets, 22_290)).toBe(22_300);
    expect(nearestTarget(targets, -50)).toBe(0);
  });

  it('snaps the anchor onto a target within the threshold, else rounds to whole ms', () => {
    expect(snapDelta(28_133, -5_830.4, targets, 50, true)).toBe(22_300 - 28_133);
    expect(snapDelta(28_133, 500.4, targets, 50, true)).toBe(500);
    expect(snapDelta(28_133, -5_830.4, targets, 50, false)).toBe(-5_830);
  });

  it('never moves a key before 0', () => {
    expect(deltaBounds(document, moving)).toEqual({ minimumMs: -28_133, maximumMs: Number.POSITIVE_INFINITY });
    expect(snapDelta(28_133, -40_000, targets, 50, false, deltaBounds(document, moving).minimumMs)).toBe(-28_133);
  });

  it('never moves a key of a global-sequence object past its sequence’s length', () => {
    // The moving key's object (its key at 28,133 ms) on a 30,000 ms global sequence.
    const onGlobal = {
      ...document,
      globalSequences: [30_000],
      eventObjects: document.eventObjects.map((object, index) =>
        index === 2 ? { ...object, globalSequenceId: 0 } : object,
      ),
    };
    const bounds = deltaBounds(onGlobal, moving);
    expect(bounds).toEqual({ minimumMs: -28_133, maximumMs: 1_867 });
    expect(snapDelta(28_133, 90_000, targets, 50, true, bounds.minimumMs, 0, bounds.maximumMs)).toBe(1_867);
    expect(boundedDelta(onGlobal, moving, 90_000)).toBe(1_867);
    expect(boundedDelta(onGlobal, moving, 500)).toBe(500);
    expect(boundedDelta(document, moving, 90_000)).toBe(90_000);
  });
});
