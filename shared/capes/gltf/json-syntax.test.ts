import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from './json-syntax';

describe('jsonSyntaxError', () => {
  it('finds nothing wrong in any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        expect(jsonSyntaxError(JSON.stringify(value, null, pretty ? 2 : undefined))).toBeNull();
      }),
    );
  });

  it.each([
    ['{"a": 1,}', 8, "expected a property name in double quotes, found '}'"],
    ['{"a" 1}', 5, "expected ':' after the property name, found '1'"],
    ['[1 2]', 3, "expected ',' or ']', found '2'"],
    ['{"a": tru}', 6, "expected a value, found 't'"],
    ['{"a": 01}', 7, "expected ',' or '}', found '1'"],
    ['["a\u0001"]', 3, 'a control character (U+0001) inside a string'],
    ['["\\x"]', 2, 'an unknown escape \\x'],
    ['{"a": [1, 2', 11, 'the text ends inside the JSON'],
    ['{"a": "b', 8, 'the text ends inside a string'],
    ['{} x', 3, 'there is more text after the JSON value'],
    ['', 0, 'the text ends inside the JSON'],
  ])('%j: position %i, %s', (text, position, reason) => {
    expect(JSON.parse.bind(null, text)).toThrow();
    expect(jsonSyntaxError(text)).toEqual({ position, reason });
  });

  it('survives deep nesting without recursion', () => {
    expect(jsonSyntaxError('['.repeat(200_000))).toEqual({
      position: 200_000,
      reason: 'the text ends inside the JSON',
    });
  });
});
