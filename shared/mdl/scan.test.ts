import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { isControlByte } from './lexer';
import { releaseBraceTables, scanMdl } from './scan';
import { encodeMdlText } from './text';
import { FIXTURE_MDL } from './testing/fixtures';

/** Byte-by-byte reference of the scan: brace offsets, or the offset and kind of the refusal. */
function referenceScan(bytes: Uint8Array): { braces: number[] } | { kind: string; offset: number } {
  const braces: number[] = [];
  let depth = 0;
  let index = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length) {
    const code = bytes[index]!;
    if (code === 0x22) {
      const close = bytes.indexOf(0x22, index + 1);
      if (close < 0) return { kind: 'truncated', offset: index };
      index = close + 1;
    } else if (code === 0x2f && bytes[index + 1] === 0x2f) {
      while (index < bytes.length && bytes[index] !== 0x0a && bytes[index] !== 0x0d) index += 1;
    } else if (code === 0x2f && bytes[index + 1] === 0x2a) {
      let end = index + 2;
      while (end + 1 < bytes.length && !(bytes[end] === 0x2a && bytes[end + 1] === 0x2f)) end += 1;
      if (end + 1 >= bytes.length) return { kind: 'truncated', offset: index };
      index = end + 2;
    } else if (code === 0x7b || code === 0x7d) {
      if (code === 0x7d && depth === 0) return { kind: 'invalid', offset: index };
      depth += code === 0x7b ? 1 : -1;
      braces.push(index);
      index += 1;
    } else if (isControlByte(code)) {
      return { kind: 'invalid', offset: index };
    } else {
      index += 1;
    }
  }
  return depth > 0 ? { kind: 'truncated', offset: bytes.length } : { braces };
}

function actualScan(bytes: Uint8Array): { braces: number[] } | { kind: string; offset: number } {
  try {
    return { braces: [...scanMdl(bytes).braceOffsets] };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return { kind: error.kind, offset: error.offset };
  }
}

/** `bytes` copied to offset `shift` of a larger buffer, so the scan sees every word alignment. */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const buffer = new Uint8Array(bytes.length + 8);
  buffer.set(bytes, shift);
  return buffer.subarray(shift, shift + bytes.length);
}

describe('MDL structural scan', () => {
  it('agrees with a byte-by-byte reference at every word alignment', () => {
    let state = 12345;
    const random = (limit: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % limit;
    };
    const alphabet = encodeMdlText('{}{}""/*/\n\r\t ab,:1');
    const samples = [encodeMdlText(FIXTURE_MDL)];
    for (let round = 0; round < 400; round += 1) {
      const sample = new Uint8Array(random(80)).map(() =>
        random(20) === 0 ? random(256) : alphabet[random(alphabet.length)]!,
      );
      samples.push(sample);
    }
    for (const sample of samples) {
      const expected = referenceScan(sample);
      for (let shift = 0; shift < 4; shift += 1) expect(actualScan(shifted(sample, shift))).toEqual(expected);
    }
  });

  it('finds a special byte in each lane of a word, and control bytes only where they are', () => {
    for (let lane = 0; lane < 8; lane += 1) {
      for (const special of [0x7b, 0x22, 0x2f, 0x00, 0x08, 0x0e, 0x1f]) {
        const bytes = new Uint8Array(16).fill(0x61);
        bytes[lane] = special;
        expect(actualScan(bytes)).toEqual(referenceScan(bytes));
      }
    }
    const harmless = new Uint8Array([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x7f, 0x80, 0xff, 0x21, 0x7c, 0x7e]);
    expect(actualScan(harmless)).toEqual({ braces: [] });
  });

  it('records each brace with its partner', () => {
    const source = scanMdl(encodeMdlText('A { B { } "}" C { /* { */ } }'));
    expect([...source.braceOffsets]).toEqual([2, 6, 8, 16, 26, 28]);
    expect([...source.bracePartners]).toEqual([5, 2, 1, 4, 3, 0]);
  });

  it('fills tables a released source gave back, leaving the tables of sources still read alone', () => {
    const nested = (depth: number) => `${'Keyword_with_a_long_name_1234567890 { '.repeat(depth)}${'} '.repeat(depth)}`;
    const large = scanMdl(encodeMdlText(nested(400)));
    const kept = scanMdl(encodeMdlText(nested(300)));
    const keptPartners = [...kept.bracePartners];
    const given = [large.braceOffsets.buffer, large.bracePartners.buffer];
    releaseBraceTables(large);
    expect([large.braceCount, large.tables]).toEqual([0, false]);
    // The next scans take the large source's tables: each gets its own braces right, and `kept` keeps its own.
    for (const depth of [250, 200]) {
      const source = scanMdl(encodeMdlText(nested(depth)));
      expect(source.braceOffsets.buffer).toBe(given[0]);
      expect(source.bracePartners.buffer).toBe(given[1]);
      expect(source.braceCount).toBe(2 * depth);
      expect(source.bracePartners[0]).toBe(2 * depth - 1);
      expect(source.braceOffsets[2 * depth - 1]).toBe(38 * depth + 2 * (depth - 1));
      releaseBraceTables(source);
    }
    expect([...kept.bracePartners]).toEqual(keptPartners);
  });

  it('does not keep the tables of a very large text after its release (a 10 MB model’s are 4 MB)', () => {
    // 160 k braces: the partner table is 640 kB, over what a spare may hold.
    const braces = 80_000;
    const text = `${'A { '.repeat(braces)}${'} '.repeat(braces)}`;
    const huge = scanMdl(encodeMdlText(text));
    const given = huge.bracePartners.buffer;
    releaseBraceTables(huge);
    const next = scanMdl(encodeMdlText(text));
    expect(next.bracePartners.buffer).not.toBe(given);
    expect(next.braceCount).toBe(2 * braces);
    releaseBraceTables(next);
  });
});
