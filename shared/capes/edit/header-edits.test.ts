import { describe, expect, it } from 'vitest';
import { readMrf, writeMrf } from '../../mrf';
import { MRF_HEADER_OFFSET } from '../../mrf/layout';
import { assembleMrf, gridMrf } from '../../mrf/testing/fixtures';
import { CapeEditError, recomputeCapeBounds, setCapeFps, setCapeHeader, setCapeTexturePath } from './index';

/** A cape as read from bytes whose 20 ignored header bytes are not zero. */
function readCape() {
  const ignoredHeaderBytes = new Uint8Array(20).map((_value, index) => 0xa0 + index);
  const bytes = assembleMrf({ ignoredHeaderBytes, debugFlag: 7 });
  return { bytes, file: readMrf(bytes) };
}

/** Byte offsets where two equally long byte arrays differ. */
function differences(a: Uint8Array, b: Uint8Array): number[] {
  expect(b.length).toBe(a.length);
  const found: number[] = [];
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) found.push(index);
  return found;
}

describe('cape header edits', () => {
  it('changes only the edited field’s bytes on write, the ignored header bytes kept', () => {
    const { bytes, file } = readCape();
    expect(writeMrf(file)).toEqual(bytes);
    const edited = setCapeHeader(file, { initialTime: -1.5 });
    const written = writeMrf(edited);
    const at = MRF_HEADER_OFFSET.initialTime;
    expect(differences(bytes, written).every((offset) => offset >= at && offset < at + 4)).toBe(true);
    expect(new DataView(written.buffer).getFloat32(at, true)).toBe(-1.5);
    expect(file.header.initialTime).toBe(0); // the given file is untouched
    expect(edited.keyframes).toBe(file.keyframes);
    expect(edited.faces).toBe(file.faces);
  });

  it('sets the interval from fps, the pivot, the radius and the debug flag', () => {
    const { file } = readCape();
    const edited = setCapeHeader(setCapeFps(file, 4), { pivot: [1, -2, 3.5], boundsRadius: 9, debugFlag: 0 });
    const back = readMrf(writeMrf(edited));
    expect(back.header.frameInterval).toBe(0.25);
    expect(back.header.pivot).toEqual([1, -2, 3.5]);
    expect(back.header.boundsRadius).toBe(9);
    expect(back.header.debugFlag).toBe(0);
  });

  it('returns the same file when nothing changes (no undo step), comparing as float32', () => {
    const { file } = readCape();
    expect(setCapeHeader(file, { frameInterval: file.header.frameInterval, debugFlag: 7 })).toBe(file);
    // 0.1 is stored as float32 0.100000001…: typing 0.1 again is no change.
    expect(setCapeHeader(file, { frameInterval: 0.1 })).toBe(file);
    expect(setCapeHeader(file, { pivot: [...file.header.pivot] })).toBe(file);
  });

  it('refuses a debug flag that is not a uint32 and an fps that is not positive', () => {
    const { file } = readCape();
    expect(() => setCapeHeader(file, { debugFlag: -1 })).toThrow(CapeEditError);
    expect(() => setCapeHeader(file, { debugFlag: 1.5 })).toThrow(/whole number from 0 to 4294967295/);
    expect(() => setCapeFps(file, 0)).toThrow(/positive/);
    expect(() => setCapeFps(file, Number.NaN)).toThrow(CapeEditError);
  });

  it('sets the texture path; the same path as the game reads it keeps the chunk’s bytes', () => {
    const { bytes, file } = readCape();
    expect(file.texturePath).toBe('Textures\\Cape');
    expect(setCapeTexturePath(file, 'Textures\\Cape.blp')).toBe(file);
    const edited = setCapeTexturePath(file, 'Textures\\Other.blp');
    expect(edited.texturePath).toBe('Textures\\Other');
    const back = readMrf(writeMrf(edited));
    expect(back.texturePath).toBe('Textures\\Other');
    expect(back.faces).toEqual(file.faces);
    expect(back.uvs).toEqual(file.uvs);
    expect(back.headerBytes.subarray(44)).toEqual(bytes.subarray(44, 64));
    expect(() => setCapeTexturePath(file, 'Textures\\Caf\u00e9\u20ac')).toThrow(/latin1 only/);
  });

  it('recomputes the pivot and radius from every keyframe', () => {
    // The grid (3 × 2, 4 keyframes): x from 0 to 20 + 3, y from 0 to 6, z from −10 to 0.
    const edited = recomputeCapeBounds(gridMrf());
    expect(edited.header.pivot).toEqual([11.5, 3, -5]);
    // The farthest corners are (0, 0, −10) and (23, 6, 0) etc.: √(11.5² + 3² + 5²) = √166.25.
    expect(edited.header.boundsRadius).toBeCloseTo(Math.sqrt(166.25), 6);
  });
});
