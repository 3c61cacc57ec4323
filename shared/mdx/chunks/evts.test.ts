import { describe, expect, it } from 'vitest';
import { BinaryWriter } from '../../binary/writer';
import { readMdx, writeMdx } from '../container';
import { readEvents, replaceEventObjects } from '../event-objects';
import {
  concat,
  eventObjectBytes,
  mdxBytes,
  testModelBytes,
  trackBytes,
  versBody,
  type TrackSpec,
} from '../testing/fixtures';
import { interpolationName, writeTrack, type Track } from '../tracks';
import {
  encodeEventObject,
  isOriginalEventObject,
  newEventObject,
  readEventsChunk,
  writeEventsChunk,
  type MdxEventObject,
} from './evts';

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
    const read = readEventsChunk(body);
    expect(read.damaged).toBe(false);
    expect(read.objects.map((object) => [object.name, object.objectId, object.parentId, object.keys])).toEqual([
      ['MRDx0001', 3, 1, null],
      ['MRFx0001', 4, -1, { globalSequenceId: -1, frames: [7] }],
    ]);
    expect(writeEventsChunk(read.objects)).toEqual(body);
    // Re-encoded (not from the original bytes), it still has no KEVT.
    const copy: MdxEventObject = { ...read.objects[0]! };
    expect(isOriginalEventObject(copy)).toBe(false);
    expect(encodeEventObject(copy)).toEqual(body.subarray(0, 96));
  });

  it('keeps the global sequence id of the keys on read and on write', () => {
    const body = eventObjectBytes({ name: 'SNDxGLOB', objectId: 0 }, { globalSequenceId: 2, frames: [0, 250, 500] });
    const [object] = readEventsChunk(body).objects;
    expect(object!.keys).toEqual({ globalSequenceId: 2, frames: [0, 250, 500] });
    const moved: MdxEventObject = { ...object!, keys: { globalSequenceId: 2, frames: [0, 300, 500] } };
    const [reread] = readEventsChunk(encodeEventObject(moved)).objects;
    expect(reread!.keys).toEqual({ globalSequenceId: 2, frames: [0, 300, 500] });
  });

  it('reads node tracks of every interpolation with their own global sequence and tangents', () => {
    const body = eventObjectBytes({ name: 'FPTxTRCK', objectId: 9, tracks: [...everyInterpolation] }, { frames: [1] });
    const bezierBody = eventObjectBytes({ name: 'SPLxBEZR', objectId: 10, tracks: [bezier] }, null);
    const read = readEventsChunk(concat(body, bezierBody));
    expect(read.diagnostics).toEqual([]);
    const [first, second] = read.objects;
    expect(
      first!.tracks.map((track) => [
        track.tag,
        interpolationName(track.interpolation),
        track.globalSequenceId,
        track.keys.length,
      ]),
    ).toEqual([
      ['KGTR', 'none', -1, 2],
      ['KGRT', 'linear', 0, 1],
      ['KGSC', 'hermite', 2, 1],
    ]);
    expect(first!.tracks[0]!.keys[1]).toEqual({ frame: 100, value: [4, 5, 6] });
    expect(first!.tracks[2]!.keys[0]).toEqual({
      frame: 5,
      value: [1, 1, 1],
      inTangent: [0.5, 0.5, 0.5],
      outTangent: [2, 2, 2],
    });
    expect(first!.keys).toEqual({ globalSequenceId: -1, frames: [1] });
    expect(interpolationName(second!.tracks[0]!.interpolation)).toBe('bezier');
    expect(second!.tracks[0]!.keys[0]).toEqual({
      frame: -20,
      value: [1, 0, 0],
      inTangent: [0, 1, 0],
      outTangent: [0, 0, 1],
    });
    expect(second!.keys).toBeNull();
    expect(writeEventsChunk(read.objects)).toEqual(concat(body, bezierBody));
  });

  it('encodes edited tracks canonically: tangents only for hermite and bezier', () => {
    const track: Track = {
      tag: 'KGTR',
      interpolation: 1,
      globalSequenceId: 3,
      keys: [{ frame: 0, value: [1, 2, 3], inTangent: [9, 9, 9], outTangent: [9, 9, 9] }],
    };
    const writer = new BinaryWriter();
    writeTrack(writer, track);
    expect(writer.finish()).toEqual(
      trackBytes({ tag: 'KGTR', interpolation: 1, globalSequenceId: 3, keys: [{ frame: 0, value: [1, 2, 3] }] }),
    );
    const hermite = new BinaryWriter();
    expect(() => writeTrack(hermite, { ...track, interpolation: 2, keys: [{ frame: 0, value: [1, 2, 3] }] })).toThrow(
      RangeError,
    );
  });

  it('re-encodes an edited object with its tracks and name bytes, and writes unedited ones from their bytes', () => {
    // MRFx + non-UTF-8 bytes, then bytes after the NUL
    const rawName = [0x4d, 0x52, 0x46, 0x78, 0xe9, 0xff, 0x31, 0, 0x41, 0x42];
    const edited = eventObjectBytes(
      { name: rawName, objectId: 1, parentId: 0, tracks: [bezier] },
      { frames: [10, 20] },
    );
    const untouched = eventObjectBytes({ name: 'SNDxKEEP', objectId: 2 }, { frames: [5] });
    const read = readEventsChunk(concat(edited, untouched));
    const object = read.objects[0]!;
    expect(object.name).toBe('MRFx\u00e9\u00ff1');
    const changed: MdxEventObject = { ...object, keys: { globalSequenceId: -1, frames: [10, 30] } };
    const written = writeEventsChunk([changed, read.objects[1]!]);
    const expected = concat(
      eventObjectBytes({ name: rawName, objectId: 1, parentId: 0, tracks: [bezier] }, { frames: [10, 30] }),
      untouched,
    );
    expect(written).toEqual(expected);
  });

  it('encodes a renamed object with a fresh, NUL-padded name and refuses names over 80 bytes', () => {
    const [object] = readEventsChunk(
      eventObjectBytes({ name: [0x53, 0x4e, 0x44, 0x78, 0, 0x77, 0x77], objectId: 0 }, { frames: [] }),
    ).objects;
    const renamed: MdxEventObject = { ...object!, name: 'SNDxNEW' };
    expect(encodeEventObject(renamed)).toEqual(eventObjectBytes({ name: 'SNDxNEW', objectId: 0 }, { frames: [] }));
    expect(() => encodeEventObject({ ...object!, name: 'x'.repeat(81) })).toThrow(RangeError);
    expect(encodeEventObject({ ...object!, name: 'x'.repeat(80) }).byteLength).toBe(96 + 12);
  });

  it('builds new objects with flag 0x400 and no KEVT unless keys are given', () => {
    const object = newEventObject({ name: 'MRFx0002', parentId: 3 }, 7);
    expect(encodeEventObject(object)).toEqual(eventObjectBytes({ name: 'MRFx0002', objectId: 7, parentId: 3 }, null));
    const keyed = newEventObject({ name: 'MRDx0002', keys: { globalSequenceId: 1, frames: [4000] } }, 8);
    expect(encodeEventObject(keyed)).toEqual(
      eventObjectBytes({ name: 'MRDx0002', objectId: 8 }, { globalSequenceId: 1, frames: [4000] }),
    );
  });

  it('reports an object running past the chunk, keeps the bytes, and opens the rest of the model', () => {
    const good = eventObjectBytes({ name: 'SNDxGOOD', objectId: 0 }, { frames: [1, 2] });
    const bad = eventObjectBytes({ name: 'SNDxBAD', objectId: 1 }, { frames: [1, 2, 3] });
    new DataView(bad.buffer).setUint32(96 + 4, 1000, true); // KEVT count far beyond the chunk
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['EVTS', concat(good, bad)],
      ['PIVT', new Uint8Array(24)],
    ]);
    const model = readMdx(bytes);
    const events = readEvents(model);
    expect(events.damaged).toBe(true);
    expect(events.objects.map((object) => object.name)).toEqual(['SNDxGOOD']);
    expect(events.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'mdx.damaged-chunk',
      where: 'EVTS[1].KEVT.count',
      offset: 4 + 12 + 8 + good.byteLength + 96 + 4,
    });
    expect(model.chunks.map((chunk) => chunk.tag)).toEqual(['VERS', 'EVTS', 'PIVT']);
    expect(writeMdx(model)).toEqual(bytes);
    expect(() => replaceEventObjects(model, events.objects)).toThrow(/damaged/);
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
    const read = readEventsChunk(odd);
    expect(read.damaged).toBe(false);
    expect(read.diagnostics.map((item) => [item.severity, item.code])).toEqual([['warning', 'mdx.node-tracks']]);
    expect(read.objects[0]!.keys).toEqual({ globalSequenceId: -1, frames: [3] });
    expect(encodeEventObject({ ...read.objects[0]! })).toEqual(odd);
  });

  it('keeps the order of event objects and of EVTS and CAMS chunks through an edit', () => {
    for (const camerasBeforeEvents of [false, true]) {
      const model = readMdx(testModelBytes({ camerasBeforeEvents }));
      const tags = model.chunks.map((chunk) => chunk.tag);
      const events = readEvents(model).objects;
      const edited = replaceEventObjects(model, [
        events[0]!,
        { ...events[1]!, keys: { globalSequenceId: -1, frames: [50] } },
      ]);
      expect(edited.chunks.map((chunk) => chunk.tag)).toEqual(tags);
      expect(readEvents(edited).objects.map((object) => [object.name, object.keys?.frames])).toEqual([
        ['SNDxABCD', [100, 200]],
        ['MRFx0001', [50]],
      ]);
    }
  });
});
