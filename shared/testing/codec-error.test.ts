import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { codecError } from './codec-error';

describe('codecError (test helper)', () => {
  const refusal = new CodecError({ format: 'mrf', kind: 'truncated', where: 'header', offset: 0, detail: 'ends early' });

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
