/**
 * The validators of the host operations' argument values (contract.ts names one per argument): paths, game paths,
 * bytes, file identities, JSON session values and keys, recovery ids, dialog filters, render outputs. Each checks a
 * value from the other side of IPC or HTTP and returns it typed, or throws HostError `invalid-argument`.
 */
import type { DialogFilter, FileIdentity, JsonValue } from './contract-values';
import { HostError } from './host-error';
import { limits } from './contract-values';
import type { Validator } from './validators';
import { arrayOf, invalid, text } from './validators';

/** An operating-system file path (syntax only; confinement is checked by the host against its roots). */
export const filePath: Validator<string> = text(limits.pathLength);

/** A game path: relative, no drive, no `..` segment. */
export const gamePath: Validator<string> = (value, name) => {
  const path = text(1024)(value, name);
  if (/^[\\/]|^[a-zA-Z]:/.test(path) || path.split(/[\\/]/).some((part) => part === '..')) {
    throw new HostError(
      'invalid-argument',
      `argument "${name}" must be a relative game path without ".." (got "${path}")`,
    );
  }
  return path;
};

/** A game-path prefix for listings ('' for everything). */
export const gamePathPrefix: Validator<string> = (value, name) => (value === '' ? '' : gamePath(value, name));

/** An ArrayBuffer of at most limits.fileBytes. */
export const bytes: Validator<ArrayBuffer> = (value, name) => {
  if (!(value instanceof ArrayBuffer)) return invalid(name, 'an ArrayBuffer', value);
  if (value.byteLength > limits.fileBytes)
    throw new HostError('too-large', `argument "${name}" is larger than ${limits.fileBytes} bytes`);
  return value;
};

/** A FileIdentity as returned by openFile. */
export const fileIdentity: Validator<FileIdentity> = (value, name) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid(name, 'a file identity', value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort().join(',');
  if (keys !== 'mtimeMs,path,sha256,size')
    throw new HostError('invalid-argument', `argument "${name}" must have exactly path, size, mtimeMs, sha256`);
  const size = record.size;
  const mtimeMs = record.mtimeMs;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
    return invalid(`${name}.size`, 'a non-negative integer', size);
  if (typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs))
    return invalid(`${name}.mtimeMs`, 'a finite number', mtimeMs);
  const sha256 = record.sha256;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256))
    return invalid(`${name}.sha256`, 'a lower-case hex SHA-256', sha256);
  return { path: filePath(record.path, `${name}.path`), size, mtimeMs, sha256 };
};

/** A JSON value whose encoding is at most limits.sessionValueBytes. */
export const jsonValue: Validator<JsonValue> = (value, name) => {
  const check = (item: unknown, depth: number): void => {
    if (depth > 32) throw new HostError('invalid-argument', `argument "${name}" is nested too deeply`);
    if (item === null || typeof item === 'boolean' || typeof item === 'string') return;
    if (typeof item === 'number') {
      if (!Number.isFinite(item))
        throw new HostError('invalid-argument', `argument "${name}" holds a non-finite number`);
      return;
    }
    if (Array.isArray(item)) {
      for (const element of item) check(element, depth + 1);
      return;
    }
    if (typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      for (const element of Object.values(item)) check(element, depth + 1);
      return;
    }
    invalid(name, 'a JSON value', item);
  };
  check(value, 0);
  if (JSON.stringify(value).length > limits.sessionValueBytes)
    throw new HostError('too-large', `argument "${name}" is larger than ${limits.sessionValueBytes} bytes as JSON`);
  return value as JsonValue;
};

/** A session key: dotted words, e.g. 'layout.timelineHeight'. */
export const sessionKey: Validator<string> = (value, name) => {
  const key = text(128)(value, name);
  if (
    !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(key) ||
    key.split('.').some((part) => ['__proto__', 'prototype', 'constructor'].includes(part))
  )
    throw new HostError('invalid-argument', `argument "${name}" must be dotted words (got "${key}")`);
  return key;
};

/** A recovery id: lower-case letters, digits and dashes. */
export const recoveryId: Validator<string> = (value, name) => {
  const id = text(64)(value, name);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id))
    throw new HostError(
      'invalid-argument',
      `argument "${name}" must be lower-case letters, digits and dashes (got "${id}")`,
    );
  return id;
};

/** A dialog's file type: a plain object with a name and at most 16 extensions (letters and digits, or `*`). */
export const dialogFilter: Validator<DialogFilter> = (value, name) => {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return invalid(name, 'an object', value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.join() !== 'extensions,name') return invalid(name, 'an object with "name" and "extensions" only', value);
  const extensions = arrayOf(text(10), 16)(record.extensions, `${name}.extensions`);
  for (const extension of extensions)
    if (!/^(\*|[a-z0-9]+)$/.test(extension))
      throw new HostError(
        'invalid-argument',
        `argument "${name}.extensions" must be lower-case letters and digits or * (got "${extension}")`,
      );
  return { name: text(100)(record.name, `${name}.name`), extensions };
};

/** A render output's id (as beginRenderOutput gave it). */
export const renderOutputId: Validator<string> = (value, name) => {
  const id = text(64)(value, name);
  if (!/^[0-9a-f]{32}$/.test(id)) throw new HostError('invalid-argument', `argument "${name}" is not a render id`);
  return id;
};

/** The name of a file in a render's sequence folder ('' for a file output): letters, digits, space, _ . -. */
export const renderFileName: Validator<string> = (value, name) => {
  const file = text(128, true)(value, name);
  if (file !== '' && (!/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/.test(file) || file.endsWith('.') || file.endsWith(' ')))
    throw new HostError('invalid-argument', `argument "${name}" must be a plain file name (got "${file}")`);
  return file;
};
