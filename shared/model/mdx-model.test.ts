/**
 * The typed model on fixtures built from the specification for every version (800, 900, 1000,
 * 1100, 1200 — the corpus has no 900 or 1100 model): every field of every chunk kind read as
 * built, written back byte-identical; and what happens to chunks that do not add up, bytes a
 * reader does not understand, values a JavaScript number cannot hold, and edits.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { KNOWN_MDX_VERSIONS } from './versions';
import { concat, helperBytes, mdxBytes, trackBytes, versBody } from './testing/mdx-bytes';
import { isParsedChunk, readMdxModel, withParsed, writeMdxModel, type TypedMdxModel } from './mdx-model';
import type { MdxChunkTag } from './registry';
import { modelNodes } from './model-nodes';
import { fullModelBytes, fullModelTags } from './testing/fixture-bytes';
import { fullModelSpec, type FullModelSpec } from './testing/fixtures';
import { createTrack, trackFrames, trackValue, type Track } from './track';
import type { Bone } from './kinds/bone';
import type { Geoset } from './kinds/geoset';
import type { Light } from './kinds/light';
import type { Material } from './kinds/material';
import type { ModelInfo } from './kinds/model-info';
import type { Sequence } from './kinds/sequence';

/** Which spec field each chunk reads into. */
const SPEC_KEYS: Record<MdxChunkTag, keyof FullModelSpec> = {
  VERS: 'version',
  MODL: 'modelInfo',
  SEQS: 'sequences',
  GLBS: 'globalSequences',
  MTLS: 'materials',
  TEXS: 'textures',
  SNDS: 'soundTracks',
  TXAN: 'textureAnimations',
  GEOS: 'geosets',
  GEOA: 'geosetAnimations',
  BONE: 'bones',
  LITE: 'lights',
  HELP: 'helpers',
  ATCH: 'attachments',
  PIVT: 'pivots',
  PREM: 'particleEmitters',
  PRE2: 'particleEmitters2',
  CORN: 'popcornEmitters',
  RIBB: 'ribbonEmitters',
  EVTS: 'eventObjects',
  CAMS: 'cameras',
  CLID: 'collisionShapes',
  FAFX: 'faceEffects',
  BPOS: 'bindPoses',
};

function plainTrack(track: Track): unknown {
  const vector =
    (offset: number) =>
    (key: number): number[] =>
      Array.from({ length: track.components }, (_, c) => trackValue(track, key, c + offset));
  return {
    tag: track.tag,
    interpolation: track.interpolation,
    globalSequenceId: track.globalSequenceId,
    keys: trackFrames(track).map((frame, key) => ({
      frame,
      value: vector(0)(key),
      ...(track.interpolation > 1
        ? { inTangent: vector(track.components)(key), outTangent: vector(2 * track.components)(key) }
        : {}),
    })),
  };
}

/** The typed value as plain data: typed arrays as arrays, tracks as keys, raw name fields left out. */
function plain(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    if ('keyWords' in value) return plainTrack(value as Track);
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key === 'unparsedBytes' || !key.endsWith('Bytes'))
        .map(([key, item]) => [key, plain(item)]),
    );
  }
  return value;
}

function same(left: Uint8Array, right: Uint8Array): boolean {
  return left.byteLength === right.byteLength && left.every((byte, index) => byte === right[index]);
}

function parsedOf<T>(model: TypedMdxModel, tag: string): T {
  const chunk = model.chunks.find((item) => item.tag === tag);
  if (!chunk || !isParsedChunk(chunk)) throw new Error(`${tag} is not typed`);
  return chunk.parsed as T;
}

function modelDiagnostics(model: TypedMdxModel): string[] {
  return model.diagnostics.filter((item) => item.code.startsWith('model.')).map((item) => item.code);
}

/** `bytes` with the uint32 at `offset` replaced. */
function patched(bytes: Uint8Array, offset: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(offset, value, true);
  return copy;
}

/** Offset of the first chunk with `tag` (its header) in `bytes`. */
function chunkOffset(bytes: Uint8Array, tag: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 4; offset < bytes.byteLength; offset += 8 + view.getUint32(offset + 4, true)) {
    if (String.fromCharCode(...bytes.subarray(offset, offset + 4)) === tag) return offset;
  }
  throw new Error(`no ${tag} chunk`);
}

describe('typed model on fixtures of every version', () => {
  for (const version of KNOWN_MDX_VERSIONS) {
    it(`reads every field of every chunk of a version ${version} model as built, and writes it back`, () => {
      const spec = fullModelSpec(version);
      const bytes = fullModelBytes(spec);
      const model = readMdxModel(bytes, { verify: true });
      expect(model.version).toBe(version);
      expect(model.chunks.map((chunk) => chunk.tag)).toEqual(fullModelTags(version));
      expect(model.chunks.every(isParsedChunk)).toBe(true);
      expect(modelDiagnostics(model)).toEqual([]);
      for (const chunk of model.chunks) {
        if (!isParsedChunk(chunk)) continue;
        expect(plain(chunk.parsed), `${version} ${chunk.tag}`).toEqual(plain(spec[SPEC_KEYS[chunk.tag]]));
      }
      expect(same(writeMdxModel(model), bytes)).toBe(true);
      expect(modelNodes(model).map((entry) => entry.object.node.objectId)).toEqual(
        Array.from({ length: spec.nodeCount }, (_, id) => id),
      );
    });
  }

  it('gives vertex arrays and tracks as views of the file’s bytes when they are aligned', () => {
    const bytes = fullModelBytes(fullModelSpec(1000));
    const model = readMdxModel(bytes);
    const geoset = parsedOf<Geoset[]>(model, 'GEOS')[0]!;
    // VRTX comes first in a geoset: aligned here, since every chunk before GEOS has a size that is a multiple of 4.
    for (const array of [geoset.vertices, geoset.normals, geoset.faceTypeGroups, geoset.faces, geoset.vertexGroups])
      expect(array.buffer).toBe(bytes.buffer);
    const bone = parsedOf<Bone[]>(model, 'BONE')[0]!;
    // GEOS holds an odd number of GNDX bytes, so BONE starts off a 4-byte boundary: read from one aligned copy.
    expect(bone.node.tracks[0]!.keyWords.buffer).not.toBe(bytes.buffer);
    expect(bone.node.tracks[0]!.keyWords.buffer).toBe(bone.node.tracks[1]!.keyValues.buffer);
    const classic = readMdxModel(fullModelBytes(fullModelSpec(800)));
    const track = parsedOf<Material[]>(classic, 'MTLS')[0]!.layers[0]!.tracks[0]!;
    expect(track.keyValues.buffer).toBe(track.keyWords.buffer);
  });

  it('reads a model written in one version with another version’s layout only as far as it adds up', () => {
    // A 1000 material (with its shader name) read as 1100 (texture slots, no shader name) does not add up.
    const bytes = fullModelBytes(fullModelSpec(1000));
    const relabelled = patched(bytes, chunkOffset(bytes, 'VERS') + 8, 1100);
    const model = readMdxModel(relabelled);
    const untyped = model.chunks.filter((chunk) => !isParsedChunk(chunk)).map((chunk) => chunk.tag);
    expect(untyped).toContain('MTLS');
    expect(same(writeMdxModel(model), relabelled)).toBe(true);
  });
});

describe('typed model: what it keeps as bytes', () => {
  const spec = fullModelSpec(800);
  const bytes = fullModelBytes(spec);

  it('keeps a chunk that does not add up as its bytes, with an error naming the field and offset', () => {
    const geos = chunkOffset(bytes, 'GEOS');
    // The first geoset's VRTX tag becomes XXXX.
    const damaged = bytes.slice();
    damaged.set([0x58, 0x58, 0x58, 0x58], geos + 8 + 4);
    const model = readMdxModel(damaged);
    const chunk = model.chunks.find((item) => item.tag === 'GEOS')!;
    expect(isParsedChunk(chunk)).toBe(false);
    expect(model.chunks.filter((item) => !isParsedChunk(item)).map((item) => item.tag)).toEqual(['GEOS']);
    const diagnostic = model.diagnostics.find((item) => item.code === 'model.unread-chunk')!;
    expect(diagnostic).toMatchObject({ severity: 'error', where: 'GEOS[0].VRTX', offset: geos + 12 });
    expect(same(writeMdxModel(model), damaged)).toBe(true);
  });

  it('keeps bytes at the end of an object that are not tracks, and says so', () => {
    const lite = chunkOffset(bytes, 'LITE');
    const view = new DataView(bytes.buffer);
    const size = view.getUint32(lite + 4, true);
    const junk = [0xde, 0xad, 0xbe, 0xef, 1, 2, 3];
    const grown = new Uint8Array(bytes.byteLength + junk.length);
    grown.set(bytes.subarray(0, lite + 8 + size));
    grown.set(junk, lite + 8 + size);
    grown.set(bytes.subarray(lite + 8 + size), lite + 8 + size + junk.length);
    const grownView = new DataView(grown.buffer);
    grownView.setUint32(lite + 4, size + junk.length, true);
    grownView.setUint32(lite + 8, grownView.getUint32(lite + 8, true) + junk.length, true);
    const model = readMdxModel(grown, { verify: true });
    const light = parsedOf<Light[]>(model, 'LITE')[0]!;
    expect(Array.from(light.unparsedBytes)).toEqual(junk);
    expect(light.tracks.map((track) => track.tag)).toEqual(['KLAI', 'KLBC']);
    expect(modelDiagnostics(model)).toEqual(['model.unparsed-bytes']);
    expect(same(writeMdxModel(model), grown)).toBe(true);
  });

  it('keeps a chunk with a signalling NaN in a float field as bytes (a JavaScript number would make it quiet)', () => {
    const seqs = chunkOffset(bytes, 'SEQS');
    const signalling = patched(bytes, seqs + 8 + 88, 0x7f800001);
    const model = readMdxModel(signalling);
    expect(isParsedChunk(model.chunks.find((item) => item.tag === 'SEQS')!)).toBe(false);
    expect(modelDiagnostics(model)).toEqual(['model.unreproducible-chunk']);
    expect(same(writeMdxModel(model), signalling)).toBe(true);
    // A quiet NaN with a payload is a number like any other: the chunk is typed and written back exactly.
    const quiet = patched(bytes, seqs + 8 + 88, 0x7fc12345);
    const quietModel = readMdxModel(quiet);
    expect(Number.isNaN(parsedOf<Sequence[]>(quietModel, 'SEQS')[0]!.moveSpeed)).toBe(true);
    expect(same(writeMdxModel(quietModel), quiet)).toBe(true);
  });

  it('keeps unknown chunks, tracks a chunk size leaves out, and bytes after the NUL of a name', () => {
    const lite = chunkOffset(bytes, 'LITE');
    const liteBody = bytes.subarray(lite + 8, lite + 8 + new DataView(bytes.buffer).getUint32(lite + 4, true));
    const modl = new Uint8Array(372);
    modl.set([0x41, 0x42, 0, 0x6a, 0x75, 0x6e, 0x6b]);
    const leftOut = trackBytes({ tag: 'KLAI', interpolation: 0, keys: [{ frame: 10, value: [5] }] });
    const file = concat(
      mdxBytes([
        ['VERS', versBody(800)],
        ['MODL', modl],
        ['ZZZZ', new Uint8Array([1, 2, 3])],
        ['LITE', liteBody],
      ]),
      leftOut,
      mdxBytes([['HELP', helperBytes({ name: 'Helper', objectId: 1 })]]).subarray(4),
    );
    const model = readMdxModel(file, { verify: true });
    expect(model.chunks.map((chunk) => [chunk.tag, isParsedChunk(chunk)])).toEqual([
      ['VERS', true],
      ['MODL', true],
      ['ZZZZ', false],
      ['LITE', true],
      ['HELP', true],
    ]);
    expect(Array.from(model.chunks[3]!.trailing)).toEqual(Array.from(leftOut));
    expect(parsedOf<ModelInfo>(model, 'MODL').name).toBe('AB');
    expect(same(writeMdxModel(model), file)).toBe(true);
  });

  it('throws CodecError only for bytes that are not a walkable MDX file', () => {
    expect(() => readMdxModel(new Uint8Array([1, 2, 3, 4]))).toThrow(CodecError);
    expect(() => readMdxModel(bytes.subarray(0, 10))).toThrow(CodecError);
  });
});

describe('typed model: edits', () => {
  const spec = fullModelSpec(1100);
  const bytes = fullModelBytes(spec);

  it('writes typed objects as they are, so an edit comes back when read again', () => {
    const model = readMdxModel(bytes);
    const translation = createTrack('KGTR', 2, -1, [
      { frame: 0, value: [1, 2, 3], inTangent: [0, 0, 0], outTangent: [0, 0, 1] },
      { frame: 500, value: [4, 5, 6], inTangent: [1, 0, 0], outTangent: [0, 1, 0] },
    ]);
    const chunks = model.chunks.map((chunk) => {
      if (!isParsedChunk(chunk)) return chunk;
      if (chunk.tag === 'SEQS')
        return withParsed(
          chunk,
          chunk.parsed.map((sequence, index) => (index ? sequence : { ...sequence, name: 'Walk', end: 1500 })),
        );
      if (chunk.tag === 'HELP')
        return withParsed(
          chunk,
          chunk.parsed.map((helper) => ({ node: { ...helper.node, tracks: [translation] } })),
        );
      return chunk;
    });
    const reread = readMdxModel(writeMdxModel({ chunks }), { verify: true });
    expect(parsedOf<Sequence[]>(reread, 'SEQS')[0]).toMatchObject({ name: 'Walk', start: 0, end: 1500 });
    const helperTrack = parsedOf<{ node: { tracks: Track[] } }[]>(reread, 'HELP')[0]!.node.tracks[0]!;
    expect(plainTrack(helperTrack)).toEqual(plainTrack(translation));
    expect(modelDiagnostics(reread)).toEqual([]);
    // Everything else is as it was.
    for (const tag of ['MTLS', 'GEOS', 'BONE', 'LITE', 'CAMS', 'BPOS'])
      expect(plain(parsedOf(reread, tag))).toEqual(plain(parsedOf(model, tag)));
  });

  it('refuses typed objects that cannot be encoded with a RangeError', () => {
    const model = readMdxModel(bytes);
    const badTrack = { ...createTrack('KGTR', 1, -1, [{ frame: 0, value: [1, 2, 3] }]), stride: 7 };
    const chunks = model.chunks.map((chunk) =>
      isParsedChunk(chunk) && chunk.tag === 'HELP'
        ? { ...chunk, parsed: chunk.parsed.map((helper) => ({ node: { ...helper.node, tracks: [badTrack] } })) }
        : chunk,
    );
    expect(() => writeMdxModel({ chunks })).toThrow(RangeError);
    expect(() => createTrack('KGRT', 1, -1, [{ frame: 0, value: [1, 2, 3] }])).toThrow(RangeError);
    expect(() => createTrack('KXXX', 1, -1, [])).toThrow(RangeError);
  });
});
