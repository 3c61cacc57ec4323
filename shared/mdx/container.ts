/**
 * The MDX container: `MDLX`, then chunks (char[4] tag, uint32 size, body). Reading walks the chunk
 * table only — every chunk is kept as a view of the file's bytes, in order, unknown and empty ones
 * included — and writing concatenates the chunks again, so a model read and written without edits
 * is byte-identical. Chunk contents are parsed on demand by the chunk modules.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { isTrackTag, readTag, trackByteLength } from './tracks';
import { chunkIntroducedIn, DEFAULT_MDX_VERSION, mdxLayout } from './versions';
import { GLOBAL_SEQUENCE_BYTES } from './chunks/glbs';
import { MODL_BYTES } from './chunks/modl';
import { PIVOT_BYTES } from './chunks/pivt';
import { SEQUENCE_BYTES } from './chunks/seqs';
import { TEXTURE_BYTES } from './chunks/texs';
import { VERS_BYTES } from './chunks/vers';

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

/** A model opened by {@link readMdx}: its chunks in file order. Immutable; edits return new models. */
export interface MdxModel {
  readonly chunks: readonly MdxChunk[];
  /** VERS, or {@link DEFAULT_MDX_VERSION} when the model has none. */
  readonly version: number;
  /** Problems the container stepped over (never thrown): short chunk sizes, odd chunk sizes, unknown chunks. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Bytes of one SNDS entry (a sound track), a chunk this codec keeps but does not read. */
const SOUND_TRACK_BYTES = 272;
/** Bytes of one FAFX entry (a Reforged face effect), a chunk this codec keeps but does not read. */
const FACE_EFFECT_BYTES = 340;

/**
 * Body sizes of the chunks with fixed-size entries: `[header bytes, entry bytes]`. A body that
 * does not add up gets a diagnostic (its bytes are kept, and its reader refuses it).
 */
export const FIXED_ENTRY_CHUNKS: Readonly<Record<string, readonly [number, number]>> = {
  VERS: [VERS_BYTES, 0],
  MODL: [MODL_BYTES, 0],
  SEQS: [0, SEQUENCE_BYTES],
  GLBS: [0, GLOBAL_SEQUENCE_BYTES],
  TEXS: [0, TEXTURE_BYTES],
  SNDS: [0, SOUND_TRACK_BYTES],
  PIVT: [0, PIVOT_BYTES],
  FAFX: [0, FACE_EFFECT_BYTES],
};

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

function printable(tag: string): string {
  let text = '';
  for (const character of tag) {
    const code = character.charCodeAt(0);
    text += code >= 0x20 && code < 0x7f ? character : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return text;
}

let mdxReads = 0;

/** How many files {@link readMdx} has walked in this thread (tests prove that a file is read once). */
export function mdxReadCount(): number {
  return mdxReads;
}

/**
 * Opens an MDX file by walking its chunk table. Cheap: no chunk is parsed except VERS. Throws
 * CodecError when the bytes are not MDX, a chunk header is cut off, a tag is not a tag, or a chunk's
 * size runs past the end of the file. Damage inside a chunk is reported by the chunk's reader.
 */
export function readMdx(bytes: Uint8Array): MdxModel {
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
  mdxReads += 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength;
  const chunks: MdxChunk[] = [];
  const diagnostics: Diagnostic[] = [];
  let version: number | undefined;
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
    while (end - next >= 4 && isTrackTag(readTag(bytes, next))) {
      next += trackByteLength(bytes, next, end, `${tag} chunk (chunk[${index}]).trailing`);
    }
    const trailing = bytes.subarray(trailingStart, next);
    if (tag === 'VERS') {
      if (version === undefined && size >= VERS_BYTES) version = view.getUint32(bodyStart, true);
    }
    chunks.push(Object.freeze({ tag, offset, body, trailing }));
    offset = next;
  }
  const resolvedVersion = version ?? DEFAULT_MDX_VERSION;
  diagnostics.push(...containerDiagnostics(chunks, resolvedVersion, version !== undefined));
  return Object.freeze({
    chunks: Object.freeze(chunks),
    version: resolvedVersion,
    diagnostics: Object.freeze(diagnostics),
  });
}

function describeTracks(bytes: Uint8Array, start: number, end: number): string {
  const tags: string[] = [];
  let at = start;
  while (at < end) {
    tags.push(readTag(bytes, at));
    at += trackByteLength(bytes, at, end, 'trailing');
  }
  return tags.join(', ');
}

/**
 * For a chunk made of fixed-size entries (SEQS, GLBS, PIVT, …) whose body size does not add up,
 * what the size should be ("132 bytes", "a multiple of 12 bytes"); null when it adds up or the
 * chunk has no fixed layout. The container reports such a chunk once (`mdx.chunk-size`) and its
 * readers step over it.
 */
export function fixedSizeMismatch(chunk: MdxChunk): string | null {
  const fixed = FIXED_ENTRY_CHUNKS[chunk.tag];
  if (!fixed) return null;
  const [headerBytes, entryBytes] = fixed;
  const size = chunk.body.byteLength;
  const addsUp =
    entryBytes === 0 ? size === headerBytes : size >= headerBytes && (size - headerBytes) % entryBytes === 0;
  if (addsUp) return null;
  return entryBytes === 0 ? `${headerBytes} bytes` : `a multiple of ${entryBytes} bytes`;
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
export function chunkPositions(model: MdxModel): number[] {
  const positions: number[] = [];
  let offset = MDX_MAGIC_BYTES;
  for (const chunk of model.chunks) {
    positions.push(offset);
    offset += CHUNK_HEADER_BYTES + chunk.body.byteLength + chunk.trailing.byteLength;
  }
  return positions;
}

/** The model-wide container checks: a missing VERS, a version this codec does not know. */
export function modelContainerDiagnostics(
  model: Pick<MdxModel, 'chunks' | 'version'>,
  hasVersion: boolean,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (!hasVersion && model.chunks.length > 0) {
    diagnostics.push({
      severity: 'info',
      code: 'mdx.no-version',
      message: `The model has no VERS chunk; it is read as version ${DEFAULT_MDX_VERSION}.`,
      where: 'VERS',
    });
  }
  if (!mdxLayout(model.version).known) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.unknown-version',
      message: `Version ${model.version} is not one this codec knows (800–1200); its chunks are kept as they are.`,
      where: 'VERS',
    });
  }
  return diagnostics;
}

/**
 * The checks the container makes of one chunk without parsing it: tracks its size leaves out, a second chunk
 * of a kind read once, unknown and out-of-version chunks, fixed-size bodies that do not add up. Offsets count
 * from {@link chunkOrigin}.
 */
export function chunkContainerDiagnostics(chunk: MdxChunk, version: number, firstOfTag: boolean): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const layout = mdxLayout(version);
  const where = `${chunk.tag} chunk`;
  const offset = chunkOrigin(chunk);
  const target = { kind: 'chunk', tag: chunk.tag } as const;
  if (chunk.trailing.byteLength > 0) {
    const trailingStart = offset + CHUNK_HEADER_BYTES + chunk.body.byteLength;
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.chunk-size-short',
      message:
        `The ${chunk.tag} chunk's size (${chunk.body.byteLength}) leaves out ${chunk.trailing.byteLength} bytes of ` +
        `tracks (${describeTracks(chunk.trailing, 0, chunk.trailing.byteLength)}) that follow it; they are kept ` +
        `as they are.`,
      where,
      offset: trailingStart,
      target,
    });
  }
  const introduced = chunkIntroducedIn(chunk.tag);
  if (!firstOfTag && introduced !== undefined) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.duplicate-chunk',
      message: `The model has more than one ${chunk.tag} chunk; the first one is read.`,
      where,
      offset,
      target,
    });
  }
  if (introduced === undefined) {
    diagnostics.push({
      severity: 'info',
      code: 'mdx.unknown-chunk',
      message: `Unknown chunk ${printable(chunk.tag)} (${chunk.body.byteLength} bytes) is kept as it is.`,
      where,
      offset,
      target,
    });
  } else if (!layout.chunkTags.has(chunk.tag)) {
    diagnostics.push({
      severity: 'info',
      code: 'mdx.chunk-version',
      message: `The ${chunk.tag} chunk belongs to version ${introduced} and later; this model is version ${version}.`,
      where,
      offset,
      target,
    });
  }
  const expected = fixedSizeMismatch(chunk);
  if (expected !== null) {
    diagnostics.push({
      severity: 'error',
      code: 'mdx.chunk-size',
      message:
        `The ${chunk.tag} chunk has ${chunk.body.byteLength} bytes; it should have ${expected}. Its bytes ` +
        `are kept; it is not read.`,
      where,
      offset,
      target,
    });
  }
  return diagnostics;
}

/** Checks the container can make without parsing: the model-wide ones, then each chunk's in order. */
function containerDiagnostics(chunks: readonly MdxChunk[], version: number, hasVersion: boolean): Diagnostic[] {
  const diagnostics = modelContainerDiagnostics({ chunks, version }, hasVersion);
  const seen = new Set<string>();
  for (const chunk of chunks) {
    diagnostics.push(...chunkContainerDiagnostics(chunk, version, !seen.has(chunk.tag)));
    seen.add(chunk.tag);
  }
  return diagnostics;
}

/** Total byte length of the file {@link writeMdx} produces. */
export function mdxByteLength(model: MdxModel): number {
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
export function mdxPieces(model: MdxModel): Uint8Array[] {
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
export function writeMdx(model: MdxModel): Uint8Array {
  const output = new Uint8Array(mdxByteLength(model));
  let offset = 0;
  for (const piece of mdxPieces(model)) {
    output.set(piece, offset);
    offset += piece.byteLength;
  }
  return output;
}

/** The first chunk with `tag`, or undefined. */
export function findChunk(model: MdxModel, tag: string): MdxChunk | undefined {
  return model.chunks.find((chunk) => chunk.tag === tag);
}

/** A chunk built by an edit (offset -1, no trailing bytes). */
export function newChunk(tag: string, body: Uint8Array): MdxChunk {
  if (tag.length !== 4) throw new RangeError(`chunk tag must have 4 characters: ${JSON.stringify(tag)}`);
  return Object.freeze({ tag, offset: -1, body, trailing: new Uint8Array(0) });
}

/**
 * A new model with the chunk at `index` replaced by `body` (keeping its tag and any trailing
 * bytes). The read diagnostics stay as they were.
 */
export function replaceChunkBody(model: MdxModel, index: number, body: Uint8Array): MdxModel {
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
export function insertChunk(model: MdxModel, chunk: MdxChunk, order: readonly string[]): MdxModel {
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

function withChunks(model: MdxModel, chunks: MdxChunk[]): MdxModel {
  return Object.freeze({ chunks: Object.freeze(chunks), version: model.version, diagnostics: model.diagnostics });
}
