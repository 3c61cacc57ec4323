/**
 * Typed values during a modal operator (Blender's numeric input while grabbing: type `1500` and Enter moves by
 * exactly that). The text is built from key chords — digits (main row or keypad), one decimal point, `-` to negate,
 * Backspace to take the last character back — and read in the timeline's unit.
 */
import type { TimeUnit } from './timeline-view';

const DIGIT = /^(?:numpad)?(\d)$/;

/** The text after `chord` is typed onto `text`, or null when the chord is not part of a number (it goes elsewhere). */
export function typeNumeric(text: string, chord: string): string | null {
  const digit = DIGIT.exec(chord);
  if (digit) return text + digit[1];
  if (chord === 'period' || chord === 'numpad_period') return text.includes('.') ? text : `${text || '0'}.`;
  if (chord === 'minus' || chord === 'numpad_minus') return text.startsWith('-') ? text.slice(1) : `-${text}`;
  if (chord === 'backspace') return text.slice(0, -1);
  return null;
}

/** The typed value in ms (`frameStepMs`: one frame's length), rounded to whole ms; NaN while nothing is typed. */
export function typedMs(text: string, unit: TimeUnit, frameStepMs: number): number {
  const digits = text.replace(/^-/, '');
  if (!/\d/.test(digits)) return Number.NaN;
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  const scale = unit === 'seconds' ? 1000 : unit === 'frames' ? frameStepMs : 1;
  return Math.round(value * scale);
}

/** The unit's short name after a typed value (`1500 ms`, `12 frames`, `1.5 s`). */
export function typedUnitLabel(unit: TimeUnit): string {
  return unit === 'seconds' ? 's' : unit === 'frames' ? 'frames' : 'ms';
}
