/** A file's bytes as the host takes them, and their identity hash. */

/** Exactly the bytes of a view, as an ArrayBuffer to send (the view's own buffer when it spans all of it). */
export function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

/** Lower-case hex SHA-256 of bytes (the host's identity hash), to recognise our own writes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
