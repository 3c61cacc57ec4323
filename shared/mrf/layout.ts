/**
 * Byte layout of an MRF ("Morf") file: every size and offset the codec uses, named once.
 *
 * ```
 * header        64 bytes   magic, counts, interval, pivot, radius, initialTime, debugFlag, ignored
 * offset table  (4 + keyframeCount) × uint32 at byte 64: [headerEntry, texture, faces, uvs, keyframe 0…]
 * texture       path read by the engine up to the first '.', NUL or end of chunk
 * faces         cornerCount × uint16
 * uvs           vertexCount × (u, v) float32
 * keyframe i    vertexCount × (px, py, pz, nx, ny, nz) float32
 * ```
 * The offset table is authoritative; the canonical layout puts the chunks in the order above,
 * each padded with zeros to {@link MRF_CHUNK_ALIGNMENT} bytes.
 */

/** The magic the format's files start with; the game does not check it. */
export const MRF_MAGIC = 'Morf';

/** Size of the fixed header. */
export const MRF_HEADER_BYTE_SIZE = 64;

/** Header field offsets (bytes from the start of the file). */
export const MRF_HEADER_OFFSET = {
  magic: 0,
  keyframeCount: 4,
  vertexCount: 8,
  cornerCount: 12,
  frameInterval: 16,
  pivot: 20,
  boundsRadius: 32,
  initialTime: 36,
  debugFlag: 40,
  /** Offsets 44..63 are ignored by the game and kept as they are. */
  ignored: 44,
} as const;

/** Byte size of the magic. */
export const MRF_MAGIC_BYTE_SIZE = 4;

/** The offset table starts right after the header. */
export const MRF_OFFSET_TABLE_OFFSET = MRF_HEADER_BYTE_SIZE;

/** Entries of the offset table before the keyframe offsets: header (always 0), texture, faces, uvs. */
export const MRF_OFFSET_TABLE_FIXED_ENTRIES = 4;

/** Index of each fixed entry in the offset table. */
export const MRF_OFFSET_ENTRY = { header: 0, texture: 1, faces: 2, uvs: 3, firstKeyframe: 4 } as const;

/** Size of one offset table entry (uint32). */
export const MRF_OFFSET_ENTRY_BYTE_SIZE = 4;

/** Every chunk of a canonical file starts at a multiple of this, padded with zeros. */
export const MRF_CHUNK_ALIGNMENT = 16;

/** Size of one face corner (uint16 vertex index). */
export const MRF_CORNER_BYTE_SIZE = 2;

/** Corners per triangle. */
export const MRF_CORNERS_PER_FACE = 3;

/** Floats per UV (u, v). */
export const MRF_FLOATS_PER_UV = 2;

/** Size of one UV. */
export const MRF_UV_BYTE_SIZE = MRF_FLOATS_PER_UV * 4;

/** Floats per vertex in a keyframe: position (x, y, z) then normal (x, y, z). */
export const MRF_FLOATS_PER_VERTEX = 6;

/** Size of one vertex record in a keyframe. */
export const MRF_VERTEX_BYTE_SIZE = MRF_FLOATS_PER_VERTEX * 4;

/** Vertices a uint16 face index can address. */
export const MRF_ADDRESSABLE_VERTEX_COUNT = 0x10000;

/**
 * The most keyframes the reader accepts (about 55 minutes at 30 fps). Keyframe chunks may
 * share bytes, so the file size alone does not bound how many views a hostile header asks for.
 */
export const MRF_MAX_KEYFRAME_COUNT = 100_000;

/** Rounds `byteCount` up to the chunk alignment. */
export function alignToChunk(byteCount: number): number {
  return Math.ceil(byteCount / MRF_CHUNK_ALIGNMENT) * MRF_CHUNK_ALIGNMENT;
}

/** Byte size of the offset table for `keyframeCount` keyframes, before padding. */
export function offsetTableByteLength(keyframeCount: number): number {
  return (MRF_OFFSET_TABLE_FIXED_ENTRIES + keyframeCount) * MRF_OFFSET_ENTRY_BYTE_SIZE;
}
