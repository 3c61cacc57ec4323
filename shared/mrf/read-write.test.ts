import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { cloneMrf, createMrf, setMrfTexturePath } from './create';
import { MRF_HEADER_OFFSET, MRF_MAX_KEYFRAME_COUNT } from './layout';
import { readMrf } from './read';
import { assembleMrf, gridMrf } from './testing/fixtures';
import { writeMrf } from './write';

describe('readMrf', () => {
  it('reads the header fields, including initialTime at 36 and debugFlag at 40', () => {
    const bytes = assembleMrf({ base: gridMrf({ frameInterval: 0.05 }), initialTime: -0.5, debugFlag: 7 });
    const file = readMrf(bytes);
    expect(file.header).toMatchObject({
      magic: 'Morf',
      keyframeCount: 4,
      vertexCount: 6,
      cornerCount: 12,
      debugFlag: 7,
    });
    expect(file.header.frameInterval).toBe(Math.fround(0.05));
    expect(file.header.initialTime).toBe(-0.5);
    expect(file.header.pivot).toEqual([1, 2, 3]);
    expect(file.header.boundsRadius).toBe(42);
    expect(file.texturePath).toBe('Textures\\Cape');
    expect(file.faces.length).toBe(12);
    expect(file.uvs.length).toBe(12);
    expect(file.keyframes).toHaveLength(4);
    expect(Array.from(file.keyframes[2]!.subarray(0, 6))).toEqual([2, 4, -0, 0, -1, 0]);
  });

  it('returns zero-copy views over the file bytes for aligned chunks', () => {
    const bytes = assembleMrf();
    const file = readMrf(bytes);
    expect(file.keyframes[0]!.buffer).toBe(bytes.buffer);
    expect(file.uvs.buffer).toBe(bytes.buffer);
    expect(file.faces.buffer).toBe(bytes.buffer);
  });

  it('copies misaligned chunks instead of failing', () => {
    const bytes = assembleMrf({ alignment: 1, textureBytes: 'abc.blp' });
    const file = readMrf(bytes);
    expect(file.layout!.uvsOffset % 4).not.toBe(0);
    expect(Array.from(file.uvs)).toEqual(Array.from(gridMrf().uvs));
    expect(Array.from(file.keyframes[3]!)).toEqual(Array.from(gridMrf().keyframes[3]!));
  });

  it('follows the offset table when chunks are out of order', () => {
    const bytes = assembleMrf({ order: ['keyframes', 'uvs', 'faces', 'texture'] });
    const file = readMrf(bytes);
    expect(file.texturePath).toBe('Textures\\Cape');
    expect(Array.from(file.faces)).toEqual(Array.from(gridMrf().faces));
    expect(Array.from(file.keyframes[1]!)).toEqual(Array.from(gridMrf().keyframes[1]!));
  });

  it('reads the texture path up to the first dot or NUL, keeping the raw chunk bytes', () => {
    expect(readMrf(assembleMrf({ textureBytes: 'A\\B.blp\0junk' })).texturePath).toBe('A\\B');
    expect(readMrf(assembleMrf({ textureBytes: 'A\\B\0.blp' })).texturePath).toBe('A\\B');
    const file = readMrf(assembleMrf({ textureBytes: 'A\\B.blp\0junk' }));
    expect(new TextDecoder().decode(file.textureBytes).startsWith('A\\B.blp\0junk')).toBe(true);
  });

  it('ends an unterminated texture path at the next chunk', () => {
    const file = readMrf(assembleMrf({ textureBytes: 'ABCDEFGHIJKLMNOP' }));
    expect(file.texturePath).toBe('ABCDEFGHIJKLMNOP');
  });

  it('tells truncated input from invalid input, naming field and offset', () => {
    const empty = codecError(() => readMrf(new Uint8Array(0)));
    expect(empty).toMatchObject({ format: 'mrf', kind: 'truncated', where: 'header', offset: 0 });
    const bytes = assembleMrf();
    const cut = codecError(() => readMrf(bytes.subarray(0, bytes.length - 20)));
    expect(cut).toMatchObject({ kind: 'truncated', where: 'keyframes[3]' });
    expect(cut.message).toMatch(/MRF truncated at keyframes\[3\] \(byte \d+\)/);
  });

  it('refuses a header claiming four billion keyframes without allocating for them', () => {
    const bytes = assembleMrf();
    new DataView(bytes.buffer).setUint32(MRF_HEADER_OFFSET.keyframeCount, 0xffff_fff0, true);
    expect(codecError(() => readMrf(bytes))).toMatchObject({ kind: 'limit', where: 'header.keyframeCount' });
    new DataView(bytes.buffer).setUint32(MRF_HEADER_OFFSET.keyframeCount, MRF_MAX_KEYFRAME_COUNT, true);
    expect(codecError(() => readMrf(bytes))).toMatchObject({ kind: 'truncated', where: 'offsetTable' });
  });

  it('refuses hostile vertex and corner counts and offsets past the end', () => {
    expect(codecError(() => readMrf(assembleMrf({ vertexCount: 0xffffffff })))).toMatchObject({
      kind: 'truncated',
      where: 'uvs',
    });
    expect(codecError(() => readMrf(assembleMrf({ cornerCount: 0x7fffffff })))).toMatchObject({
      kind: 'truncated',
      where: 'faces',
    });
    const past = codecError(() => readMrf(assembleMrf({ offsetOverrides: { keyframes: { 2: 0xfffffff0 } } })));
    expect(past).toMatchObject({ kind: 'truncated', where: 'keyframes[2]', offset: 0xfffffff0 });
    expect(past.detail).toMatch(/past the end/);
    const texturePast = codecError(() => readMrf(assembleMrf({ offsetOverrides: { texture: 1 << 30 } })));
    expect(texturePast).toMatchObject({ kind: 'truncated', where: 'texture', offset: 1 << 30 });
    expect(texturePast.detail).toMatch(/past the end/);
  });
});

describe('writeMrf', () => {
  it('round-trips a canonical file byte for byte, ignored header bytes and texture tail included', () => {
    const ignored = Uint8Array.from({ length: 20 }, (_, index) => index * 13 + 1);
    const original = assembleMrf({
      ignoredHeaderBytes: ignored,
      textureBytes: 'Tex\\Cape.blp\0\0\0XYZW',
      debugFlag: 3,
      initialTime: 0.25,
    });
    expect(writeMrf(readMrf(original))).toEqual(original);
  });

  it('keeps stray non-zero padding bytes after the offset table, faces, UVs and keyframes', () => {
    const base = gridMrf({ columns: 3, rows: 3, keyframeCount: 3 });
    const bytes = assembleMrf({ base, faces: base.faces.subarray(0, 18) });
    const layout = readMrf(bytes).layout!;
    const tableEnd = 64 + (4 + 3) * 4;
    const strays = [
      tableEnd + 1,
      layout.facesOffset + 18 * 2 + 3,
      layout.uvsOffset + 9 * 8 + 2,
      layout.keyframeOffsets[1]! + 9 * 24 + 5,
    ];
    for (const offset of strays) bytes[offset] = 0xde;
    const file = readMrf(bytes);
    expect([...file.padding!.keys()]).toEqual(['offsetTable', 'faces', 'uvs', 'keyframes[1]']);
    expect(writeMrf(file)).toEqual(bytes);
    file.uvs = file.uvs.subarray(0, 16);
    file.keyframes = file.keyframes.map((keyframe) => keyframe.subarray(0, 8 * 6));
    const resized = writeMrf(file);
    expect(readMrf(resized).padding!.size).toBe(2);
  });

  it('keeps NaN bit patterns in the header and keyframes', () => {
    const base = gridMrf();
    const bytes = assembleMrf({ base });
    const view = new DataView(bytes.buffer);
    view.setUint32(MRF_HEADER_OFFSET.frameInterval, 0x7fa00001, true);
    const file = readMrf(bytes);
    new DataView(file.keyframes[1]!.buffer, file.keyframes[1]!.byteOffset).setUint32(8, 0xffc12345, true);
    expect(writeMrf(file)).toEqual(bytes);
  });

  it('rewrites a non-canonical file in the canonical layout with the same content', () => {
    const scrambled = assembleMrf({ order: ['uvs', 'keyframes', 'texture', 'faces'], alignment: 4, trailing: 33 });
    const canonical = assembleMrf();
    expect(scrambled).not.toEqual(canonical);
    expect(writeMrf(readMrf(scrambled))).toEqual(canonical);
  });

  it('keeps the bytes between the texture path and the next chunk, as the texture chunk', () => {
    const file = readMrf(writeMrf(readMrf(assembleMrf({ gap: 8, textureBytes: 'T.blp' }))));
    expect(file.texturePath).toBe('T');
    expect(Array.from(file.textureBytes.subarray(0, 16))).toEqual(
      [...'T.blp'].map((char) => char.charCodeAt(0)).concat(Array(3).fill(0), Array(8).fill(0xee)),
    );
  });

  it('writes header edits and derives counts from the arrays', () => {
    const file = cloneMrf(readMrf(assembleMrf()));
    file.header.initialTime = 1.5;
    file.header.debugFlag = 9;
    file.keyframes.pop();
    const again = readMrf(writeMrf(file));
    expect(again.header).toMatchObject({ initialTime: 1.5, debugFlag: 9, keyframeCount: 3 });
  });

  it('stores a new texture path whole and reports it as the engine reads it', () => {
    const file = gridMrf();
    setMrfTexturePath(file, 'Textures\\Other.tga');
    expect(file.texturePath).toBe('Textures\\Other');
    const again = readMrf(writeMrf(file));
    expect(again.texturePath).toBe('Textures\\Other');
    expect(new TextDecoder().decode(again.textureBytes)).toMatch(/^Textures\\Other\.tga\0/);
  });

  it('writes a terminator after a texture path that has none', () => {
    const file = createMrf({
      texturePath: 'NoDot',
      faces: new Uint16Array(0),
      uvs: new Float32Array(0),
      keyframes: [],
    });
    const bytes = writeMrf(file);
    expect(readMrf(bytes).texturePath).toBe('NoDot');
    expect(readMrf(bytes).textureBytes[5]).toBe(0);
  });

  it('pads every chunk to 16 bytes', () => {
    const file = readMrf(writeMrf(gridMrf({ columns: 3, rows: 3, keyframeCount: 3 })));
    const layout = file.layout!;
    for (const offset of [layout.textureOffset, layout.facesOffset, layout.uvsOffset, ...layout.keyframeOffsets])
      expect(offset % 16).toBe(0);
    expect(layout.fileByteLength % 16).toBe(0);
  });

  it('throws a CodecError for a keyframe of the wrong size', () => {
    const file = gridMrf();
    file.keyframes[1] = new Float32Array(5);
    expect(codecError(() => writeMrf(file))).toMatchObject({ kind: 'invalid', where: 'keyframes[1]' });
  });
});
