/**
 * Test support: writes EMF parts byte by byte from the spec alone (big-endian, the 16-byte
 * header, fixed-size names), sharing no code with the reader. Never imported by production code.
 */

/** One vertex as the spec lays it out. */
export interface BuiltEmfVertex {
  bone: number;
  position: [number, number, number];
  normal: [number, number, number];
  uv: [number, number];
}

/** One keyframe as the spec lays it out (angles in radians). */
export interface BuiltEmfKeyframe {
  bone: number;
  time: number;
  position: [number, number, number];
  rotation: [number, number, number];
}

class BigEndianBytes {
  private readonly bytes: number[] = [];

  uint64(value: number): this {
    const high = Math.floor(value / 2 ** 32);
    const low = value % 2 ** 32;
    for (const word of [high, low])
      this.bytes.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
    return this;
  }

  raw(values: number[]): this {
    this.bytes.push(...values);
    return this;
  }

  float(value: number): this {
    const word = new DataView(new ArrayBuffer(4));
    word.setFloat32(0, value, false);
    for (let index = 0; index < 4; index += 1) this.bytes.push(word.getUint8(index));
    return this;
  }

  name(text: string, size: number): this {
    for (let index = 0; index < size; index += 1) this.bytes.push(index < text.length ? text.charCodeAt(index) : 0);
    return this;
  }

  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function header(type: number): BigEndianBytes {
  return new BigEndianBytes().raw([0xa6, 0x55, 0x10, 0x40, 0x63, 0xd8, 0x59, 0x22]).uint64(type);
}

/** A manifest (iType 0). */
export function emfManifestBytes(material: string, framerate: number, animations: string[], count = animations.length) {
  const bytes = header(0).name(material, 256).uint64(framerate).uint64(count);
  for (const animation of animations) bytes.name(animation, 64);
  return bytes.done();
}

/** Vertex data (iType 1) or a collision mesh (iType 2): three vertices a triangle. */
export function emfMeshBytes(vertices: BuiltEmfVertex[], type = 1, count = vertices.length / 3): Uint8Array {
  const bytes = header(type).uint64(count);
  for (const vertex of vertices) {
    bytes.uint64(vertex.bone);
    for (const value of [...vertex.position, ...vertex.normal, ...vertex.uv]) bytes.float(value);
  }
  return bytes.done();
}

/** A skeleton (iType 3). */
export function emfSkeletonBytes(bones: { id: number; name: string }[], count = bones.length): Uint8Array {
  const bytes = header(3).uint64(count);
  for (const bone of bones) bytes.uint64(bone.id).name(bone.name, 64);
  return bytes.done();
}

/** Keyframes (iType 4). */
export function emfKeyframesBytes(keyframes: BuiltEmfKeyframe[], count = keyframes.length): Uint8Array {
  const bytes = header(4).uint64(count);
  for (const key of keyframes) {
    bytes.uint64(key.bone).uint64(key.time);
    for (const value of [...key.position, ...key.rotation]) bytes.float(value);
  }
  return bytes.done();
}

/**
 * A small set: `wolf.emf` with material `Textures\Cape.blp`, 30 fps, animations "idle" and "swing";
 * one triangle on bone 7 ("root"), one on bone 9 ("tip"). In "idle" both bones sit at their bind
 * pose (identity for root, translated by (0, 0, 5) for tip) at frame 0 and 30. In "swing" root
 * turns 90° about Z from frame 0 to 30, and tip moves from (0, 0, 5) to (0, 0, 6) while turning
 * 90° about Z.
 */
export function wolfSet(): Record<string, Uint8Array> {
  const quarter = Math.PI / 2;
  const triangle = (bone: number, z: number): BuiltEmfVertex[] => [
    { bone, position: [1, 0, z], normal: [1, 0, 0], uv: [0, 0] },
    { bone, position: [0, 1, z], normal: [0, 1, 0], uv: [1, 0.25] },
    { bone, position: [0, 0, z], normal: [0, 0, 1], uv: [0, 1] },
  ];
  const still = (bone: number, z: number, time: number): BuiltEmfKeyframe => ({
    bone,
    time,
    position: [0, 0, z],
    rotation: [0, 0, 0],
  });
  return {
    'wolf.emf': emfManifestBytes('Textures\\Cape.blp', 30, ['idle', 'swing']),
    'wolf.emf.vtx': emfMeshBytes([...triangle(7, 0), ...triangle(9, 5)]),
    'wolf.emf.coll': emfMeshBytes(triangle(7, 0), 2),
    'wolf.emf.skel': emfSkeletonBytes([
      { id: 7, name: 'root' },
      { id: 9, name: 'tip' },
    ]),
    'wolf.emf.anim.idle': emfKeyframesBytes([still(7, 0, 0), still(9, 5, 0), still(7, 0, 30), still(9, 5, 30)]),
    'wolf.emf.anim.swing': emfKeyframesBytes([
      still(7, 0, 0),
      { bone: 7, time: 30, position: [0, 0, 0], rotation: [0, 0, quarter] },
      { bone: 9, time: 30, position: [0, 0, 6], rotation: [0, 0, quarter] },
      still(9, 5, 0),
    ]),
  };
}
