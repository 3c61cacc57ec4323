/**
 * The EVTS kind: event objects with and without KEVT, their keys and global sequence, node tracks of every
 * interpolation, edits encoded canonically with everything else kept, and damage kept as bytes. (The same
 * assertions the events module's own EVTS reader was held to, now made of the one reader.)
 */
import { describe, expect, it } from 'vitest';
import { BinaryWriter } from '../binary/writer';
import { writeMdx } from '../mdx/container';
import { MdxCursor } from '../mdx/cursor';
import { interpolationName } from '../mdx/tracks';
import { editableEvents, newEventObject, replaceEventObjects } from './mdx-edits';
import { readMdx } from '../model/mdx-file';
import {
  concat,
  eventObjectBytes,
  mdxBytes,
  testModelBytes,
  trackBytes,
  versBody,
  type TrackSpec,
} from '../model/testing/mdx-bytes';
import {
  createTrack,
  trackFrame,
  trackInTangent,
  trackOutTangent,
  trackValue,
  writeTrackMdx,
  type Track,
} from '../model/track';
import { parsedChunkOf, typedModelOf } from '../model/typed-chunks';
import { eventObjectsChunkMdx, type EventObject } from '../model/kinds/event-object';
import { mdxLayout } from '../model/versions';

const layout = mdxLayout(800);

function readEvents(body: Uint8Array): EventObject[] {
  return eventObjectsChunkMdx.read(new MdxCursor(body, 0, 'EVTS'), layout);
}

function writeEvents(objects: readonly EventObject[]): Uint8Array {
  const writer = new BinaryWriter();
  eventObjectsChunkMdx.write(writer, [...objects], layout);
  return writer.finish().slice();
}

/** A key of a track as plain numbers: frame, value, and tangents when it has them. */
function keyOf(track: Track, key: number) {
  const vector = (read: (track: Track, key: number, component: number) => number) =>
    Array.from({ length: track.components }, (_, component) => read(track, key, component));
  return track.interpolation >= 2
    ? {
        frame: trackFrame(track, key),
        value: vector(trackValue),
        inTangent: vector(trackInTangent),
        outTangent: vector(trackOutTangent),
      }
    : { frame: trackFrame(track, key), value: vector(trackValue) };
}

const everyInterpolation: TrackSpec[] = [
  {
    tag: 'KGTR',
    interpolation: 0,
    globalSequenceId: -1,
    keys: [
      { frame: 0, value: [1, 2, 3] },
      { frame: 100, value: [4, 5, 6] },
    ],
  },
  { tag: 'KGRT', interpolation: 1, globalSequenceId: 0, keys: [{ frame: 10, value: [0, 0, 0, 1] }] },
  {
    tag: 'KGSC',
    interpolation: 2,
    globalSequenceId: 2,
    keys: [{ frame: 5, value: [1, 1, 1], inTangent: [0.5, 0.5, 0.5], outTangent: [2, 2, 2] }],
  },
];
const bezier: TrackSpec = {
  tag: 'KGTR',
  interpolation: 3,
  keys: [
    { frame: -20, value: [1, 0, 0], inTangent: [0, 1, 0], outTangent: [0, 0, 1] },
    { frame: 40, value: [2, 0, 0], inTangent: [0, 2, 0], outTangent: [0, 0, 2] },
  ],
};

describe('EVTS event objects', () => {
  it('reads an event object without KEVT as one without keys, and writes it back without one', () => {
    const body = concat(
      eventObjectBytes({ name: 'MRDx0001', objectId: 3, parentId: 1 }, null),
      eventObjectBytes({ name: 'MRFx0001', objectId: 4 }, { frames: [7] }),
    );
    const objects = readEvents(body);
    expect(objects.map(({ node, keys }) => [node.name, node.objectId, node.parentId, keys])).toEqual([
      ['MRDx0001', 3, 1, null],
      ['MRFx0001', 4, -1, { globalSequenceId: -1, frames: Int32Array.of(7) }],
    ]);
    expect(writeEvents(objects)).toEqual(body);
    // Re-encoded from a copy, it still has no KEVT.
    expect(writeEvents([{ ...objects[0]! }])).toEqual(body.subarray(0, 96));
  });

  it('keeps the global sequence id of the keys on read and on write', () => {
    const body = eventObjectBytes({ name: 'SNDxGLOB', objectId: 0 }, { globalSequenceId: 2, frames: [0, 250, 500] });
    const [object] = readEvents(body);
    expect(object!.keys).toEqual({ globalSequenceId: 2, frames: Int32Array.of(0, 250, 500) });
    const moved: EventObject = { ...object!, keys: { globalSequenceId: 2, frames: Int32Array.of(0, 300, 500) } };
    const [reread] = readEvents(writeEvents([moved]));
    expect(reread!.keys).toEqual({ globalSequenceId: 2, frames: Int32Array.of(0, 300, 500) });
  });

  it('reads node tracks of every interpolation with their own global sequence and tangents', () => {
    const body = eventObjectBytes({ name: 'FPTxTRCK', objectId: 9, tracks: [...everyInterpolation] }, { frames: [1] });
    const bezierBody = eventObjectBytes({ name: 'SPLxBEZR', objectId: 10, tracks: [bezier] }, null);
    const model = readMdx(mdxBytes([['EVTS', concat(body, bezierBody)]]));
    expect(typedModelOf(model).diagnostics.filter((item) => item.code !== 'mdx.no-version')).toEqual([]);
    const [first, second] = parsedChunkOf(model, 'EVTS')!;
    expect(
      first!.node.tracks.map((track) => [
        track.tag,
        interpolationName(track.interpolation),
        track.globalSequenceId,
        track.keyCount,
      ]),
    ).toEqual([
      ['KGTR', 'none', -1, 2],
      ['KGRT', 'linear', 0, 1],
      ['KGSC', 'hermite', 2, 1],
    ]);
    expect(keyOf(first!.node.tracks[0]!, 1)).toEqual({ frame: 100, value: [4, 5, 6] });
    expect(keyOf(first!.node.tracks[2]!, 0)).toEqual({
      frame: 5,
      value: [1, 1, 1],
      inTangent: [0.5, 0.5, 0.5],
      outTangent: [2, 2, 2],
    });
    expect(first!.keys).toEqual({ globalSequenceId: -1, frames: Int32Array.of(1) });
    expect(interpolationName(second!.node.tracks[0]!.interpolation)).toBe('bezier');
    expect(keyOf(second!.node.tracks[0]!, 0)).toEqual({
      frame: -20,
      value: [1, 0, 0],
      inTangent: [0, 1, 0],
      outTangent: [0, 0, 1],
    });
    expect(second!.keys).toBeNull();
    expect(writeEvents([first!, second!])).toEqual(concat(body, bezierBody));
  });

  it('encodes tracks made by edits canonically: tangents only for hermite and bezier', () => {
    const track = createTrack('KGTR', 1, 3, [
      { frame: 0, value: [1, 2, 3], inTangent: [9, 9, 9], outTangent: [9, 9, 9] },
    ]);
    const writer = new BinaryWriter();
    writeTrackMdx(writer, track);
    expect(writer.finish()).toEqual(
      trackBytes({ tag: 'KGTR', interpolation: 1, globalSequenceId: 3, keys: [{ frame: 0, value: [1, 2, 3] }] }),
    );
    expect(() => createTrack('KGTR', 2, 3, [{ frame: 0, value: [1, 2, 3] }])).toThrow(RangeError);
  });

  it('re-encodes an edited object with its tracks and name bytes, and writes unedited ones as they were', () => {
    // MRFx + non-UTF-8 bytes, then bytes after the NUL
    const rawName = [0x4d, 0x52, 0x46, 0x78, 0xe9, 0xff, 0x31, 0, 0x41, 0x42];
    const edited = eventObjectBytes(
      { name: rawName, objectId: 1, parentId: 0, tracks: [bezier] },
      { frames: [10, 20] },
    );
    const untouched = eventObjectBytes({ name: 'SNDxKEEP', objectId: 2 }, { frames: [5] });
    const objects = readEvents(concat(edited, untouched));
    const object = objects[0]!;
    expect(object.node.name).toBe('MRFx\u00e9\u00ff1');
    const changed: EventObject = { ...object, keys: { globalSequenceId: -1, frames: Int32Array.of(10, 30) } };
    const expected = concat(
      eventObjectBytes({ name: rawName, objectId: 1, parentId: 0, tracks: [bezier] }, { frames: [10, 30] }),
      untouched,
    );
    expect(writeEvents([changed, objects[1]!])).toEqual(expected);
  });

  it('encodes a renamed object with a fresh, NUL-padded name and refuses names over 80 bytes', () => {
    const [object] = readEvents(
      eventObjectBytes({ name: [0x53, 0x4e, 0x44, 0x78, 0, 0x77, 0x77], objectId: 0 }, { frames: [] }),
    );
    const named = (name: string): EventObject => ({ ...object!, node: { ...object!.node, name } });
    expect(writeEvents([named('SNDxNEW')])).toEqual(eventObjectBytes({ name: 'SNDxNEW', objectId: 0 }, { frames: [] }));
    expect(() => writeEvents([named('x'.repeat(81))])).toThrow(RangeError);
    expect(writeEvents([named('x'.repeat(80))]).byteLength).toBe(96 + 12);
  });

  it('builds new objects with flag 0x400 and no KEVT unless keys are given', () => {
    const object = newEventObject({ name: 'MRFx0002', parentId: 3 }, 7);
    expect(writeEvents([object])).toEqual(eventObjectBytes({ name: 'MRFx0002', objectId: 7, parentId: 3 }, null));
    const keyed = newEventObject({ name: 'MRDx0002', keys: { globalSequenceId: 1, frames: Int32Array.of(4000) } }, 8);
    expect(writeEvents([keyed])).toEqual(
      eventObjectBytes({ name: 'MRDx0002', objectId: 8 }, { globalSequenceId: 1, frames: [4000] }),
    );
  });

  it('keeps an EVTS chunk whose objects run past it as bytes, reports where, and opens the rest of the model', () => {
    const good = eventObjectBytes({ name: 'SNDxGOOD', objectId: 0 }, { frames: [1, 2] });
    const bad = eventObjectBytes({ name: 'SNDxBAD', objectId: 1 }, { frames: [1, 2, 3] });
    new DataView(bad.buffer).setUint32(96 + 4, 1000, true); // KEVT count far beyond the chunk
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['EVTS', concat(good, bad)],
      ['PIVT', new Uint8Array(24)],
    ]);
    const model = readMdx(bytes);
    expect(parsedChunkOf(model, 'EVTS')).toBeUndefined();
    expect(typedModelOf(model).diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'model.unread-chunk',
      where: 'EVTS[1].KEVT.count',
      offset: 4 + 12 + 8 + good.byteLength + 96 + 4,
    });
    expect(model.chunks.map((chunk) => chunk.tag)).toEqual(['VERS', 'EVTS', 'PIVT']);
    expect(writeMdx(model)).toEqual(bytes);
    expect(() => editableEvents(model)).toThrow(/damaged/);
  });

  it('keeps node-track bytes that do not parse and warns about them', () => {
    const object = eventObjectBytes({ name: 'SNDxODD', objectId: 0 }, { frames: [3] });
    // Grow the node by 8 unknown bytes between the node's fixed fields and KEVT.
    const odd = concat(
      object.subarray(0, 96),
      new Uint8Array([0x58, 0x58, 0x58, 0x58, 1, 2, 3, 4]),
      object.subarray(96),
    );
    new DataView(odd.buffer).setUint32(0, 104, true);
    const model = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['EVTS', odd],
      ]),
    );
    const diagnostics = typedModelOf(model).diagnostics;
    expect(diagnostics.map((item) => [item.severity, item.code, item.where])).toEqual([
      ['warning', 'model.unparsed-bytes', 'EVTS[0]'],
    ]);
    const [read] = parsedChunkOf(model, 'EVTS')!;
    expect(read!.keys).toEqual({ globalSequenceId: -1, frames: Int32Array.of(3) });
    expect(writeEvents([{ ...read! }])).toEqual(odd);
  });

  it('keeps the order of event objects and of EVTS and CAMS chunks through an edit', () => {
    for (const camerasBeforeEvents of [false, true]) {
      const model = readMdx(testModelBytes({ camerasBeforeEvents }));
      const tags = model.chunks.map((chunk) => chunk.tag);
      const events = parsedChunkOf(model, 'EVTS')!;
      const edited = replaceEventObjects(model, [
        events[0]!,
        { ...events[1]!, keys: { globalSequenceId: -1, frames: Int32Array.of(50) } },
      ]);
      expect(edited.chunks.map((chunk) => chunk.tag)).toEqual(tags);
      expect(parsedChunkOf(edited, 'EVTS')!.map(({ node, keys }) => [node.name, Array.from(keys!.frames)])).toEqual([
        ['SNDxABCD', [100, 200]],
        ['MRFx0001', [50]],
      ]);
    }
  });
});
