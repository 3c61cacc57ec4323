/**
 * The normalization the reader-agreement tests share for what MDL itself cannot say
 * (FORMAT_NORMALIZATIONS.nodeKindBits): a node's kind bits are compared as its list, and nothing else
 * of its flags is let through.
 */
import { describe, expect, it } from 'vitest';
import { differences, NODE_KIND_BITS, withoutNodeKindBits, type Loose } from './testing/reader-agreement';

/** A parse with one helper and one light of the given flags. */
function parse(helperFlags: number, lightFlags: number): Loose {
  return { helpers: [{ name: 'Bone_Root', flags: helperFlags }], lights: [{ name: 'Light', flags: lightFlags }] };
}

/** The differences of two parses after the normalization. */
function compared(left: Loose, right: Loose): string[] {
  for (const plain of [left, right]) withoutNodeKindBits(plain, ['helpers', 'lights'], 'flags');
  return differences(left, right);
}

describe('nodeKindBits', () => {
  it('compares a Helper carrying the bone bit, or a Light without its bit, as its block says', () => {
    expect(differences(parse(0x100, 0), parse(0, 0x200))).not.toEqual([]);
    expect(compared(parse(0x100, 0), parse(0, 0x200))).toEqual([]);
  });

  it('keeps every other bit of the flags: billboarding, inheritance, bits no keyword names', () => {
    expect(compared(parse(0x108, 0x200), parse(0x100, 0x200))).toEqual(['.helpers[0].flags: 8 ≠ 0']);
    expect(compared(parse(0, 0x80000200), parse(0, 0x200))).toEqual(['.lights[0].flags: 2147483648 ≠ 0']);
    expect(NODE_KIND_BITS).toBe(0x100 | 0x200 | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000);
  });
});
