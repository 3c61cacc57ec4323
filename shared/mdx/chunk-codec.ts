/**
 * The machinery a chunk codec is made of: the codec's shape (a reader from a chunk body through an
 * {@link MdxCursor}, throwing CodecError when the body does not add up, and a writer that appends the body to a
 * BinaryWriter, both given the layout of the model's version), reading objects to a body's end, and inclusive sizes.
 * Which chunks exist and what they hold is the model's (shared/model/registry.ts).
 */
import type { BinaryWriter } from '../binary/writer';
import type { MdxCursor } from './cursor';

/** Reads and writes one chunk's body as `T`, in the layout `Layout` of the model's version. */
export interface ChunkCodec<T, Layout> {
  /** Reads the whole body at the cursor (offset 0, end = body length). Throws CodecError. */
  read(cursor: MdxCursor, layout: Layout): T;
  /** Appends the body for `value`. Throws RangeError when `value` cannot be encoded (a name too long…). */
  write(writer: BinaryWriter, value: T, layout: Layout): void;
}

/** Reads objects one after another to the cursor's end, naming each `TAG[index]` for errors. */
export function readObjects<T>(cursor: MdxCursor, tag: string, read: (cursor: MdxCursor) => T): T[] {
  const objects: T[] = [];
  while (cursor.offset < cursor.end) {
    cursor.path = `${tag}[${objects.length}]`;
    objects.push(read(cursor));
  }
  cursor.path = tag;
  return objects;
}

/** Writes a uint32 placeholder for an inclusive size; {@link patchSize} fills it in. */
export function beginSize(writer: BinaryWriter): number {
  const at = writer.offset;
  writer.u32(0);
  return at;
}

/** Fills in the inclusive size started at `at` (it counts itself). */
export function patchSize(writer: BinaryWriter, at: number): void {
  writer.patchU32(at, writer.offset - at);
}

/** Appends the bytes of a typed array as they are in memory (little-endian, exact bits). */
export function writeArray(
  writer: BinaryWriter,
  values: Float32Array | Uint32Array | Uint16Array | Uint8Array | Int32Array,
): void {
  writer.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}
