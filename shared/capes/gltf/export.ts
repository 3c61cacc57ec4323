/**
 * MRF → glTF, in the layout Blender's importer turns into shape keys and an action: one node, one
 * mesh with one primitive whose base is keyframe 0, one morph target per keyframe (POSITION and
 * NORMAL displacements from the base) named in `mesh.extras.targetNames`, and one animation whose
 * `weights` channel is LINEAR with a key per keyframe at k × interval (target k weighted 1 there,
 * every other 0). Axes change as ./axes.ts says; UVs pass unchanged; the header fields glTF has
 * no place for go in the node's `extras.morf` (./extras.ts); the texture, given as PNG bytes, is
 * the material's base colour. Written directly, keyframe by keyframe, as a stream of chunks in
 * reused buffers: this layout is fixed, and a 100 MB cape must convert about as fast as it is
 * copied. Reading (./read.ts) is what goes through @gltf-transform/core, for files from any tool.
 */
import { CodecError } from '../../binary/codec-error';
import { MRF_CORNER_BYTE_SIZE, MRF_FLOATS_PER_VERTEX, MRF_VERTEX_BYTE_SIZE } from '../../mrf/layout';
import type { MrfFile } from '../../mrf/types';
import { MAX_ZERO_FILLED_ACCESSOR_BYTES } from './checks';
import { morfExtras } from './extras';
import { align4, BinaryLayout, GL, glbHead } from './glb-writer';
import { BOUND_PLACEHOLDER, BOUNDS_PER_TARGET, boundSlots, boundsOfTarget, fillBoundSlots } from './glb-bound-slots';

/** What goes with the cape. */
export interface GltfExportOptions {
  /** The cape's texture as PNG bytes, embedded as the material's base colour texture. */
  texturePng?: Uint8Array;
  /** Name of the scene, node, mesh and animation (default `Cape`). */
  name?: string;
}

/** The keyframe rate used for the animation's key times when the cape's own interval is not positive. */
export const FALLBACK_EXPORT_INTERVAL = 1 / 30;

/** The most keyframes an export holds: the weights output of the layout has keyframes² numbers. */
export const MAX_EXPORT_KEYFRAMES = Math.floor(Math.sqrt(MAX_ZERO_FILLED_ACCESSOR_BYTES / 4));

/** Above this many keyframes the weights output (keyframes² numbers, nearly all 0) is written sparse. */
export const SPARSE_WEIGHTS_KEYFRAMES = 256;

/**
 * A GLB as a sequence of chunks, for writing without holding the whole file in memory. The keyframes are read once,
 * as the chunks are made; the bounds of their displacements (which glTF requires in the JSON, at the file's start)
 * are known only then, so the first chunk holds room for them and {@link GlbStream.head} gives it again filled in,
 * to write over the first chunk once every chunk is written.
 */
export interface GlbStream {
  /** Bytes of the whole GLB. */
  byteLength: number;
  /**
   * The GLB's bytes in order. A chunk may be a buffer reused for the next one: write (or copy) it
   * before asking for the next. Throws CodecError on a keyframe glTF cannot hold (NaN, infinity).
   */
  chunks(): Generator<Uint8Array>;
  /** The first chunk with the displacements' bounds filled in (same length), once `chunks()` has run to its end. */
  head(): Uint8Array;
}

/** The cape as a GLB stream: keyframe by keyframe through one reused buffer. */
export function mrfToGlbStream(file: MrfFile, options: GltfExportOptions = {}): GlbStream {
  const plan = planGltf(file, options, undefined);
  const head = glbHead(plan.json, plan.binaryByteLength);
  const slots = boundSlots(head, plan.keyframeCount);
  let finished = false;
  return {
    byteLength: head.length + plan.binaryByteLength,
    *chunks() {
      yield head;
      yield* plan.binaryChunks();
      fillBoundSlots(head, slots, plan.targetBounds);
      finished = true;
    },
    head() {
      if (!finished) throw new Error('the GLB head is complete only once every chunk has been made');
      return head;
    },
  };
}

/** The cape as a GLB in one buffer: every keyframe's displacements made in their place in it. */
export function mrfToGlb(file: MrfFile, options: GltfExportOptions = {}): Uint8Array {
  const plan = planGltf(file, options, undefined);
  const head = glbHead(plan.json, plan.binaryByteLength);
  const slots = boundSlots(head, plan.keyframeCount);
  const glb = new Uint8Array(head.length + plan.binaryByteLength);
  writeBinary(plan, glb.subarray(head.length));
  fillBoundSlots(head, slots, plan.targetBounds);
  glb.set(head, 0);
  return glb;
}

/**
 * The cape as a `.gltf` and the files beside it: `{baseName}.bin` (the buffer) and, with a
 * texture, `{baseName}.png`. `json` is the `.gltf` text's bytes; `resources` maps each file name
 * to its bytes (the JSON names them as percent-encoded URIs).
 */
export function mrfToGltfFiles(
  file: MrfFile,
  baseName: string,
  options: GltfExportOptions = {},
): { json: Uint8Array; resources: Record<string, Uint8Array> } {
  const plan = planGltf(file, options, baseName);
  const binary = new Uint8Array(plan.binaryByteLength);
  writeBinary(plan, binary);
  const resources: Record<string, Uint8Array> = { [`${baseName}.bin`]: binary };
  if (options.texturePng) resources[`${baseName}.png`] = options.texturePng;
  plan.targetAccessors.forEach((accessor, key) => Object.assign(accessor, boundsOfTarget(plan.targetBounds, key)));
  return { json: new TextEncoder().encode(`${JSON.stringify(plan.json, null, 2)}\n`), resources };
}

/** Writes the plan's binary buffer into `into` (zero-filled, as long as the buffer, on a 4-byte boundary). */
function writeBinary(plan: ReturnType<typeof planGltf>, into: Uint8Array): void {
  for (const chunk of plan.binaryChunks(into)) void chunk;
}

function uriOf(name: string): string {
  return encodeURI(name);
}

/**
 * The glTF JSON and a generator of its binary buffer's bytes. `baseName` undefined keeps the buffer
 * and the image inside a GLB; a name points the JSON at the `.bin` and `.png` files beside it. The
 * keyframes are read once, as the chunks are made, and their displacements' bounds (`targetBounds`, six per keyframe)
 * are known after: the JSON holds placeholders for them on the target accessors (`targetAccessors`) until then.
 */
function planGltf(file: MrfFile, options: GltfExportOptions, baseName: string | undefined) {
  const vertexCount = file.uvs.length / 2;
  const keyframeCount = file.keyframes.length;
  checkTopology(file, vertexCount);
  const name = options.name ?? 'Cape';
  const inGlb = baseName === undefined;
  const sparse = keyframeCount > SPARSE_WEIGHTS_KEYFRAMES;
  const vec3Bytes = vertexCount * 12;
  const float = (bufferView: number, count: number, type: string) => ({
    bufferView,
    componentType: GL.FLOAT,
    count,
    type,
  });

  const basePositions = new Float32Array(vertexCount * 3);
  const baseNormals = new Float32Array(vertexCount * 3);
  writeBase(file.keyframes[0]!, basePositions, baseNormals);
  const interval =
    file.header.frameInterval > 0 && Number.isFinite(file.header.frameInterval)
      ? file.header.frameInterval
      : FALLBACK_EXPORT_INTERVAL;

  const layout = new BinaryLayout();
  // Base positions, normals, UVs and indices are one chunk: their views follow one another.
  const positionView = layout.reserve(vec3Bytes, GL.ARRAY_BUFFER);
  const normalView = layout.reserve(vec3Bytes, GL.ARRAY_BUFFER);
  const uvView = layout.reserve(vertexCount * 8, GL.ARRAY_BUFFER);
  const indexView = layout.reserve(file.faces.length * MRF_CORNER_BYTE_SIZE, GL.ELEMENT_ARRAY_BUFFER);
  const accessors: Record<string, unknown>[] = [
    { ...float(positionView, vertexCount, 'VEC3'), ...bounds(basePositions) },
    float(normalView, vertexCount, 'VEC3'),
    float(uvView, vertexCount, 'VEC2'),
    { bufferView: indexView, componentType: GL.UNSIGNED_SHORT, count: file.faces.length, type: 'SCALAR' },
  ];
  const targets: { POSITION: number; NORMAL: number }[] = [];
  const targetViews: number[] = [];
  const targetAccessors: Record<string, unknown>[] = [];
  const targetBounds = new Float64Array(keyframeCount * BOUNDS_PER_TARGET);
  const placeholders = () => [BOUND_PLACEHOLDER, BOUND_PLACEHOLDER, BOUND_PLACEHOLDER];
  for (let key = 0; key < keyframeCount; key += 1) {
    const positionDeltaView = layout.reserve(vec3Bytes, GL.ARRAY_BUFFER);
    targetViews.push(positionDeltaView);
    const normalDeltaView = layout.reserve(vec3Bytes, GL.ARRAY_BUFFER);
    targets.push({ POSITION: accessors.length, NORMAL: accessors.length + 1 });
    const positionAccessor = {
      ...float(positionDeltaView, vertexCount, 'VEC3'),
      min: placeholders(),
      max: placeholders(),
    };
    targetAccessors.push(positionAccessor);
    accessors.push(positionAccessor, float(normalDeltaView, vertexCount, 'VEC3'));
  }
  const timeView = layout.reserve(keyframeCount * 4);
  const timeAccessor = accessors.length;
  accessors.push({
    ...float(timeView, keyframeCount, 'SCALAR'),
    min: [0],
    max: [Math.fround((keyframeCount - 1) * interval)],
  });
  const weightAccessor = accessors.length;
  const weightViews = sparse
    ? [layout.reserve(keyframeCount * 4), layout.reserve(keyframeCount * 4)]
    : [layout.reserve(keyframeCount * keyframeCount * 4)];
  if (sparse) {
    accessors.push({
      componentType: GL.FLOAT,
      count: keyframeCount * keyframeCount,
      type: 'SCALAR',
      sparse: {
        count: keyframeCount,
        indices: { bufferView: weightViews[0], componentType: GL.UNSIGNED_INT },
        values: { bufferView: weightViews[1] },
      },
    });
  } else accessors.push(float(weightViews[0]!, keyframeCount * keyframeCount, 'SCALAR'));
  const imageView = options.texturePng && inGlb ? layout.reserve(options.texturePng.length) : -1;

  const materialName = file.texturePath || name;
  const json = {
    asset: { version: '2.0', generator: 'Morf Studio' },
    scene: 0,
    scenes: [{ name, nodes: [0] }],
    nodes: [{ name, mesh: 0, extras: { morf: morfExtras(file) } }],
    meshes: [
      {
        name,
        primitives: [
          { attributes: { POSITION: 0, NORMAL: 1, TEXCOORD_0: 2 }, indices: 3, material: 0, mode: 4, targets },
        ],
        weights: new Array<number>(keyframeCount).fill(0),
        extras: { targetNames: Array.from({ length: keyframeCount }, (_, key) => `keyframe ${key}`) },
      },
    ],
    materials: [
      {
        name: materialName,
        doubleSided: true,
        pbrMetallicRoughness: {
          metallicFactor: 0,
          roughnessFactor: 1,
          ...(options.texturePng ? { baseColorTexture: { index: 0 } } : {}),
        },
      },
    ],
    ...(options.texturePng
      ? {
          textures: [{ name: materialName, source: 0 }],
          images: [
            inGlb
              ? { name: materialName, bufferView: imageView, mimeType: 'image/png' }
              : { name: materialName, uri: uriOf(`${baseName}.png`) },
          ],
        }
      : {}),
    animations: [
      {
        name,
        samplers: [{ input: timeAccessor, output: weightAccessor, interpolation: 'LINEAR' }],
        channels: [{ sampler: 0, target: { node: 0, path: 'weights' } }],
      },
    ],
    buffers: [{ byteLength: layout.totalByteLength, ...(inGlb ? {} : { uri: uriOf(`${baseName}.bin`) }) }],
    bufferViews: layout.views,
    accessors,
  };

  /**
   * The binary buffer's bytes in order, or — given `into`, zero-filled and as long as the buffer, on a 4-byte
   * boundary — the buffer written into it (nothing yielded; each keyframe's displacements are made in place).
   */
  function* binaryChunks(into?: Uint8Array): Generator<Uint8Array> {
    let written = 0;
    /** `chunk`, after the zeros that bring the buffer to its view's offset (or copied there in `into`). */
    function* at(view: number, chunk: Uint8Array): Generator<Uint8Array> {
      const offset = layout.views[view]!.byteOffset;
      if (into) into.set(chunk, offset);
      else {
        if (offset > written) yield new Uint8Array(offset - written);
        yield chunk;
      }
      written = offset + chunk.length;
    }
    const baseEnd = align4(layout.views[indexView]!.byteOffset + layout.views[indexView]!.byteLength);
    const baseChunk = new Uint8Array(baseEnd);
    const floats = new Float32Array(baseChunk.buffer);
    floats.set(basePositions, layout.views[positionView]!.byteOffset / 4);
    floats.set(baseNormals, layout.views[normalView]!.byteOffset / 4);
    floats.set(file.uvs, layout.views[uvView]!.byteOffset / 4);
    baseChunk.set(
      new Uint8Array(file.faces.buffer, file.faces.byteOffset, file.faces.byteLength),
      layout.views[indexView]!.byteOffset,
    );
    yield* at(positionView, baseChunk);
    // Streamed: one buffer, reused for every keyframe (its position, then its normal displacements). Given `into`:
    // the keyframe's own place there.
    const reused = into ? null : new Uint8Array(vec3Bytes * 2);
    for (let key = 0; key < keyframeCount; key += 1) {
      const offset = layout.views[targetViews[key]!]!.byteOffset;
      const target = reused ?? into!.subarray(offset, offset + vec3Bytes * 2);
      const positionDeltas = new Float32Array(target.buffer, target.byteOffset, vertexCount * 3);
      const normalDeltas = new Float32Array(target.buffer, target.byteOffset + vec3Bytes, vertexCount * 3);
      const keyframe = file.keyframes[key]!;
      const vertex = writeDeltas(keyframe, basePositions, baseNormals, positionDeltas, normalDeltas, targetBounds, key);
      if (vertex >= 0) refuseNonFinite(file, key, vertex);
      if (reused) yield* at(targetViews[key]!, reused);
      else written = offset + target.length;
    }
    const times = new Float32Array(keyframeCount);
    for (let key = 0; key < keyframeCount; key += 1) times[key] = key * interval;
    yield* at(timeView, new Uint8Array(times.buffer));
    if (sparse) {
      const indices = new Uint32Array(keyframeCount);
      for (let key = 0; key < keyframeCount; key += 1) indices[key] = key * keyframeCount + key;
      yield* at(weightViews[0]!, new Uint8Array(indices.buffer));
      yield* at(weightViews[1]!, new Uint8Array(new Float32Array(keyframeCount).fill(1).buffer));
    } else {
      const weights = new Float32Array(keyframeCount * keyframeCount);
      for (let key = 0; key < keyframeCount; key += 1) weights[key * keyframeCount + key] = 1;
      yield* at(weightViews[0]!, new Uint8Array(weights.buffer));
    }
    if (imageView >= 0) yield* at(imageView, options.texturePng!);
    if (!into && layout.totalByteLength > written) yield new Uint8Array(layout.totalByteLength - written);
  }

  return { json, binaryByteLength: layout.totalByteLength, binaryChunks, keyframeCount, targetAccessors, targetBounds };
}

/** Keyframe 0 in glTF axes: positions, and normals scaled to unit length (a zero one becomes +Y). */
function writeBase(base: Float32Array, positions: Float32Array, normals: Float32Array): void {
  for (let to = 0, from = 0; to < positions.length; to += 3, from += MRF_FLOATS_PER_VERTEX) {
    positions[to] = base[from]!;
    positions[to + 1] = base[from + 2]!;
    positions[to + 2] = -base[from + 1]!;
    const nx = base[from + 3]!;
    const ny = base[from + 5]!;
    const nz = -base[from + 4]!;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const unit = length > 0 && Number.isFinite(length);
    normals[to] = unit ? nx / length : 0;
    normals[to + 1] = unit ? ny / length : 1;
    normals[to + 2] = unit ? nz / length : 0;
  }
}

/**
 * A keyframe's displacements from the base in glTF axes, as float32, and the bounds of its position displacements
 * into `bounds` (six from `key × 6`: min x, y, z, max x, y, z — glTF requires them on every POSITION accessor) in
 * the same pass. Each displacement is stored as its double difference rounded to float32, and rounding keeps order,
 * so the bounds of the doubles, rounded once at the end, are exactly those of the values stored. Returns the first
 * vertex holding NaN or an infinity, or -1.
 */
function writeDeltas(
  keyframe: Float32Array,
  basePositions: Float32Array,
  baseNormals: Float32Array,
  positionDeltas: Float32Array,
  normalDeltas: Float32Array,
  bounds: Float64Array,
  key: number,
): number {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  // Any NaN or infinity makes the sum non-finite (so may huge finite numbers: the vertices are then looked at).
  let sum = 0;
  const length = basePositions.length;
  for (let at = 0, from = 0; at < length; at += 3, from += MRF_FLOATS_PER_VERTEX) {
    const x = keyframe[from]!;
    const y = keyframe[from + 1]!;
    const z = keyframe[from + 2]!;
    const nx = keyframe[from + 3]!;
    const ny = keyframe[from + 4]!;
    const nz = keyframe[from + 5]!;
    sum += x + y + z + nx + ny + nz;
    const dx = x - basePositions[at]!;
    const dy = z - basePositions[at + 1]!;
    const dz = -y - basePositions[at + 2]!;
    positionDeltas[at] = dx;
    positionDeltas[at + 1] = dy;
    positionDeltas[at + 2] = dz;
    normalDeltas[at] = nx - baseNormals[at]!;
    normalDeltas[at + 1] = nz - baseNormals[at + 1]!;
    normalDeltas[at + 2] = -ny - baseNormals[at + 2]!;
    minX = dx < minX ? dx : minX;
    maxX = dx > maxX ? dx : maxX;
    minY = dy < minY ? dy : minY;
    maxY = dy > maxY ? dy : maxY;
    minZ = dz < minZ ? dz : minZ;
    maxZ = dz > maxZ ? dz : maxZ;
  }
  const at = key * BOUNDS_PER_TARGET;
  bounds[at] = minX;
  bounds[at + 1] = minY;
  bounds[at + 2] = minZ;
  bounds[at + 3] = maxX;
  bounds[at + 4] = maxY;
  bounds[at + 5] = maxZ;
  if (sum - sum === 0) return -1;
  for (let vertex = 0; vertex < length / 3; vertex += 1)
    for (let component = 0; component < MRF_FLOATS_PER_VERTEX; component += 1)
      if (!Number.isFinite(keyframe[vertex * MRF_FLOATS_PER_VERTEX + component]!)) return vertex;
  return -1;
}

/** The min/max of a VEC3 array. */
function bounds(values: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let at = 0; at < values.length; at += 3) {
    for (let axis = 0; axis < 3; axis += 1) {
      const value = values[at + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return { min, max };
}

function exportError(where: string, offset: number, detail: string): CodecError {
  return new CodecError({
    format: 'mrf',
    kind: 'unsupported',
    where,
    offset,
    detail: `${detail}; glTF cannot hold it`,
  });
}

/** Throws when one of the vertex's numbers is NaN or infinite (its sum may also overflow with all finite). */
function refuseNonFinite(file: MrfFile, key: number, vertex: number): void {
  const values = file.keyframes[key]!.subarray(vertex * MRF_FLOATS_PER_VERTEX, (vertex + 1) * MRF_FLOATS_PER_VERTEX);
  const bad = values.findIndex((value) => !Number.isFinite(value));
  if (bad < 0) return;
  throw exportError(
    `keyframes[${key}].vertices[${vertex}]`,
    (file.layout?.keyframeOffsets[key] ?? 0) + vertex * MRF_VERTEX_BYTE_SIZE,
    `a ${bad < 3 ? 'position' : 'normal'} holds ${values[bad]}`,
  );
}

/** Refuses what glTF cannot hold: no keyframes, partial triangles, corners past the vertices, non-finite UVs. */
function checkTopology(file: MrfFile, vertexCount: number): void {
  const layout = file.layout;
  const keyframeCount = file.keyframes.length;
  if (keyframeCount * keyframeCount * 4 > MAX_ZERO_FILLED_ACCESSOR_BYTES) {
    throw new CodecError({
      format: 'mrf',
      kind: 'limit',
      where: 'header.keyframeCount',
      offset: 4,
      detail:
        `${keyframeCount} keyframes need ${keyframeCount}² morph weights in glTF, more than a glTF reader should ` +
        `allocate (${MAX_ZERO_FILLED_ACCESSOR_BYTES} bytes): export at most ${MAX_EXPORT_KEYFRAMES} keyframes`,
    });
  }
  if (file.keyframes.length === 0 || vertexCount === 0)
    throw exportError('header', 0, 'the cape has no keyframes or no vertices');
  if (file.faces.length % 3 !== 0) {
    throw exportError(
      'faces',
      layout?.facesOffset ?? 0,
      `${file.faces.length} corners is not a whole number of triangles`,
    );
  }
  for (let corner = 0; corner < file.faces.length; corner += 1) {
    if (file.faces[corner]! >= vertexCount) {
      throw exportError(
        `faces[${corner}]`,
        (layout?.facesOffset ?? 0) + corner * MRF_CORNER_BYTE_SIZE,
        `the corner names vertex ${file.faces[corner]}, past the ${vertexCount} vertices`,
      );
    }
  }
  for (let index = 0; index < file.uvs.length; index += 1) {
    if (!Number.isFinite(file.uvs[index]!)) {
      throw exportError(`uvs[${index >> 1}]`, (layout?.uvsOffset ?? 0) + index * 4, `UV ${file.uvs[index]}`);
    }
  }
}
