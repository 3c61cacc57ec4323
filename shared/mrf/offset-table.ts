/**
 * The offset table at byte 64: reader and writer. Its entries are authoritative; chunks need not
 * be contiguous or in order.
 */
import { BinaryReader } from '../binary/reader';
import { CodecError } from '../binary/codec-error';
import {
  MRF_MAX_KEYFRAME_COUNT,
  MRF_OFFSET_ENTRY,
  MRF_OFFSET_ENTRY_BYTE_SIZE,
  MRF_OFFSET_TABLE_FIXED_ENTRIES,
  MRF_OFFSET_TABLE_OFFSET,
  MRF_HEADER_OFFSET,
} from './layout';

/** The decoded offset table. */
export interface MrfOffsets {
  /** First entry; 0 in every known file. */
  headerEntry: number;
  texture: number;
  faces: number;
  uvs: number;
  keyframes: number[];
}

/**
 * Reads the offset table for `keyframeCount` keyframes. Checks the count against the limit and
 * against the bytes left BEFORE allocating anything.
 */
export function readMrfOffsetTable(bytes: Uint8Array, keyframeCount: number): MrfOffsets {
  if (keyframeCount > MRF_MAX_KEYFRAME_COUNT) {
    throw new CodecError({
      format: 'mrf',
      kind: 'limit',
      where: 'header.keyframeCount',
      offset: MRF_HEADER_OFFSET.keyframeCount,
      detail: `${keyframeCount} keyframes is more than the ${MRF_MAX_KEYFRAME_COUNT} this reader accepts`,
    });
  }
  const reader = new BinaryReader(bytes, 'mrf', MRF_OFFSET_TABLE_OFFSET);
  reader.needCount(MRF_OFFSET_TABLE_FIXED_ENTRIES + keyframeCount, MRF_OFFSET_ENTRY_BYTE_SIZE, 'offsetTable');
  const headerEntry = reader.u32('offsetTable[0] (header)');
  const texture = reader.u32('offsetTable[1] (texture)');
  const faces = reader.u32('offsetTable[2] (faces)');
  const uvs = reader.u32('offsetTable[3] (uvs)');
  const keyframes = new Array<number>(keyframeCount);
  for (let index = 0; index < keyframeCount; index += 1)
    keyframes[index] = reader.u32(`offsetTable[${MRF_OFFSET_ENTRY.firstKeyframe + index}] (keyframes[${index}])`);
  return { headerEntry, texture, faces, uvs, keyframes };
}

/** Writes the offset table at byte 64 of `target` (which must be large enough). */
export function writeMrfOffsetTable(target: Uint8Array, offsets: MrfOffsets): void {
  const view = new DataView(target.buffer, target.byteOffset, target.byteLength);
  const at = (entry: number) => MRF_OFFSET_TABLE_OFFSET + entry * MRF_OFFSET_ENTRY_BYTE_SIZE;
  view.setUint32(at(MRF_OFFSET_ENTRY.header), offsets.headerEntry >>> 0, true);
  view.setUint32(at(MRF_OFFSET_ENTRY.texture), offsets.texture, true);
  view.setUint32(at(MRF_OFFSET_ENTRY.faces), offsets.faces, true);
  view.setUint32(at(MRF_OFFSET_ENTRY.uvs), offsets.uvs, true);
  offsets.keyframes.forEach((offset, index) =>
    view.setUint32(at(MRF_OFFSET_ENTRY.firstKeyframe + index), offset, true),
  );
}
