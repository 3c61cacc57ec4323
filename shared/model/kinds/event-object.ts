/**
 * EVTS: event objects — Node (flag 0x400), then, when the next tag is KEVT, char[4] "KEVT",
 * uint32 count, int32 globalSequenceId (-1: none), uint32 frames[count]. An object without a KEVT
 * block has no keys and is written without one.
 */
import type { BinaryWriter } from '../../binary/writer';
import { KEVT_FRAME_BYTES, KEVT_TAG } from '../../mdx/node-objects';
import { readObjects, writeArray, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../mdx-cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';

/** The times an event object fires at. */
export interface EventKeyframes {
  /** Index into the global sequences, or -1 when the keys follow the sequences. */
  readonly globalSequenceId: number;
  /** Times in ms (stored as uint32, read as int32 so that stray negative times show as such). */
  readonly frames: Int32Array;
}

/** An event object (sound, footprint, spawn, splat, ubersplat, MRF cape…, told by its name). */
export interface EventObject extends NodeObject {
  /** null when the object has no KEVT block at all. */
  readonly keys: EventKeyframes | null;
}

/** Reads the event object at the cursor. */
export function readEventObjectMdx(cursor: MdxCursor): EventObject {
  const node = readNodeMdx(cursor);
  if (cursor.peekTag() !== KEVT_TAG) return { node, keys: null };
  cursor.offset += 4;
  const count = cursor.count(KEVT_FRAME_BYTES, 'KEVT.count');
  const globalSequenceId = cursor.i32('KEVT.globalSequenceId');
  const frames = cursor.uint32s(count, 'KEVT.frames');
  return {
    node,
    keys: { globalSequenceId, frames: new Int32Array(frames.buffer, frames.byteOffset, frames.length) },
  };
}

/** Writes an event object. */
export function writeEventObjectMdx(writer: BinaryWriter, object: EventObject): void {
  writeNodeMdx(writer, object.node);
  if (!object.keys) return;
  writer.tag(KEVT_TAG).u32(object.keys.frames.length).i32(object.keys.globalSequenceId);
  writeArray(writer, object.keys.frames);
}

/** The EVTS chunk. */
export const eventObjectsChunkMdx: ChunkCodec<EventObject[]> = {
  read: (cursor) => readObjects(cursor, 'EVTS', readEventObjectMdx),
  write: (writer, objects) => objects.forEach((object) => writeEventObjectMdx(writer, object)),
};
