/**
 * Test support: writes KF2 files from the spec and issue 15's definition of its types — the plain
 * layout by default (int32, uint32, float32, one-byte bools, uint32-length strings, raw vectors and
 * matrices, little-endian, chunk sizes counting the data only) — or, on request, the tagged layout
 * (a type tag before every value, integers in the fewest bytes, chunk sizes counting the 13-byte
 * header unless asked otherwise). Shares no code with the reader. Never imported by production code.
 */

/** Which layout a {@link Kf2Writer} writes: issue 15's `plain` one, or the tools' `tagged` one. */
export type Kf2WriterLayout = 'plain' | 'tagged';

/** A byte sink writing KF2 primitives in one layout. */
export class Kf2Writer {
  readonly bytes: number[] = [];

  constructor(readonly layout: Kf2WriterLayout = 'plain') {}

  private get tagged(): boolean {
    return this.layout === 'tagged';
  }

  private little(value: number, width: number): this {
    let rest = value < 0 ? value + 2 ** (8 * width) : value;
    for (let index = 0; index < width; index += 1) {
      this.bytes.push(rest % 256);
      rest = Math.floor(rest / 256);
    }
    return this;
  }

  private float32(value: number): this {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value, true);
    for (let index = 0; index < 4; index += 1) this.bytes.push(view.getUint8(index));
    return this;
  }

  /** M_Int: plain int32; tagged 0x14/0x13/0x12/0x02 by magnitude, as the tools pick. */
  int(value: number): this {
    if (!this.tagged) return this.little(value, 4);
    const magnitude = Math.abs(value);
    if (magnitude > 0x7fffff) return this.tag(0x02).little(value, 4);
    if (magnitude > 0x7fff) return this.tag(0x12).little(value, 3);
    if (magnitude > 0x7f) return this.tag(0x13).little(value, 2);
    return this.tag(0x14).little(value, 1);
  }

  /** M_Unsigned_Int: plain uint32; tagged 0x11/0x10/0x0F/0x03 by size. */
  uint(value: number): this {
    if (!this.tagged) return this.little(value, 4);
    if (value > 0xffffff) return this.tag(0x03).little(value, 4);
    if (value > 0xffff) return this.tag(0x0f).little(value, 3);
    if (value > 0xff) return this.tag(0x10).little(value, 2);
    return this.tag(0x11).little(value, 1);
  }

  /** An int32 always in four bytes (tagged: tag 0x02, as other writers may do). */
  int32(value: number): this {
    return (this.tagged ? this.tag(0x02) : this).little(value, 4);
  }

  /** M_Unsigned_Char: plain one byte; tagged 0x08 and the byte. */
  unsignedChar(value: number): this {
    return (this.tagged ? this.tag(0x08) : this).little(value, 1);
  }

  /** M_Float: float32 (tagged: after 0x09). */
  float(value: number): this {
    return (this.tagged ? this.tag(0x09) : this).float32(value);
  }

  /** M_Bool: one byte (tagged: after 0x0E). */
  bool(value: boolean): this {
    return (this.tagged ? this.tag(0x0e) : this).raw([value ? 1 : 0]);
  }

  /** M_String: plain a uint32 length; tagged 0x0D and a tagged length; then the Latin-1 bytes. */
  string(text: string): this {
    if (this.tagged) this.tag(0x0d).int(text.length);
    else this.little(text.length, 4);
    for (const character of text) this.bytes.push(character.charCodeAt(0));
    return this;
  }

  /** M_Vector3: three float32 (tagged: after 0x16). */
  vector3(values: number[]): this {
    if (this.tagged) this.tag(0x16);
    for (const value of values) this.float32(value);
    return this;
  }

  /** M_Matrix4x3 from four rows of three (tagged: after 0x1A). */
  matrix(rows: number[][]): this {
    if (this.tagged) this.tag(0x1a);
    for (const row of rows) for (const value of row) this.float32(value);
    return this;
  }

  /** Skin version 1's `unsigned byte type_tag`: 0x1C, in both layouts. */
  typeTag(): this {
    return this.tag(0x1c);
  }

  /** One byte as given. */
  tag(value: number): this {
    this.bytes.push(value);
    return this;
  }

  raw(values: ArrayLike<number>): this {
    for (let index = 0; index < values.length; index += 1) this.bytes.push(values[index]!);
    return this;
  }

  rawFloats(values: number[]): this {
    for (const value of values) this.float32(value);
    return this;
  }

  rawUint16s(values: number[]): this {
    for (const value of values) this.little(value, 2);
    return this;
  }

  /**
   * A chunk: 0x0C, id, version, size; its body written in this writer's layout. The size is the
   * data's bytes (plain, the spec), or in the tagged layout the data and the 13 header bytes (the
   * tools) unless `dataSize`.
   */
  chunk(id: number, version: number, body: (writer: Kf2Writer) => void, dataSize = false): this {
    const inner = new Kf2Writer(this.layout);
    body(inner);
    this.tag(0x0c).little(id, 4).little(version, 4);
    this.little(inner.bytes.length + (this.tagged && !dataSize ? 13 : 0), 4);
    return this.raw(inner.bytes);
  }

  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** The identity Matrix4x3. */
export const IDENTITY_ROWS = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [0, 0, 0],
];

/** Direct3D's rotation about Y by 90° (row vectors: (1, 0, 0) → (0, 0, −1)), at `translation`. */
export function yQuarterRows(translation = [0, 0, 0]): number[][] {
  return [[0, 0, -1], [0, 1, 0], [1, 0, 0], translation];
}

/** A Node sub-chunk, version 1. */
export function nodeChunk(writer: Kf2Writer, name: string, parent = '', rows = IDENTITY_ROWS, version = 1): void {
  writer.chunk(0x00010000, version, (node) => {
    node
      .string(name)
      .string(parent)
      .matrix(rows)
      .bool(parent !== '');
    if (version >= 1) node.string('');
  });
}

/** A Keyframe Animation chunk of `version` for `object` at `fps`: keys [frame, rows]. */
export function keyframeChunk(
  writer: Kf2Writer,
  version: number,
  object: string,
  fps: number,
  keys: [number, number[][]][],
) {
  writer.chunk(0x00010012, version, (chunk) => {
    chunk.chunk(0x00010013, 0, (info) => info.string(object).int(fps).bool(true));
    // num_total_keyframes: the frames spanned, one fewer before version 5 (the spec's notes).
    const spanned = Math.max(0, ...keys.map(([frame]) => frame + 1));
    chunk
      .string('')
      .bool(false)
      .uint(version < 5 ? Math.max(0, spanned - 1) : spanned)
      .uint(keys.length);
    for (const [frame, rows] of keys) chunk.uint(frame).matrix(rows);
    if (version >= 1) chunk.uint(1).uint(0).float(1);
    if (version >= 2) chunk.uint(0);
    if (version >= 3) chunk.int(1);
    if (version >= 4) chunk.bool(false);
  });
}

/** A texture sub-chunk (version 1) naming `file`. */
export function textureChunk(writer: Kf2Writer, name: string, files: string[], animated = files.length > 1): void {
  writer.chunk(0x00010011, 1, (texture) => {
    texture.string(name).int(0).int(2).int(files.length);
    for (const file of files) texture.string(file);
    if (animated) texture.bool(true).bool(false).int(0).int(15).int(0);
  });
}

/** A material sub-chunk of `version` with a diffuse texture. */
export function materialChunk(writer: Kf2Writer, version: number, name: string, texture: string): void {
  writer.chunk(0x00010010, version, (material) => {
    material.string(name).bool(false).bool(true).bool(false).bool(false).bool(false);
    material.int(1).int(0).int(0);
    for (let index = 0; index < 12; index += 1) material.float(index / 12);
    material.float(1).float(8).int(0).int(0).float(0);
    material.bool(true);
    textureChunk(material, `${name} texture`, [texture]);
    material.bool(false).bool(false).bool(false);
    if (version >= 1) material.bool(false).int(0).bool(true);
    if (version >= 2) material.bool(false).bool(false).int(0);
  });
}

/** How {@link capeScene} is written: the layout (plain by default) and, tagged, sizes of the data alone. */
export interface CapeSceneOptions {
  layout?: Kf2WriterLayout;
  dataSize?: boolean;
}

/**
 * The cape scene (Mesh version 2 with version 1 sub-chunks, Skin version 1, Keyframe Animation
 * `animationVersion`), in Direct3D's axes: a triangle "cape" at (1, 0, 0), (0, 0, 1), (0, 1, 0);
 * vertex 0 on "bone1" alone, vertex 1 half on "bone1" and half on "bone2", vertex 2 on "bone2"
 * alone. Over 30 frames at 30 fps, bone1 turns 90° about Y, bone2 rises by 2 along Y.
 */
export function capeScene(animationVersion = 5, options: CapeSceneOptions = {}): Uint8Array {
  const { layout = 'plain', dataSize = false } = options;
  const writer = new Kf2Writer(layout);
  writer.chunk(
    0x0001000f,
    0,
    (list) => {
      list.string('textures;more').int(1);
      materialChunk(list, 2, 'cloth', 'cape.tga');
    },
    dataSize,
  );
  for (const bone of ['bone1', 'bone2']) writer.chunk(0x00010005, 2, (mesh) => nodeChunk(mesh, bone), dataSize);
  writer.chunk(
    0x00010005,
    2,
    (mesh) => {
      nodeChunk(mesh, 'cape');
      mesh.chunk(0x00010006, 1, (geometry) => {
        geometry.uint(3).rawFloats([1, 0, 0, 0, 0, 1, 0, 1, 0]).rawFloats([1, 0, 0, 0, 0, 1, 0, 1, 0]);
        geometry.uint(1).uint(3);
      });
      mesh.chunk(0x00010007, 1, (polygons) => polygons.uint(3).rawUint16s([0, 1, 2]).uint(1).uint(1));
      mesh.chunk(0x0001000c, 1, (materials) => materials.int(1).string('cloth'));
      mesh.chunk(0x0001000e, 1, (uv) => uv.uint(0).uint(3).rawFloats([0, 0, 0, 1, 0, 0, 0, 0.25, 0]).uint(1).uint(3));
    },
    dataSize,
  );
  writer.chunk(
    0x00010014,
    1,
    (skin) => {
      skin.typeTag().int(1).string('cape');
      skin.typeTag().int(2).string('bone1').string('bone2');
      skin.typeTag().int(3).int(0).int(1).int(3);
      skin.typeTag().int(3).int(1).int(2).int(1);
      skin.typeTag().int(4).int(0).int(0).int(1).int(1);
      skin.typeTag().int(4).float(1).float(0.5).float(0.5).float(1);
      skin.typeTag().int(1).uint(3);
      skin.typeTag().int(1).uint(0);
    },
    dataSize,
  );
  keyframeChunk(writer, animationVersion, 'bone1', 30, [
    [0, IDENTITY_ROWS],
    [30, yQuarterRows()],
  ]);
  keyframeChunk(writer, animationVersion, 'bone2', 30, [
    [0, IDENTITY_ROWS],
    [30, [...IDENTITY_ROWS.slice(0, 3), [0, 2, 0]]],
  ]);
  return writer.done();
}
