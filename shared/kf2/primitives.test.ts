/**
 * The two layouts of KF2's primitives: issue 15's plain one (THE reading) and the tagged fallback.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { KF2_TAGGED_LAYOUT_NOTE, kf2ToMrf } from './cape';
import { Kf2Cursor } from './primitives';
import { readKf2, readKf2Layout } from './read';
import { kf2Diagnostics, kf2Summary } from './summary';
import { capeScene, keyframeChunk, IDENTITY_ROWS, Kf2Writer, nodeChunk } from './testing/kf2-builder';

/** Little-endian uint32 bytes. */
function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
}

/** A Mesh version 2 holding a Reference To Data naming "ab", written byte by byte from the issue. */
function handMadeMesh(outerSize = 19): Uint8Array {
  const reference = [0x0c, ...u32(0x0001001a), ...u32(0), ...u32(6), ...u32(2), 0x61, 0x62];
  return Uint8Array.from([0x0c, ...u32(0x00010005), ...u32(2), ...u32(outerSize), ...reference]);
}

function thrown(read: () => unknown): CodecError {
  try {
    read();
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('KF2 plain layout (issue 15)', () => {
  it('reads each primitive as the issue defines it, little-endian and untagged', () => {
    const bytes = Uint8Array.from([
      ...u32(0xfffffffe), // M_Int −2
      ...u32(0xfffffffe), // M_Unsigned_Int 4294967294
      0x00,
      0x00,
      0xc0,
      0x3f, // M_Float 1.5
      0x02, // M_Bool true
      ...u32(3),
      0x63,
      0x61,
      0x70, // M_String "cap"
      ...[1, 2, 3].flatMap((value) => Array.from(new Uint8Array(Float32Array.of(value).buffer))),
      0xc8, // M_Unsigned_Char 200
    ]);
    const cursor = new Kf2Cursor(bytes);
    expect(cursor.layout).toBe('plain');
    expect(cursor.integer('int')).toBe(-2);
    expect(cursor.unsigned('uint')).toBe(4294967294);
    expect(cursor.float('float')).toBe(1.5);
    expect(cursor.bool('bool')).toBe(true);
    expect(cursor.string('string')).toBe('cap');
    const vector = new Float32Array(3);
    cursor.vector3('vector', vector, 0);
    expect(Array.from(vector)).toEqual([1, 2, 3]);
    expect(cursor.unsignedChar('char')).toBe(200);
    expect(cursor.remaining).toBe(0);
    expect(() => cursor.integer('past the end')).toThrow(
      /truncated at past the end \(byte 33\): needs 4 bytes, 0 left/,
    );
  });

  it('takes a chunk size as the bytes of its data, after the 13-byte header', () => {
    const file = readKf2(handMadeMesh());
    expect(file).toMatchObject({ layout: 'plain', meshes: [{ version: 2, reference: 'ab' }] });
    // Counting the header (the tools' habit) is refused in the plain layout, and the tagged one reads no
    // untagged string either: the plain error is the one thrown.
    expect(() => readKf2(handMadeMesh(32))).toThrow(
      /^KF2 truncated at chunks\[0\]\.size \(byte 9\): chunk 0x00010005 of 32 bytes of data does not end within its 32/,
    );
    expect(() => readKf2(handMadeMesh(18))).toThrow(/truncated at chunks\[0\]\(Mesh\)\.sub_chunk@13\.size \(byte 22\)/);
  });

  it('reads M_Unsigned_Int above 2³¹ as unsigned', () => {
    const writer = new Kf2Writer();
    keyframeChunk(writer, 5, 'bone', 30, [[0x80000001, IDENTITY_ROWS]]);
    expect(readKf2(writer.done()).animations[0]!.frames).toEqual([0x80000001]);
  });
});

describe('KF2 tagged layout (the fallback)', () => {
  const plain = capeScene();

  it('reads a tagged file only after the plain layout refuses it, to the same content', () => {
    for (const dataSize of [false, true]) {
      const tagged = capeScene(5, { layout: 'tagged', dataSize });
      expect(() => readKf2Layout(tagged, 'plain')).toThrow(CodecError);
      const file = readKf2(tagged);
      expect(file.layout).toBe('tagged');
      // The same content; only the chunks' offsets differ (the tagged values take other byte counts).
      const withoutOffsets = (read: typeof file) => ({
        ...read,
        layout: undefined,
        chunks: read.chunks.map((chunk) => ({ ...chunk, offset: 0 })),
      });
      expect(withoutOffsets(file)).toEqual(withoutOffsets(readKf2(plain)));
      expect(kf2Summary(file).layout).toBe('tagged');
      expect(kf2Diagnostics(file).map((finding) => finding.code)).toContain('kf2.tagged-layout');
      expect(kf2ToMrf(file).warnings).toContain(KF2_TAGGED_LAYOUT_NOTE);
    }
    expect(() => readKf2Layout(plain, 'tagged')).toThrow(CodecError);
    expect(kf2Diagnostics(readKf2(plain)).map((finding) => finding.code)).not.toContain('kf2.tagged-layout');
    expect(kf2ToMrf(readKf2(plain)).warnings).not.toContain(KF2_TAGGED_LAYOUT_NOTE);
  });

  it('bakes a tagged file to the very positions of the plain one, every animation version', () => {
    for (const version of [0, 3, 5]) {
      const fromPlain = kf2ToMrf(readKf2(capeScene(version))).mrf;
      const fromTagged = kf2ToMrf(readKf2(capeScene(version, { layout: 'tagged' }))).mrf;
      expect(fromTagged.keyframes.map((keyframe) => Array.from(keyframe))).toEqual(
        fromPlain.keyframes.map((keyframe) => Array.from(keyframe)),
      );
      expect(Array.from(fromTagged.faces)).toEqual(Array.from(fromPlain.faces));
      expect(Array.from(fromTagged.uvs)).toEqual(Array.from(fromPlain.uvs));
    }
  });

  it('reports the plain error, naming chunk, field and offset, when neither layout reads a file', () => {
    // A tagged file with an integer where the Node's name should be: the tagged layout says so at
    // byte 26, but the error thrown is the plain layout's (the header-counting size overruns).
    const bytes = new Kf2Writer('tagged')
      .chunk(0x00010005, 2, (mesh) => mesh.chunk(0x00010000, 1, (node) => node.int(3)))
      .done();
    const taggedError = thrown(() => readKf2Layout(bytes, 'tagged'));
    expect(taggedError.message).toMatch(/invalid at .*object_name \(byte 26\): type tag 0x14 where a string/);
    const plainError = thrown(() => readKf2Layout(bytes, 'plain'));
    expect(plainError.message).toMatch(/^KF2 truncated at chunks\[0\]\.size \(byte 9\)/);
    expect(thrown(() => readKf2(bytes)).message).toBe(plainError.message);
    // A plain file cut short: the plain error too, though the tagged reading fails elsewhere.
    const cut = new Kf2Writer()
      .chunk(0x00010005, 2, (mesh) => nodeChunk(mesh, 'sail'))
      .done()
      .subarray(0, 40);
    expect(thrown(() => readKf2(cut)).message).toBe(thrown(() => readKf2Layout(cut, 'plain')).message);
    expect(thrown(() => readKf2(cut)).message).not.toBe(thrown(() => readKf2Layout(cut, 'tagged')).message);
  });
});
