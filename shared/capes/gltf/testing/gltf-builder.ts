/**
 * An independent glTF writer for tests: builds the JSON and the binary chunk by hand, straight
 * from the glTF 2.0 specification, sharing no code with the importer, the exporter or
 * @gltf-transform/core — so that a test baking its output checks the importer against the spec,
 * not against itself.
 */

type Json = Record<string, unknown>;

const COMPONENT = { UNSIGNED_BYTE: 5121, UNSIGNED_SHORT: 5123, UNSIGNED_INT: 5125, FLOAT: 5126 } as const;

/** A glTF under construction: add accessors and objects, then `glb()` or `gltf()`. */
export class GltfBuilder {
  readonly json: Json & {
    accessors: Json[];
    bufferViews: Json[];
    nodes: Json[];
    meshes: Json[];
    skins: Json[];
    animations: Json[];
    materials: Json[];
    textures: Json[];
    images: Json[];
    scenes: Json[];
  } = {
    asset: { version: '2.0', generator: 'morf test builder' },
    accessors: [],
    bufferViews: [],
    nodes: [],
    meshes: [],
    skins: [],
    animations: [],
    materials: [],
    textures: [],
    images: [],
    scenes: [],
  };
  private chunks: Uint8Array[] = [];
  private byteLength = 0;

  /** Appends raw bytes as a buffer view (4-byte aligned); returns its index. */
  view(bytes: Uint8Array): number {
    const padding = (4 - (this.byteLength % 4)) % 4;
    if (padding) this.push(new Uint8Array(padding));
    this.json.bufferViews.push({ buffer: 0, byteOffset: this.byteLength, byteLength: bytes.length });
    this.push(bytes);
    return this.json.bufferViews.length - 1;
  }

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.byteLength += bytes.length;
  }

  /** A FLOAT accessor of `type` over `values`; POSITION-style min/max added when `bounds`. */
  floats(type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4', values: number[], bounds = false): number {
    const size = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 }[type];
    const array = new Float32Array(values);
    const accessor: Json = {
      bufferView: this.view(new Uint8Array(array.buffer)),
      componentType: COMPONENT.FLOAT,
      type,
      count: values.length / size,
    };
    if (bounds) {
      const min = Array.from({ length: size }, (_, c) => Math.min(...values.filter((_, i) => i % size === c)));
      const max = Array.from({ length: size }, (_, c) => Math.max(...values.filter((_, i) => i % size === c)));
      Object.assign(accessor, { min: min.map(Math.fround), max: max.map(Math.fround) });
    }
    this.json.accessors.push(accessor);
    return this.json.accessors.length - 1;
  }

  /** An unsigned integer accessor (indices SCALAR, or JOINTS_0 VEC4). */
  integers(
    type: 'SCALAR' | 'VEC4',
    values: number[],
    componentType: 'UNSIGNED_BYTE' | 'UNSIGNED_SHORT' | 'UNSIGNED_INT',
  ): number {
    const array =
      componentType === 'UNSIGNED_BYTE'
        ? new Uint8Array(values)
        : componentType === 'UNSIGNED_SHORT'
          ? new Uint16Array(values)
          : new Uint32Array(values);
    this.json.accessors.push({
      bufferView: this.view(new Uint8Array(array.buffer)),
      componentType: COMPONENT[componentType],
      type,
      count: type === 'SCALAR' ? values.length : values.length / 4,
    });
    return this.json.accessors.length - 1;
  }

  /** Adds `object` to the named list; returns its index. */
  add(list: 'nodes' | 'meshes' | 'skins' | 'animations' | 'materials' | 'textures' | 'images', object: Json): number {
    this.json[list].push(object);
    return this.json[list].length - 1;
  }

  /** Sets the default scene to the given root nodes. */
  scene(nodes: number[]): void {
    this.json.scenes = [{ nodes }];
    this.json.scene = 0;
  }

  /** The binary buffer's bytes so far. */
  binary(): Uint8Array {
    const out = new Uint8Array(this.byteLength);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** The JSON with empty lists dropped and the buffer declared (`uri` for a `.gltf`). */
  document(uri?: string): Json {
    const json: Json = {};
    for (const [key, value] of Object.entries(this.json)) {
      if (Array.isArray(value) && value.length === 0) continue;
      json[key] = value;
    }
    if (this.byteLength > 0) json.buffers = [{ byteLength: this.byteLength, ...(uri ? { uri } : {}) }];
    return json;
  }

  /** A GLB: header, JSON chunk (space-padded), BIN chunk (zero-padded). */
  glb(): Uint8Array {
    const text = new TextEncoder().encode(JSON.stringify(this.document()));
    const jsonLength = Math.ceil(text.length / 4) * 4;
    const binary = this.binary();
    const binLength = Math.ceil(binary.length / 4) * 4;
    const total = 12 + 8 + jsonLength + (binary.length ? 8 + binLength : 0);
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, jsonLength, true);
    view.setUint32(16, 0x4e4f534a, true);
    out.fill(0x20, 20, 20 + jsonLength);
    out.set(text, 20);
    if (binary.length) {
      view.setUint32(20 + jsonLength, binLength, true);
      view.setUint32(24 + jsonLength, 0x004e4942, true);
      out.set(binary, 28 + jsonLength);
    }
    return out;
  }

  /** A `.gltf` (JSON text) whose buffer is the file `binName` (give it `binary()`). */
  gltf(binName: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify(this.document(binName), null, 1));
  }
}

/** A quaternion (x, y, z, w) turning `degrees` about the unit axis (x, y, z). */
export function axisAngle(x: number, y: number, z: number, degrees: number): number[] {
  const half = (degrees * Math.PI) / 360;
  const sine = Math.sin(half);
  return [x * sine, y * sine, z * sine, Math.cos(half)];
}

/** A column-major 4×4 translation matrix as 16 numbers. */
export function translationMatrix(x: number, y: number, z: number): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
}
