import { describe, expect, it } from 'vitest';
import type { Validator } from './contract';
import {
  HostError,
  fromWire,
  isOperationName,
  operationArguments,
  operationNames,
  toWireError,
  validateArguments,
} from './contract';

const identity = { path: '/tmp/a.mdx', size: 3, mtimeMs: 1, sha256: 'a'.repeat(64) };

describe('host contract validation', () => {
  it('declares a validator per argument for every operation, none of which lets anything through', () => {
    expect(operationNames.length).toBeGreaterThan(20);
    for (const name of operationNames) {
      expect(typeof operationArguments[name]).toBe('object');
      for (const [argument, validator] of Object.entries(operationArguments[name]) as [string, Validator<unknown>][]) {
        for (const value of [undefined, Symbol('not an argument')])
          expect(() => validator(value, argument), `${name}.${argument}`).toThrow(HostError);
      }
    }
  });

  it('accepts well-formed arguments and returns them', () => {
    const bytes = new ArrayBuffer(3);
    expect(validateArguments('saveFile', { path: '/x/a.mdx', bytes, expected: identity, force: false })).toEqual({
      path: '/x/a.mdx',
      bytes,
      expected: identity,
      force: false,
    });
    expect(validateArguments('getStartup', undefined)).toEqual({});
    expect(validateArguments('listDirectory', { path: null })).toEqual({ path: null });
  });

  it.each([
    ['openFile', { path: 5 }, /"path" must be a string/],
    ['openFile', { path: '' }, /non-empty/],
    ['openFile', { path: 'a\u0000b' }, /control characters/],
    ['openFile', {}, /missing argument "path"/],
    ['openFile', { path: '/a', extra: 1 }, /unknown argument "extra"/],
    ['openFile', [], /must be an object/],
    ['saveFile', { path: '/a', bytes: [1, 2], expected: null, force: false }, /ArrayBuffer/],
    [
      'saveFile',
      { path: '/a', bytes: new ArrayBuffer(1), expected: { ...identity, sha256: 'x' }, force: false },
      /SHA-256/,
    ],
    [
      'saveFile',
      { path: '/a', bytes: new ArrayBuffer(1), expected: { ...identity, extra: 1 }, force: false },
      /exactly/,
    ],
    ['readGamePath', { gamePath: '..\\secret.txt', kind: 'any' }, /without "\.\."/],
    ['readGamePath', { gamePath: 'C:\\Windows\\win.ini', kind: 'any' }, /relative game path/],
    ['readGamePath', { gamePath: 'a.mrf', kind: 'everything' }, /one of/],
    ['listDataFiles', { kind: 'any', prefix: '', limit: 0 }, /integer from 1/],
    ['setSessionValue', { key: '__proto__', value: 1 }, /dotted words/],
    ['setSessionValue', { key: 'a.b', value: Number.NaN }, /non-finite/],
    [
      'writeRecovery',
      { id: '../x', documentPath: null, displayName: 'x', bytes: new ArrayBuffer(0) },
      /lower-case letters/,
    ],
  ] as const)('refuses %s with %j', (name, args, message) => {
    expect(() => validateArguments(name, args)).toThrow(message);
    try {
      validateArguments(name, args);
    } catch (error) {
      expect(error).toBeInstanceOf(HostError);
      expect((error as HostError).code).toBe('invalid-argument');
    }
  });

  it('does not treat Object.prototype members as operations', () => {
    expect(isOperationName('toString')).toBe(false);
    expect(isOperationName('__proto__')).toBe(false);
    expect(isOperationName('openFile')).toBe(true);
  });

  it('round-trips errors through the wire shape', () => {
    const wire = toWireError(new HostError('denied', 'outside the granted roots', '/etc/passwd'));
    expect(() => fromWire(wire, 'openFile')).toThrow(HostError);
    try {
      fromWire(wire, 'openFile');
    } catch (error) {
      expect((error as HostError).code).toBe('denied');
      expect((error as HostError).path).toBe('/etc/passwd');
    }
    expect(fromWire({ ok: true, value: 3 }, 'x')).toBe(3);
    expect(() => fromWire({ nonsense: true }, 'x')).toThrow(/malformed reply/);
  });
});
