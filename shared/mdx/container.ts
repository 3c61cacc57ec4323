/**
 * The MDX container: `MDLX`, then chunks (char[4] tag, uint32 size, body). Reading walks the chunk
 * table only — every chunk is kept as a view of the file's bytes, in order, unknown and empty ones
 * included — and writing concatenates the chunks again, so a model read and written without edits
 * is byte-identical. The container knows no kind: what a chunk holds is the model's (shared/model),
 * which reads chunk contents on demand and tells the walk which tags are tracks.
 */
import { CodecError } from '../binary/codec-error';
import { readTag, trackByteLength } from './tracks';

/** The four bytes every MDX file starts with. */
export const MDX_MAGIC = 'MDLX';
/** Bytes of the magic. */
export const MDX_MAGIC_BYTES = 4;
/** Bytes of a chunk header: tag and size. */
export const CHUNK_HEADER_BYTES = 8;

/** One top-level chunk. */
export interface MdxChunk {
  /** Four characters, one per byte (latin1). */
  readonly tag: string;
  /** Offset of the chunk's header in the file it was read from; -1 for a chunk an edit built. */
  readonly offset: number;
  /** The body: as many bytes as the header's size says (a view of the file's bytes when read). */
  readonly body: Uint8Array;
  /**
   * Bytes after the declared body that still belong to this chunk: tracks that a chunk's size
   * leaves out (seen in the wild: a LITE chunk whose size omits its light's KLAI track). Empty for
   * well-formed chunks. Written back right after the body; the header's size stays the body's.
   */
  readonly trailing: Uint8Array;
}

/** A container's chunks in file order. Immutable: edits return new containers (which keep their other fields). */
export interface MdxContainer {
  readonly chunks: readonly MdxChunk[];
}

/**
 * The value components of the keyframe track a tag names, 0 for a tag that names none: how the walk recognizes
 * the tracks a chunk's size leaves out.
 */
export type TrackComponents = (tag: string) => number;

/** True when `bytes` starts with the MDX magic. */
export function isMdx(bytes: Uint8Array): boolean {
  return bytes.byteLength >= MDX_MAGIC_BYTES && readTag(bytes, 0) === MDX_MAGIC;
}

/** A chunk tag is four ASCII letters or digits; anything else means the chunk table is broken. */
function isPlausibleTag(bytes: Uint8Array, offset: number): boolean {
  for (let index = 0; index < 4; index += 1) {
    const code = bytes[offset + index]!;
    const letterOrDigit =
      (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    if (!letterOrDigit) return false;
  }
  return true;
}

/** A tag as text with unprintable characters escaped. */
export function printable(tag: string): string {
  let text = '';
  for (const character of tag) {
    const code = character.charCodeAt(0);
    text += code >= 0x20 && code < 0x7f ? character : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return text;
}

/**
 * Walks an MDX file's chunk table: every chunk as a view of `bytes`. Cheap: no chunk is parsed. Tracks right after
 * a chunk (tags `trackComponents` knows) belong to it as its trailing bytes. Throws CodecError when the bytes are
 * not MDX, a chunk header is cut off, a tag is not a tag, or a chunk's size runs past the end of the file.
 */
export function readMdxChunks(bytes: Uint8Array, trackComponents: TrackComponents): MdxChunk[] {
  if (!isMdx(bytes)) {
    const start =
      bytes.byteLength >= 4 ? `starts with "${printable(readTag(bytes, 0))}"` : `has only ${bytes.byteLength} bytes`;
    throw new CodecError({
      format: 'mdx',
      kind: 'invalid',
      where: 'magic',
      offset: 0,
      detail: `not an MDX file: it ${start}, not "MDLX"`,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength;
  const chunks: MdxChunk[] = [];
  let offset = MDX_MAGIC_BYTES;
  while (offset < end) {
    const index = chunks.length;
    if (end - offset < CHUNK_HEADER_BYTES) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where: `chunk[${index}].header`,
        offset,
        detail: `the file ends ${end - offset} bytes into a chunk header`,
      });
    }
    const tag = readTag(bytes, offset);
    if (!isPlausibleTag(bytes, offset)) {
      throw new CodecError({
        format: 'mdx',
        kind: 'invalid',
        where: `chunk[${index}].tag`,
        offset,
        detail: `"${printable(tag)}" is not a chunk tag; the chunk table cannot be walked`,
      });
    }
    const size = view.getUint32(offset + 4, true);
    if (size > end - offset - CHUNK_HEADER_BYTES) {
      throw new CodecError({
        format: 'mdx',
        kind: 'truncated',
        where: `${tag} chunk (chunk[${index}]).size`,
        offset,
        detail: `size ${size} runs past the end of the file (${end - offset - CHUNK_HEADER_BYTES} bytes left)`,
      });
    }
    const bodyStart = offset + CHUNK_HEADER_BYTES;
    const body = bytes.subarray(bodyStart, bodyStart + size);
    let next = bodyStart + size;
    const trailingStart = next;
    for (;;) {
      const components = end - next >= 4 ? trackComponents(readTag(bytes, next)) : 0;
      if (components === 0) break;
      next += trackByteLength(bytes, next, end, `${tag} chunk (chunk[${index}]).trailing`, components);
    }
    const trailing = bytes.subarray(trailingStart, next);
    chunks.push(Object.freeze({ tag, offset, body, trailing }));
    offset = next;
  }
  return chunks;
}

/** The tags of the tracks in `bytes[start, end)` (a chunk's trailing bytes), for messages. */
export function describeTracks(
  bytes: Uint8Array,
  start: number,
  end: number,
  trackComponents: TrackComponents,
): string {
  const tags: string[] = [];
  let at = start;
  while (at < end) {
    const tag = readTag(bytes, at);
    tags.push(tag);
    at += trackByteLength(bytes, at, end, 'trailing', trackComponents(tag));
  }
  return tags.join(', ');
}

/**
 * Where `chunk`'s offsets count from: its header's offset in the file it was read from, or, for a chunk an edit
 * built, −{@link CHUNK_HEADER_BYTES} (its body offsets count from 0). A diagnostic about the chunk at
 * `offset` sits at `offset − chunkOrigin(chunk)` bytes from the chunk's header, wherever the chunk is now.
 */
export function chunkOrigin(chunk: MdxChunk): number {
  return chunk.offset >= 0 ? chunk.offset : -CHUNK_HEADER_BYTES;
}

/** The header offset of every chunk in the file {@link writeMdx} writes for `model`. */
export function chunkPositions(model: MdxContainer): number[] {
  const positions: number[] = [];
  let offset = MDX_MAGIC_BYTES;
  for (const chunk of model.chunks) {
    positions.push(offset);
    offset += CHUNK_HEADER_BYTES + chunk.body.byteLength + chunk.trailing.byteLength;
  }
  return positions;
}

/** Total byte length of the file {@link writeMdx} produces. */
export function mdxByteLength(model: MdxContainer): number {
  let length = MDX_MAGIC_BYTES;
  for (const chunk of model.chunks) length += CHUNK_HEADER_BYTES + chunk.body.byteLength + chunk.trailing.byteLength;
  return length;
}

/** The magic's bytes (shared by every piece list: never written to). */
const MAGIC_BYTES = Uint8Array.from(MDX_MAGIC, (character) => character.charCodeAt(0));

/**
 * The file {@link writeMdx} writes, as pieces to concatenate: the magic, then per chunk its 8-byte header and its
 * body and trailing bytes as they are (views, not copies).
 */
export function mdxPieces(model: MdxContainer): Uint8Array[] {
  const pieces: Uint8Array[] = [MAGIC_BYTES];
  for (const chunk of model.chunks) {
    const header = new Uint8Array(CHUNK_HEADER_BYTES);
    for (let index = 0; index < 4; index += 1) header[index] = chunk.tag.charCodeAt(index) & 0xff;
    new DataView(header.buffer).setUint32(4, chunk.body.byteLength, true);
    pieces.push(header, chunk.body);
    if (chunk.trailing.byteLength > 0) pieces.push(chunk.trailing);
  }
  return pieces;
}

/** Writes the model: the magic, then every chunk (header, body, trailing bytes) in order. */
export function writeMdx(model: MdxContainer): Uint8Array {
  const output = new Uint8Array(mdxByteLength(model));
  let offset = 0;
  for (const piece of mdxPieces(model)) {
    output.set(piece, offset);
    offset += piece.byteLength;
  }
  return output;
}

/** The first chunk with `tag`, or undefined. */
export function findChunk(model: MdxContainer, tag: string): MdxChunk | undefined {
  return model.chunks.find((chunk) => chunk.tag === tag);
}

/** A chunk built by an edit (offset -1, no trailing bytes). */
export function newChunk(tag: string, body: Uint8Array): MdxChunk {
  if (tag.length !== 4) throw new RangeError(`chunk tag must have 4 characters: ${JSON.stringify(tag)}`);
  return Object.freeze({ tag, offset: -1, body, trailing: new Uint8Array(0) });
}

/**
 * A new model with the chunk at `index` replaced by `body` (keeping its tag and any trailing
 * bytes). The model's other fields stay as they were.
 */
export function replaceChunkBody<Model extends MdxContainer>(model: Model, index: number, body: Uint8Array): Model {
  const old = model.chunks[index];
  if (!old) throw new RangeError(`no chunk at index ${index}`);
  const replacement: MdxChunk = Object.freeze({ tag: old.tag, offset: -1, body, trailing: old.trailing });
  const chunks = model.chunks.slice();
  chunks[index] = replacement;
  return withChunks(model, chunks);
}

/**
 * A new model with a chunk inserted at its canonical place: after the last chunk whose tag comes
 * before `tag` in `order`, or first when there is none.
 */
export function insertChunk<Model extends MdxContainer>(
  model: Model,
  chunk: MdxChunk,
  order: readonly string[],
): Model {
  const rank = order.indexOf(chunk.tag);
  let at = 0;
  model.chunks.forEach((existing, index) => {
    const existingRank = order.indexOf(existing.tag);
    if (existingRank !== -1 && existingRank < rank) at = index + 1;
  });
  const chunks = model.chunks.slice();
  chunks.splice(at, 0, chunk);
  return withChunks(model, chunks);
}

/** The model with `chunks` instead of its own (its other fields kept). */
export function withChunks<Model extends MdxContainer>(model: Model, chunks: readonly MdxChunk[]): Model {
  return Object.freeze({ ...model, chunks: Object.freeze([...chunks]) });
}

/** Absolute offset of a chunk's body in the file it was read from (0 for chunks an edit built). */
export function bodyOffsetOf(chunk: MdxChunk): number {
  return chunk.offset >= 0 ? chunk.offset + CHUNK_HEADER_BYTES : 0;
}
