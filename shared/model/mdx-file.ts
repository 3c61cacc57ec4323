/**
 * An MDX file as the model opens it: the container's chunk list (shared/mdx/container.ts: every chunk a view of the
 * file's bytes, nothing parsed), the version its chunks are read in, and the checks that need no chunk parsed —
 * unknown chunks, chunks of a later version, a second chunk of a kind read once, fixed-size chunks whose size does
 * not add up, tracks a chunk's size leaves out. The chunks are typed on demand, one at a time (typed-chunks.ts).
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import {
  CHUNK_HEADER_BYTES,
  MDX_MAGIC_BYTES,
  chunkOrigin,
  describeTracks,
  printable,
  readMdxChunks,
  type MdxChunk,
  type MdxContainer,
} from '../mdx/container';
import { VERS_BYTES } from './kinds/version';
import { chunkIntroducedIn, kindSizeMismatch, versionDefines } from './registry';
import { trackComponents } from './track';
import { DEFAULT_MDX_VERSION, mdxLayout } from './versions';

/** A model opened by {@link readMdx}: its chunks in file order. Immutable; edits return new models. */
export interface MdxModel extends MdxContainer {
  /** VERS, or {@link DEFAULT_MDX_VERSION} when the model has none. */
  readonly version: number;
  /** Problems the container stepped over (never thrown): short chunk sizes, unknown chunks, sizes not adding up. */
  readonly diagnostics: readonly Diagnostic[];
}

let mdxReads = 0;

/** How many files {@link readMdx} has walked in this thread (tests prove that a file is read once). */
export function mdxReadCount(): number {
  return mdxReads;
}

/** The version of the first VERS chunk that holds one, or undefined. */
function versionOf(chunks: readonly MdxChunk[]): number | undefined {
  for (const chunk of chunks) {
    if (chunk.tag === 'VERS' && chunk.body.byteLength >= VERS_BYTES)
      return new DataView(chunk.body.buffer, chunk.body.byteOffset, VERS_BYTES).getUint32(0, true);
  }
  return undefined;
}

/**
 * Opens an MDX file by walking its chunk table. Cheap: no chunk is parsed. Throws CodecError when the bytes are not
 * MDX, a chunk header is cut off, a tag is not a tag, or a chunk's size runs past the end of the file. Damage inside
 * a chunk is reported by the chunk's reader.
 */
export function readMdx(bytes: Uint8Array): MdxModel {
  const chunks = readMdxChunks(bytes, trackComponents);
  mdxReads += 1;
  const version = versionOf(chunks);
  const resolved = version ?? DEFAULT_MDX_VERSION;
  const diagnostics = modelContainerDiagnostics({ chunks, version: resolved }, version !== undefined);
  const seen = new Set<string>();
  for (const chunk of chunks) {
    diagnostics.push(...chunkContainerDiagnostics(chunk, resolved, !seen.has(chunk.tag)));
    seen.add(chunk.tag);
  }
  return Object.freeze({ chunks: Object.freeze(chunks), version: resolved, diagnostics: Object.freeze(diagnostics) });
}

/** For a chunk of fixed-size entries whose body does not add up, what its size should be; else null. */
export function fixedSizeMismatch(chunk: MdxChunk): string | null {
  return kindSizeMismatch(chunk.tag, chunk.body.byteLength);
}

/** True when the model has a VERS chunk its version was read from. */
export function hasVersionChunk(model: MdxContainer): boolean {
  return versionOf(model.chunks) !== undefined;
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
  // As an MDL text of a Version block alone: complete, but most likely cut short.
  if (model.chunks.length === 0)
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.no-chunks',
      message: 'The file holds the MDX magic and no chunk; it may have been cut short.',
      where: 'MDLX',
      offset: MDX_MAGIC_BYTES,
    });
  else if (model.chunks.length === 1 && hasVersion)
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.version-only',
      message: 'The file holds a VERS chunk and no other; it may have been cut short.',
      where: 'VERS chunk',
      offset: MDX_MAGIC_BYTES,
    });
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
  const where = `${chunk.tag} chunk`;
  const offset = chunkOrigin(chunk);
  const target = { kind: 'chunk', tag: chunk.tag } as const;
  if (chunk.trailing.byteLength > 0) {
    const trailingStart = offset + CHUNK_HEADER_BYTES + chunk.body.byteLength;
    let tracks: string;
    try {
      tracks = describeTracks(chunk.trailing, 0, chunk.trailing.byteLength, trackComponents);
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      tracks = 'tracks';
    }
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.chunk-size-short',
      message:
        `The ${chunk.tag} chunk's size (${chunk.body.byteLength}) leaves out ${chunk.trailing.byteLength} bytes of ` +
        `tracks (${tracks}) that follow it; they are kept as they are.`,
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
  } else if (!versionDefines(version, chunk.tag)) {
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
