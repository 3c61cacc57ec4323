/**
 * Numeric input during a grab (Blender's): the typed text and its value in the timeline's unit.
 */
import { describe, expect, it } from 'vitest';
import { typedMs, typeNumeric } from './numeric-input';

const type = (chords: string[]) => chords.reduce<string>((text, chord) => typeNumeric(text, chord) ?? text, '');

describe('numeric input', () => {
  it('builds a number from digits, one point, a sign toggled by minus, Backspace', () => {
    expect(type(['1', '5', 'numpad0', '0'])).toBe('1500');
    expect(type(['period', '5', 'period', '2'])).toBe('0.52');
    expect(type(['2', 'minus', '5'])).toBe('-25');
    expect(type(['2', 'minus', 'minus'])).toBe('2');
    expect(type(['1', '2', 'backspace'])).toBe('1');
    expect(typeNumeric('12', 'g')).toBeNull();
    expect(typeNumeric('12', 'enter')).toBeNull();
  });

  it('reads the text in the timeline unit, whole ms; nothing typed is NaN', () => {
    expect(typedMs('1500', 'ms', 1000 / 30)).toBe(1500);
    expect(typedMs('-1.5', 'seconds', 1000 / 30)).toBe(-1500);
    expect(typedMs('12', 'frames', 1000 / 30)).toBe(400);
    expect(typedMs('1.', 'ms', 1)).toBe(1);
    expect(typedMs('', 'ms', 1)).toBeNaN();
    expect(typedMs('-', 'ms', 1)).toBeNaN();
  });
});
