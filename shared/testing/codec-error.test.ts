import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { codecError, readOrRefuse } from './codec-error';

describe('codecError (test helper)', () => {
  const refusal = new CodecError({
    format: 'mrf',
    kind: 'truncated',
    where: 'header',
    offset: 0,
    detail: 'ends early',
  });

  it('returns the CodecError the action throws', () => {
    expect(
      codecError(() => {
        throw refusal;
      }),
    ).toBe(refusal);
  });

  it('throws any other error on, so a crash is never taken for a refusal', () => {
    const crash = new RangeError('offset out of bounds');
    expect(() =>
      codecError(() => {
        throw crash;
      }),
    ).toThrow(crash);
  });

  it('fails when the action returns, with the message given', () => {
    expect(() => codecError(() => 1)).toThrow('expected a CodecError');
    expect(() => codecError(() => 1, 'a 3-byte cut was read')).toThrow('a 3-byte cut was read');
  });
});

describe('readOrRefuse (fuzz helper)', () => {
  it("says 'read' when the task completes and 'refused' on a CodecError", () => {
    expect(readOrRefuse('round 1', () => undefined)).toBe('read');
    expect(
      readOrRefuse('round 2', () => {
        throw new CodecError({
          format: 'tga',
          kind: 'invalid',
          where: 'header.imageType',
          offset: 2,
          detail: 'unknown type',
        });
      }),
    ).toBe('refused');
  });

  it('throws any other error on, naming the case and keeping the original as its cause', () => {
    const crash = new TypeError('cannot read properties of undefined');
    let thrown: unknown;
    try {
      readOrRefuse('round 3 (a.blp)', () => {
        throw crash;
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('round 3 (a.blp): TypeError: cannot read properties of undefined');
    expect((thrown as Error).cause).toBe(crash);
  });
});
