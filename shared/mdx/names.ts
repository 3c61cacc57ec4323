/**
 * Fixed-size, NUL-padded name fields (char[80], char[260]): decoded as latin1 so every byte
 * survives, and re-encoded from the original bytes whenever the name did not change — so bytes
 * after the terminating NUL (which some exporters leave there) are kept.
 */
import { encodeLatin1, readLatin1Until0 } from '../binary/text';

/** Decodes a fixed-size name field up to its first NUL, one character per byte. */
export function decodeName(field: Uint8Array): string {
  return readLatin1Until0(field);
}

/**
 * Encodes `name` into a field of `size` bytes. When `original` decodes to the same name, a copy of
 * `original` is returned (its bytes after the NUL included). Throws RangeError when the name is
 * longer than the field or holds a character above U+00FF.
 */
export function encodeName(name: string, size: number, original?: Uint8Array): Uint8Array {
  if (original && original.byteLength === size && decodeName(original) === name) return original.slice();
  const encoded = encodeLatin1(name);
  if (encoded.byteLength > size) {
    throw new RangeError(`name ${JSON.stringify(name)} has ${encoded.byteLength} bytes; the field holds ${size}`);
  }
  if (encoded.includes(0)) throw new RangeError(`name ${JSON.stringify(name)} contains a NUL character`);
  const field = new Uint8Array(size);
  field.set(encoded);
  return field;
}
