/**
 * The browser shell's binary frame: how a value holding ArrayBuffers crosses HTTP without turning
 * bytes into JSON. Used by the renderer's web client and by the server. Pure TypeScript.
 *
 * Frame layout: uint32 little-endian header length, the UTF-8 JSON header
 * `{ value, buffers: [{ path, length }] }` (each ArrayBuffer replaced by null in `value`, its place
 * given by `path`), then the buffers' bytes one after another.
 * Values without ArrayBuffers travel as plain JSON (`application/json`).
 */

/** Content type of a binary frame. */
export const frameContentType = 'application/x-morf-frame';
/** Content type of a JSON body. */
export const jsonContentType = 'application/json';

const headerLengthBytes = 4;
/** Deepest nesting searched for buffers (results are shallow objects). */
const maxDepth = 6;
/** Largest JSON header accepted in a frame. */
const maxHeaderBytes = 16 * 1024 * 1024;

type Path = (string | number)[];

function findBuffers(value: unknown, path: Path, found: { path: Path; buffer: ArrayBuffer }[], depth: number): unknown {
  if (value instanceof ArrayBuffer) {
    found.push({ path, buffer: value });
    return null;
  }
  if (depth >= maxDepth || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item, index) => findBuffers(item, [...path, index], found, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = findBuffers(item, [...path, key], found, depth + 1);
  return copy;
}

/** Whether a value holds an ArrayBuffer anywhere (and so travels as a frame). */
export function holdsBytes(value: unknown, depth = 0): boolean {
  if (value instanceof ArrayBuffer) return true;
  if (depth >= maxDepth || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => holdsBytes(item, depth + 1));
}

/** Encode a value as a body: a frame when it holds ArrayBuffers, else JSON. */
export function encodeBody(value: unknown): { contentType: string; body: Uint8Array } {
  if (!holdsBytes(value))
    return { contentType: jsonContentType, body: new TextEncoder().encode(JSON.stringify(value ?? null)) };
  const found: { path: Path; buffer: ArrayBuffer }[] = [];
  const stripped = findBuffers(value, [], found, 0);
  const header = new TextEncoder().encode(
    JSON.stringify({
      value: stripped,
      buffers: found.map(({ path, buffer }) => ({ path, length: buffer.byteLength })),
    }),
  );
  const total = headerLengthBytes + header.byteLength + found.reduce((sum, { buffer }) => sum + buffer.byteLength, 0);
  const body = new Uint8Array(total);
  new DataView(body.buffer).setUint32(0, header.byteLength, true);
  body.set(header, headerLengthBytes);
  let offset = headerLengthBytes + header.byteLength;
  for (const { buffer } of found) {
    body.set(new Uint8Array(buffer), offset);
    offset += buffer.byteLength;
  }
  return { contentType: frameContentType, body };
}

/** Thrown for a malformed body. */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
}

/** Decode a body by its content type (JSON or frame). The buffers are copies, owned by the caller. */
export function decodeBody(contentType: string | null, body: Uint8Array): unknown {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === jsonContentType || type === '') {
    if (body.byteLength === 0) return undefined;
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch (error) {
      throw new WireFormatError(`body is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (type !== frameContentType) throw new WireFormatError(`unsupported content type "${type}"`);
  if (body.byteLength < headerLengthBytes)
    throw new WireFormatError(
      `frame of ${body.byteLength} bytes is shorter than its ${headerLengthBytes}-byte header length`,
    );
  const headerLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0, true);
  if (headerLength > maxHeaderBytes || headerLengthBytes + headerLength > body.byteLength) {
    throw new WireFormatError(
      `frame header length ${headerLength} at offset 0 exceeds the ${body.byteLength}-byte body`,
    );
  }
  let header: { value: unknown; buffers: { path: Path; length: number }[] };
  try {
    header = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(
        body.subarray(headerLengthBytes, headerLengthBytes + headerLength),
      ),
    );
  } catch (error) {
    throw new WireFormatError(`frame header is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof header !== 'object' || header === null || !Array.isArray(header.buffers))
    throw new WireFormatError('frame header lacks its buffer list');
  let offset = headerLengthBytes + headerLength;
  let value = header.value;
  for (const [index, entry] of header.buffers.entries()) {
    const length = entry?.length;
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || offset + length > body.byteLength) {
      throw new WireFormatError(
        `frame buffer ${index} of length ${String(length)} at offset ${offset} exceeds the ${body.byteLength}-byte ` +
          `body`,
      );
    }
    const path = entry.path;
    if (
      !Array.isArray(path) ||
      path.length > maxDepth ||
      !path.every((part) => typeof part === 'string' || typeof part === 'number')
    ) {
      throw new WireFormatError(`frame buffer ${index} has a malformed path`);
    }
    // Uint8Array.prototype.slice copies even when `body` is a Node Buffer (whose own slice is a view).
    const buffer = Uint8Array.prototype.slice.call(body, offset, offset + length).buffer as ArrayBuffer;
    offset += length;
    if (path.length === 0) {
      value = buffer;
      continue;
    }
    let parent: unknown = value;
    for (const part of path.slice(0, -1)) {
      parent =
        typeof parent === 'object' && parent !== null ? (parent as Record<string | number, unknown>)[part] : undefined;
    }
    const last = path[path.length - 1]!;
    if (typeof parent !== 'object' || parent === null || last === '__proto__' || path.includes('__proto__')) {
      throw new WireFormatError(`frame buffer ${index} points outside its value`);
    }
    (parent as Record<string | number, unknown>)[last] = buffer;
  }
  if (offset !== body.byteLength)
    throw new WireFormatError(`frame has ${body.byteLength - offset} trailing bytes at offset ${offset}`);
  return value;
}
