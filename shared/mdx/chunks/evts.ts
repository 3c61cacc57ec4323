/**
 * EVTS: event objects, read fully. Each is a Node (flags 0x400, optional KGTR/KGRT/KGSC tracks)
 * followed by an optional KEVT block: char[4] "KEVT", uint32 count, int32 globalSequenceId (-1:
 * none), uint32 frames[count]. KEVT is found by peeking at the tag after the node: an object
 * without one has no keys and is written back without one.
 *
 * The writer writes objects that came from the reader unchanged from their original bytes, and
 * encodes the others canonically (their name still from its original bytes when unchanged).
 */
import { CodecError } from '../../binary/codec-error';
import { BinaryWriter } from '../../binary/writer';
import type { Diagnostic } from '../../diagnostics';
import { KEVT_FRAME_BYTES, KEVT_HEADER_BYTES, KEVT_TAG, readNodeObject } from '../node-objects';
import { NODE_FLAG, nodeByteLength, readNodeTracks, writeNode, type NodeFields } from '../node';

/** The keys of an event object. */
export interface EventKeys {
  /** Index into GLBS, or -1 when the keys follow the sequences. */
  readonly globalSequenceId: number;
  /** Key times in ms, in file order (stored as uint32; read as int32 so that stray negative times show as such). */
  readonly frames: readonly number[];
}

/** One event object. Objects from the reader are frozen; edit by making new objects. */
export interface MdxEventObject extends NodeFields {
  /** Latin1 (one character per byte); the original 80 bytes are in `nameBytes`. */
  readonly name: string;
  readonly objectId: number;
  /** -1 when the object has no parent. */
  readonly parentId: number;
  /** Node flags; 0x400 marks an event object. */
  readonly flags: number;
  /** null when the object has no KEVT block at all. */
  readonly keys: EventKeys | null;
}

/** The event objects of an EVTS chunk, and what was wrong with it. */
export interface EventsRead {
  /** Every object read; when `damaged`, only those before the damage. */
  readonly objects: readonly MdxEventObject[];
  readonly diagnostics: readonly Diagnostic[];
  /** True when the objects do not add up to the chunk: the chunk's bytes are kept and it cannot be edited. */
  readonly damaged: boolean;
}

const originalEventBytes = new WeakMap<MdxEventObject, Uint8Array>();

/** True when `object` came from the reader (and so is written back from its original bytes). */
export function isOriginalEventObject(object: MdxEventObject): boolean {
  return originalEventBytes.has(object);
}

/**
 * Reads the event object at `offset` of an EVTS body. Throws CodecError (offsets relative to the
 * body) when it does not fit. `problems` receives non-fatal findings (node tracks that do not parse).
 */
export function readEventObject(
  body: Uint8Array,
  offset: number,
  where: string,
  problems: CodecError[] = [],
): { object: MdxEventObject; byteLength: number } {
  const { byteLength, node } = readNodeObject(body, offset, 'nodePlusEventKeys', where);
  const nodeTracks = readNodeTracks(body, offset, node, where);
  if (nodeTracks.problem) problems.push(nodeTracks.problem);
  let keys: EventKeys | null = null;
  const keysOffset = offset + node.inclusiveSize;
  if (byteLength > node.inclusiveSize) {
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    const count = view.getUint32(keysOffset + 4, true);
    const frames: number[] = new Array(count);
    for (let index = 0; index < count; index += 1)
      frames[index] = view.getInt32(keysOffset + KEVT_HEADER_BYTES + index * KEVT_FRAME_BYTES, true);
    keys = Object.freeze({ globalSequenceId: view.getInt32(keysOffset + 8, true), frames: Object.freeze(frames) });
  }
  const object: MdxEventObject = Object.freeze({
    name: node.name,
    nameBytes: node.nameBytes,
    objectId: node.objectId,
    parentId: node.parentId,
    flags: node.flags,
    tracks: nodeTracks.tracks,
    unparsedTrackBytes: nodeTracks.unparsedTrackBytes,
    keys,
  });
  originalEventBytes.set(object, body.subarray(offset, offset + byteLength));
  return { object, byteLength };
}

/**
 * Reads every event object of an EVTS body. Never throws: objects that do not add up to the chunk
 * end the walk with an error diagnostic (`damaged`), node tracks that do not parse get a warning
 * (their bytes are kept). `bodyOffset` is the body's offset in the file, for the diagnostics.
 */
export function readEventsChunk(body: Uint8Array, bodyOffset = 0): EventsRead {
  const objects: MdxEventObject[] = [];
  const diagnostics: Diagnostic[] = [];
  let damaged = false;
  let offset = 0;
  while (offset < body.byteLength) {
    const where = `EVTS[${objects.length}]`;
    const problems: CodecError[] = [];
    try {
      const { object, byteLength } = readEventObject(body, offset, where, problems);
      objects.push(object);
      offset += byteLength;
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      damaged = true;
      diagnostics.push({
        severity: 'error',
        code: 'mdx.damaged-chunk',
        message:
          `The EVTS chunk does not add up at ${error.where}: ${error.detail}. Its bytes are kept; its ` +
          `objects from there on are not read, and it cannot be edited.`,
        where: error.where,
        offset: bodyOffset + error.offset,
        target: { kind: 'chunk', tag: 'EVTS' },
      });
      break;
    }
    for (const problem of problems) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdx.node-tracks',
        message:
          `Event object ${objects.length - 1} ("${objects[objects.length - 1]!.name}"): ${problem.detail}; ` +
          `those bytes are kept as they are.`,
        where: problem.where,
        offset: bodyOffset + problem.offset,
        target: { kind: 'eventObject', objectIndex: objects.length - 1 },
      });
    }
  }
  return { objects: Object.freeze(objects), diagnostics: Object.freeze(diagnostics), damaged };
}

/** Byte length of `object` as {@link writeEventObject} writes it. */
export function eventObjectByteLength(object: MdxEventObject): number {
  const original = originalEventBytes.get(object);
  if (original) return original.byteLength;
  return nodeByteLength(object) + (object.keys ? KEVT_HEADER_BYTES + object.keys.frames.length * KEVT_FRAME_BYTES : 0);
}

/** Writes one event object: its original bytes when it came from the reader, otherwise canonically. */
export function writeEventObject(writer: BinaryWriter, object: MdxEventObject): void {
  const original = originalEventBytes.get(object);
  if (original) {
    writer.bytes(original);
    return;
  }
  writeNode(writer, object);
  if (object.keys) {
    writer.tag(KEVT_TAG).u32(object.keys.frames.length).i32(object.keys.globalSequenceId);
    for (const frame of object.keys.frames) {
      if (!Number.isInteger(frame) || frame < -0x80000000 || frame > 0xffffffff)
        throw new RangeError(`event frame ${frame} is not a 32-bit integer`);
      if (frame > 0x7fffffff) writer.u32(frame);
      else writer.i32(frame);
    }
  }
}

/** The bytes of one event object. */
export function encodeEventObject(object: MdxEventObject): Uint8Array {
  const writer = new BinaryWriter(eventObjectByteLength(object));
  writeEventObject(writer, object);
  return writer.finish();
}

/** Writes an EVTS body from event objects, in the given order. */
export function writeEventsChunk(objects: readonly MdxEventObject[]): Uint8Array {
  let length = 0;
  for (const object of objects) length += eventObjectByteLength(object);
  const writer = new BinaryWriter(length);
  for (const object of objects) writeEventObject(writer, object);
  return writer.finish();
}

/** What a new event object needs; everything else gets the defaults of {@link newEventObject}. */
export interface NewEventObject {
  readonly name: string;
  readonly parentId?: number;
  /** Defaults to 0x400 (event object). */
  readonly flags?: number;
  readonly tracks?: NodeFields['tracks'];
  /** Defaults to no KEVT block. */
  readonly keys?: EventKeys | null;
}

/** A new event object with `objectId` (encoded canonically when written). */
export function newEventObject(fields: NewEventObject, objectId: number): MdxEventObject {
  return {
    name: fields.name,
    objectId,
    parentId: fields.parentId ?? -1,
    flags: fields.flags ?? NODE_FLAG.eventObject,
    tracks: fields.tracks ?? [],
    keys: fields.keys ?? null,
  };
}
