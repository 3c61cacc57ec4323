/**
 * The in-memory MRF file: what `readMrf` returns and `writeMrf` takes.
 */

/** The named header fields. Counts are derived from the arrays when writing. */
export interface MrfHeader {
  /** The four magic bytes as latin1 text; `Morf` in every known file (the game does not check it). */
  magic: string;
  /** Keyframes as stored in the header (equals `keyframes.length` after reading). */
  keyframeCount: number;
  /** Vertices as stored in the header (equals `uvs.length / 2` after reading). */
  vertexCount: number;
  /** Face corners as stored in the header (equals `faces.length` after reading). */
  cornerCount: number;
  /** Seconds between keyframes (1 / fps). 0: the game does not render; negative: last keyframe only. */
  frameInterval: number;
  /** Pivot point [x, y, z]; the game ignores it. */
  pivot: [number, number, number];
  /** Bounds radius; the game ignores it in screen space. */
  boundsRadius: number;
  /**
   * Animation time in seconds at the show event (float32 at byte 36). Negative delays the start,
   * positive starts part-way in.
   */
  initialTime: number;
  /** uint32 at byte 40, a debug flag in the game's parser. */
  debugFlag: number;
}

/** Where a chunk was found in the file it was read from. */
export interface MrfChunkSpan {
  /** `header`, `offsetTable`, `texture`, `faces`, `uvs` or `keyframes[i]`. */
  name: string;
  offset: number;
  /** Bytes the chunk's content occupies (without padding). */
  byteLength: number;
}

/** The placement of the chunks in the file that was read (absent for files built in memory). */
export interface MrfSourceLayout {
  fileByteLength: number;
  /** The offset table's first entry (0 in every known file). */
  headerEntry: number;
  textureOffset: number;
  facesOffset: number;
  uvsOffset: number;
  keyframeOffsets: readonly number[];
  /** Bytes of the texture chunk: from its offset to the next chunk (or the end of the file). */
  textureChunkByteLength: number;
}

/**
 * An MRF file. Arrays read from a file are zero-copy views over its bytes where aligned:
 * writing into them changes the input buffer (copy with `cloneMrf` before editing in place).
 */
export interface MrfFile {
  header: MrfHeader;
  /**
   * The 64 header bytes as read (or zeros for a new file). The writer starts from these and
   * overwrites only the named fields that changed, so ignored bytes survive a round trip.
   */
  headerBytes: Uint8Array;
  /** The offset table's first entry, written back as is (0 in every known file). */
  headerEntry: number;
  /** The texture path as the engine reads it: up to the first '.', NUL or the end of the chunk. */
  texturePath: string;
  /**
   * The texture chunk's raw bytes (path, extension, terminator, padding). Written as is while
   * `texturePath` still matches them; see `setMrfTexturePath`.
   */
  textureBytes: Uint8Array;
  /** Face corners: `cornerCount` vertex indices, three per triangle. */
  faces: Uint16Array;
  /** Per-vertex (u, v), as stored (V not flipped). */
  uvs: Float32Array;
  /** One array per keyframe: `[px, py, pz, nx, ny, nz] × vertexCount`, interleaved. */
  keyframes: Float32Array[];
  /**
   * Non-zero padding bytes found after a chunk (`offsetTable`, `faces`, `uvs`, `keyframes[i]`),
   * written back where the chunk keeps its size so that exporters' stray padding round-trips.
   * Only chunks whose padding is not all zeros appear.
   */
  padding?: Map<string, Uint8Array>;
  /** The chunk placement of the source file, for validation; undefined when built in memory. */
  layout?: MrfSourceLayout;
}
