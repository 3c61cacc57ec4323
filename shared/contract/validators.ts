/**
 * Argument validator building blocks for the host contract (shared/contract/contract.ts declares each
 * operation's validators with them). Each throws HostError('invalid-argument') naming the argument.
 * Pure TypeScript.
 */
import { HostError } from './host-error';

/** Validates one argument; returns it typed or throws HostError('invalid-argument'). */
export type Validator<T> = (value: unknown, name: string) => T;

/** Throw for an argument that is not what it must be, naming what it got. */
export function invalid(name: string, expected: string, value: unknown): never {
  const got =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : value instanceof ArrayBuffer
          ? 'ArrayBuffer'
          : typeof value;
  throw new HostError('invalid-argument', `argument "${name}" must be ${expected} (got ${got})`);
}

/** A non-empty string of at most `max` characters without NUL or other control characters. */
export function text(max: number, allowEmpty = false): Validator<string> {
  return (value, name) => {
    if (typeof value !== 'string') return invalid(name, 'a string', value);
    if (!allowEmpty && value.length === 0) return invalid(name, 'a non-empty string', value);
    if (value.length > max)
      throw new HostError('invalid-argument', `argument "${name}" is longer than ${max} characters`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value))
      throw new HostError('invalid-argument', `argument "${name}" contains control characters`);
    return value;
  };
}

/** A boolean. */
export const bool: Validator<boolean> = (value, name) =>
  typeof value === 'boolean' ? value : invalid(name, 'a boolean', value);

/** An integer within [min, max]. */
export function integer(min: number, max: number): Validator<number> {
  return (value, name) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      return invalid(name, `an integer from ${min} to ${max}`, value);
    return value;
  };
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(choices: readonly T[]): Validator<T> {
  return (value, name) =>
    (choices as readonly unknown[]).includes(value)
      ? (value as T)
      : invalid(name, `one of ${choices.join(', ')}`, value);
}

/** The value or null. */
export function nullable<T>(inner: Validator<T>): Validator<T | null> {
  return (value, name) => (value === null ? null : inner(value, name));
}

/** An array of at most `max` items, each validated. */
export function arrayOf<T>(inner: Validator<T>, max: number): Validator<T[]> {
  return (value, name) => {
    if (!Array.isArray(value)) return invalid(name, 'an array', value);
    if (value.length > max) throw new HostError('invalid-argument', `argument "${name}" has more than ${max} items`);
    return value.map((item, index) => inner(item, `${name}[${index}]`));
  };
}
