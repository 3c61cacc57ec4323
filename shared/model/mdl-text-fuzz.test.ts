/**
 * Damaged MDL text: every mutation or truncation of a model either reads (and then writes back
 * unchanged, walks fully, reads into the typed model and takes an edit) or throws CodecError — never another error,
 * never a hang.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { readMdlText, writeMdl } from '../mdl/mdl-text';
import { encodeMdlText } from '../mdl/text';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import type { MdlStatement } from '../mdl/tree';
import { mdlTypedModel } from './mdl-model';
import { mdlEventObjects } from './mdl-parts';
import { setEventFrames } from './mdl/edit-events';

const readMdl = readMdlText;

/** A small deterministic generator (the same cases on every run). */
function generator(seed: number): (limit: number) => number {
  let state = seed >>> 0;
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % Math.max(1, limit);
  };
}

const SPECIAL_BYTES = encodeMdlText('{}",:/*\n\r\t 0-.eEx"');

function mutate(bytes: Uint8Array, random: (limit: number) => number): Uint8Array {
  const at = random(bytes.length + 1);
  switch (random(5)) {
    case 0: {
      const copy = bytes.slice();
      if (copy.length > 0) copy[Math.min(at, copy.length - 1)] = random(256);
      return copy;
    }
    case 1: {
      const inserted = SPECIAL_BYTES[random(SPECIAL_BYTES.length)]!;
      return new Uint8Array([...bytes.subarray(0, at), inserted, ...bytes.subarray(at)]);
    }
    case 2:
      return new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(Math.min(bytes.length, at + 1 + random(40)))]);
    case 3: {
      const from = random(bytes.length);
      return new Uint8Array([
        ...bytes.subarray(0, at),
        ...bytes.subarray(from, from + random(60)),
        ...bytes.subarray(at),
      ]);
    }
    default:
      return bytes.subarray(0, at);
  }
}

/** Touches every lazily built part of the tree. */
function walk(statements: readonly MdlStatement[]): number {
  let count = 0;
  for (const statement of statements) {
    count += 1 + walk(statement.children);
    void statement.label;
  }
  return count;
}

describe('MDL fuzzing', () => {
  it('reads or refuses with CodecError every mutated and truncated model', () => {
    const original = encodeMdlText(FIXTURE_MDL);
    const random = generator(20_260_404);
    const outcomes = { read: 0, refused: 0 };
    for (let round = 0; round < 1000; round += 1) {
      let bytes: Uint8Array = original;
      const mutations = 1 + random(4);
      for (let step = 0; step < mutations; step += 1) bytes = mutate(bytes, random);
      try {
        const model = readMdl(bytes);
        outcomes.read += 1;
        expect(writeMdl(model)).toBe(bytes);
        walk(model.statements);
        mdlTypedModel(model);
        const event = mdlEventObjects(model)[0];
        if (event !== undefined) {
          const edited = setEventFrames(model, event, [1, 2, 3]);
          expect(Array.from(mdlEventObjects(edited)[0]!.value.keys!.frames)).toEqual([1, 2, 3]);
        }
      } catch (error) {
        if (!(error instanceof CodecError))
          throw new Error(`round ${round}: ${String(error)}\n${JSON.stringify(String.fromCharCode(...bytes))}`);
        expect(error.format).toBe('mdl');
        expect(error.offset).toBeGreaterThanOrEqual(0);
        expect(error.offset).toBeLessThanOrEqual(bytes.length);
        expect(error.detail).toMatch(/\(line \d+, column \d+\)$/);
        outcomes.refused += 1;
      }
    }
    // Both outcomes happen: the fuzzing reaches the reader's checks, not only the scanner's.
    expect(outcomes.read).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  });

  it('refuses random bytes and random text', () => {
    const random = generator(99);
    for (let round = 0; round < 300; round += 1) {
      const length = random(200);
      const binary = new Uint8Array(length).map(() => random(256));
      const text = new Uint8Array(length).map(
        () => SPECIAL_BYTES[random(SPECIAL_BYTES.length)]! | (random(3) === 0 ? 0x40 : 0),
      );
      // An empty text is an (empty) fragment; anything else here is no MDL model.
      for (const bytes of length === 0 ? [] : [binary, text]) {
        expect(() => readMdl(bytes), JSON.stringify(String.fromCharCode(...bytes))).toThrow(CodecError);
      }
    }
  });
});
