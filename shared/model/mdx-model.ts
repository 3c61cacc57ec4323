/**
 * The whole MDX model, typed: {@link readMdxModel} walks the container (mdx-file.ts)
 * and reads every chunk it knows into its kind's typed object; a chunk it does not know, or one
 * that does not add up, stays as its bytes. {@link writeMdxModel} writes the chunks back in order —
 * typed ones from their objects, the others from their bytes — so a model read and written without
 * edits comes back byte-identical: a chunk whose typed form would not reproduce its bytes exactly
 * (a signalling NaN in a float field) is kept as bytes, with a diagnostic.
 */
import { BinaryWriter } from '../binary/writer';
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { bodyOffsetOf, chunkOrigin, MDX_MAGIC, type MdxChunk } from '../mdx/container';
import { MdxCursor } from '../mdx/cursor';
import type { ChunkCodec } from './chunk-codec';
import { fixedSizeMismatch, readMdx } from './mdx-file';
import { kindOfTag } from './registry';
import {
  isParsedChunk,
  mdxVersionOf,
  type ParsedMdxChunk,
  type RawMdxChunk,
  type TypedMdxChunk,
  type TypedMdxModel,
} from './typed-model';
import { mdxLayout } from './versions';

export * from './typed-model';

/** Options of {@link readMdxModel}. */
export interface ReadMdxModelOptions {
  /**
   * Also encode every typed chunk again and keep it as bytes unless that gives its bytes back
   * exactly (default false). Without it the reader relies on its construction: every byte of a
   * chunk lands in a typed field or in kept bytes, arrays and tracks are views of the file's words,
   * and the one value a JavaScript number cannot hold — a signalling NaN in a float field — is
   * detected while reading and keeps its chunk as bytes. The tests check that claim on every
   * corpus file and on thousands of mutants; this option checks it again at the cost of a write.
   */
  readonly verify?: boolean;
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  const length = left.byteLength;
  if (length !== right.byteLength) return false;
  let index = 0;
  if ((left.byteOffset & 3) === 0 && (right.byteOffset & 3) === 0) {
    const words = length >>> 2;
    const leftWords = new Uint32Array(left.buffer, left.byteOffset, words);
    const rightWords = new Uint32Array(right.buffer, right.byteOffset, words);
    for (; index < words; index += 1) if (leftWords[index] !== rightWords[index]) return false;
    index = words << 2;
  }
  for (; index < length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

function raw(chunk: MdxChunk): RawMdxChunk {
  return { tag: chunk.tag, bytes: chunk.body, trailing: chunk.trailing, source: chunk };
}

function chunkDiagnostic(chunk: MdxChunk, severity: Diagnostic['severity'], code: string, message: string): Diagnostic {
  return {
    severity,
    code,
    message,
    where: `${chunk.tag} chunk`,
    offset: chunkOrigin(chunk),
    target: { kind: 'chunk', tag: chunk.tag },
  };
}

/** Reads one container chunk into its typed form, or keeps it as bytes (with a diagnostic when it is damaged). */
function readChunk(
  chunk: MdxChunk,
  version: number,
  verifier: BinaryWriter | null,
  diagnostics: Diagnostic[],
): TypedMdxChunk {
  const codec = kindOfTag(chunk.tag)?.mdx as ChunkCodec<unknown> | undefined;
  // A fixed-entry chunk whose size does not add up was reported by the container already.
  if (!codec || fixedSizeMismatch(chunk) !== null) return raw(chunk);
  const layout = mdxLayout(version);
  // A chunk that starts off a 4-byte boundary (after a GEOS of odd length, say) is read from an aligned copy of its
  // bytes, so that its arrays can be views of that copy rather than one copy each.
  const body = (chunk.body.byteOffset & 3) === 0 ? chunk.body : chunk.body.slice();
  const cursor = new MdxCursor(body, bodyOffsetOf(chunk), chunk.tag);
  let parsed: unknown;
  try {
    parsed = codec.read(cursor, layout);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    diagnostics.push({
      ...chunkDiagnostic(
        chunk,
        'error',
        'model.unread-chunk',
        `The ${chunk.tag} chunk cannot be read (${error.where}: ${error.detail}); it is kept as bytes.`,
      ),
      where: error.where,
      offset: error.offset,
    });
    return raw(chunk);
  }
  for (const problem of cursor.problems) {
    diagnostics.push({
      ...chunkDiagnostic(chunk, 'warning', 'model.unparsed-bytes', `${problem.where}: ${problem.detail}.`),
      where: problem.where,
      offset: problem.offset,
    });
  }
  let reproduced = !cursor.signallingNaN;
  if (reproduced && verifier) {
    try {
      codec.write(verifier.reset(), parsed, layout);
      reproduced = sameBytes(verifier.finish(), chunk.body);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      reproduced = false;
    }
  }
  if (!reproduced) {
    diagnostics.push(
      chunkDiagnostic(
        chunk,
        'warning',
        'model.unreproducible-chunk',
        `The ${chunk.tag} chunk reads, but its typed form would not give its bytes back exactly ` +
          `(${cursor.signallingNaN ? 'a float holds a signalling NaN' : 'they differ'}); it is kept as bytes.`,
      ),
    );
    return raw(chunk);
  }
  return { tag: chunk.tag, parsed, trailing: chunk.trailing, source: chunk } as ParsedMdxChunk;
}

/**
 * Reads one container chunk of a model of `version` into its typed object, or keeps it as bytes (what
 * {@link readMdxModel} does for each chunk, without verification), pushing what it finds to `diagnostics`. For
 * callers that hold the container's chunks already (the document) and read them one at a time.
 */
export function readTypedChunk(chunk: MdxChunk, version: number, diagnostics: Diagnostic[] = []): TypedMdxChunk {
  return readChunk(chunk, version, null, diagnostics);
}

/**
 * Reads an MDX file into a typed model: every chunk of every kind this codec knows becomes its
 * typed object; unknown and damaged chunks stay bytes (damage is a diagnostic, never thrown).
 * Throws CodecError only when the bytes are not MDX or the chunk table cannot be walked.
 */
export function readMdxModel(bytes: Uint8Array, options: ReadMdxModelOptions = {}): TypedMdxModel {
  const container = readMdx(bytes);
  const diagnostics: Diagnostic[] = [...container.diagnostics];
  const verifier = options.verify ? new BinaryWriter(1 << 16) : null;
  const chunks = container.chunks.map((chunk) => readChunk(chunk, container.version, verifier, diagnostics));
  return { version: container.version, chunks, diagnostics };
}

/**
 * Writes a typed model: `MDLX`, then each chunk (tag, size, body, trailing bytes) in order — typed
 * chunks encoded in the layout of the model's version ({@link mdxVersionOf} its chunks), the others
 * from their bytes. Throws RangeError when a typed object cannot be encoded (a name longer than its
 * field, arrays that are not whole elements, a track whose arrays disagree…).
 */
export function writeMdxModel(model: Pick<TypedMdxModel, 'chunks'>): Uint8Array {
  const layout = mdxLayout(mdxVersionOf(model.chunks));
  let estimate = 4;
  for (const chunk of model.chunks)
    estimate +=
      8 +
      chunk.trailing.byteLength +
      (isParsedChunk(chunk) ? (chunk.source?.body.byteLength ?? 1024) : chunk.bytes.byteLength);
  const writer = new BinaryWriter(estimate);
  writer.tag(MDX_MAGIC);
  for (const chunk of model.chunks) {
    if (chunk.tag.length !== 4) throw new RangeError(`chunk tag must have 4 characters: ${JSON.stringify(chunk.tag)}`);
    writer.tag(chunk.tag);
    const sizeAt = writer.offset;
    writer.u32(0);
    if (isParsedChunk(chunk)) (kindOfTag(chunk.tag)!.mdx as ChunkCodec<unknown>).write(writer, chunk.parsed, layout);
    else writer.bytes(chunk.bytes);
    writer.patchU32(sizeAt, writer.offset - sizeAt - 4);
    writer.bytes(chunk.trailing);
  }
  return writer.finish();
}
