/**
 * EVTS: event objects — Node (flag 0x400), then, when the next tag is KEVT, char[4] "KEVT",
 * uint32 count, int32 globalSequenceId (-1: none), uint32 frames[count]. An object without a KEVT
 * block has no keys and is written without one.
 */
import type { BinaryWriter } from '../../binary/writer';
import { readObjects, writeArray, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readNodeMdx, writeNodeMdx, type NodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { blockRules } from '../mdl/fields';
import { checkedInteger, type MdlReadContext } from '../mdl/reader';
import { ValueToken } from '../mdl/scanner';
import type { MdlWriter } from '../mdl/writer';
import { printNodeBlockMdl, readNodeBlockMdl, type NodeKindMdl } from './node';

/** The tag of an event object's key block. */
export const KEVT_TAG = 'KEVT';
/** KEVT header: tag, uint32 count, int32 globalSequenceId. */
export const KEVT_HEADER_BYTES = 12;
/** Bytes of one event key (a uint32 frame). */
export const KEVT_FRAME_BYTES = 4;

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

// MDL ---------------------------------------------------------------------------------------------

/** `EventObject "name" { … EventTrack N { GlobalSeqId g, frame, … } … }`. */
export const EVENT_OBJECT_MDL = {
  keyword: 'EventObject',
  kindBit: NODE_FLAG.eventObject,
  rules: blockRules([]),
};

/**
 * Reads an `EventObject` block: no `EventTrack` is no KEVT block; `GlobalSeqId` is read inside the EventTrack (where
 * the community's tools write it) or after it in the object — the one inside first, with a warning when both are
 * written and differ.
 */
export function readEventObjectMdl(context: MdlReadContext, block: MdlStatement): EventObject {
  let frames: number[] | null = null;
  let inner: number | undefined;
  let outer: { value: number; offset: number } | undefined;
  const { node } = readNodeBlockMdl(context, block, EVENT_OBJECT_MDL, (entry) => {
    if (entry.key === 'GlobalSeqId' && !entry.hasGroup) {
      const offset = entry.offset;
      const value = context.integer(entry, 'i32');
      if (value !== undefined) outer ??= { value, offset };
      return true;
    }
    if (entry.key !== 'EventTrack') return false;
    const declared = context.declaredCount(entry);
    const scanner = context.group(entry);
    frames ??= [];
    if (scanner) {
      for (let token = scanner.next(); token !== ValueToken.End; token = scanner.next()) {
        if (token === ValueToken.Word && scanner.isWord('GlobalSeqId')) {
          const at = scanner.start;
          const value = scanner.next() === ValueToken.Number ? checkedInteger(scanner.number, 'i32') : undefined;
          if (value === undefined) context.invalid(entry, 'GlobalSeqId needs an integer', at);
          else inner ??= value;
          continue;
        }
        const frame = token === ValueToken.Number ? checkedInteger(scanner.number, 'i32') : undefined;
        if (frame === undefined)
          context.invalid(entry, `"${scanner.text().slice(0, 40)}" is not a frame`, scanner.start);
        else frames.push(frame);
        if (token === ValueToken.Open) scanner.skipGroup();
      }
    }
    context.checkCount(entry, declared, frames.length, 'frames');
    entry.next = entry.stop;
    return true;
  });
  if (inner !== undefined && outer !== undefined && Math.max(inner, -1) !== Math.max(outer.value, -1))
    context.report(
      'warning',
      block,
      outer.offset,
      'mdl.global-sequence-conflict',
      `${block.label} has GlobalSeqId ${inner} inside its EventTrack and ${outer.value} after it; the one inside is ` +
        `used`,
    );
  const globalSequenceId = inner ?? outer?.value ?? -1;
  const keys: number[] | null = frames;
  return { node, keys: keys === null ? null : { globalSequenceId, frames: Int32Array.from(keys) } };
}

/** Prints an `EventObject` block. */
export function printEventObjectMdl(writer: MdlWriter, object: EventObject): void {
  printNodeBlockMdl(writer, EVENT_OBJECT_MDL, object, () => {
    const keys = object.keys;
    if (!keys) return;
    writer.open('EventTrack', undefined, keys.frames.length);
    if (keys.globalSequenceId !== -1) writer.integerStatement('GlobalSeqId', keys.globalSequenceId);
    for (const frame of keys.frames) {
      writer.indent();
      writer.integer(frame);
      writer.endStatement();
    }
    writer.close();
  });
}
