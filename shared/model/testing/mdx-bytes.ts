/**
 * Fixture builders for MDX tests: byte-level builders written straight from the specification
 * (`specs/mdx-format-thread.txt`), independent of the codec's own writers, so that a test can
 * build a model in memory — node kinds of every size rule, tracks of every interpolation, event
 * objects with and without KEVT — and check what the codec reads from it.
 */
import { BinaryWriter } from '../../binary/writer';
import { mdxLayout } from '../versions';

export type Vec3 = readonly [number, number, number];

/** Concatenates byte arrays. */
export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const writer = new BinaryWriter(parts.reduce((sum, part) => sum + part.byteLength, 0));
  for (const part of parts) writer.bytes(part);
  return writer.finish().slice();
}

/** A NUL-padded field of `size` bytes from a latin1 string or raw bytes (which may run past a NUL). */
export function field(value: string | readonly number[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const source = typeof value === 'string' ? Array.from(value, (character) => character.charCodeAt(0)) : value;
  bytes.set(source.slice(0, size));
  return bytes;
}

/** `MDLX` followed by the chunks, each as tag, size, body. */
export function mdxBytes(chunks: readonly (readonly [string, Uint8Array])[]): Uint8Array {
  const writer = new BinaryWriter();
  writer.tag('MDLX');
  for (const [tag, body] of chunks) writer.tag(tag).u32(body.byteLength).bytes(body);
  return writer.finish().slice();
}

/** VERS body. */
export function versBody(version: number): Uint8Array {
  return new BinaryWriter(4).u32(version).finish().slice();
}

/** An extent: radius, minimum, maximum. */
export interface ExtentSpec {
  radius?: number;
  minimum?: Vec3;
  maximum?: Vec3;
}

function writeExtent(writer: BinaryWriter, extent: ExtentSpec = {}): void {
  writer.f32(extent.radius ?? 0);
  for (const value of extent.minimum ?? [0, 0, 0]) writer.f32(value);
  for (const value of extent.maximum ?? [0, 0, 0]) writer.f32(value);
}

/** MODL body (372 bytes). Names may be raw byte arrays (e.g. with bytes after the NUL). */
export function modlBody(spec: {
  name: string | readonly number[];
  animationFileName?: string | readonly number[];
  extent?: ExtentSpec;
  blendTime?: number;
}): Uint8Array {
  const writer = new BinaryWriter(372);
  writer.bytes(field(spec.name, 80)).bytes(field(spec.animationFileName ?? '', 260));
  writeExtent(writer, spec.extent);
  writer.u32(spec.blendTime ?? 150);
  return writer.finish().slice();
}

/** One 132-byte sequence. */
export interface SequenceSpec {
  name: string | readonly number[];
  start: number;
  end: number;
  moveSpeed?: number;
  flags?: number;
  rarity?: number;
  syncPoint?: number;
  extent?: ExtentSpec;
}

/** SEQS body. */
export function seqsBody(sequences: readonly SequenceSpec[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const sequence of sequences) {
    writer
      .bytes(field(sequence.name, 80))
      .u32(sequence.start)
      .u32(sequence.end)
      .f32(sequence.moveSpeed ?? 0);
    writer
      .u32(sequence.flags ?? 0)
      .f32(sequence.rarity ?? 0)
      .u32(sequence.syncPoint ?? 0);
    writeExtent(writer, sequence.extent);
  }
  return writer.finish().slice();
}

/** GLBS body. */
export function glbsBody(durations: readonly number[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const duration of durations) writer.u32(duration);
  return writer.finish().slice();
}

/** TEXS body. */
export function texsBody(
  textures: readonly { replaceableId?: number; fileName: string | readonly number[]; flags?: number }[],
): Uint8Array {
  const writer = new BinaryWriter();
  for (const texture of textures)
    writer
      .u32(texture.replaceableId ?? 0)
      .bytes(field(texture.fileName, 260))
      .u32(texture.flags ?? 0);
  return writer.finish().slice();
}

/** PIVT body. */
export function pivtBody(points: readonly Vec3[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const point of points) for (const value of point) writer.f32(value);
  return writer.finish().slice();
}

/** BPOS body: count, then 12 floats per matrix. */
export function bposBody(matrices: readonly (readonly number[])[]): Uint8Array {
  const writer = new BinaryWriter();
  writer.u32(matrices.length);
  for (const matrix of matrices) for (const value of matrix) writer.f32(value);
  return writer.finish().slice();
}

/** A keyframe track: tag, count, interpolation, global sequence id, keys (frame, value, tangents for 2 and 3). */
export interface TrackSpec {
  tag: string;
  interpolation: number;
  globalSequenceId?: number;
  keys: readonly {
    frame: number;
    value: readonly number[];
    inTangent?: readonly number[];
    outTangent?: readonly number[];
  }[];
  /** Values are uint32 (KMTF, KRTX) rather than floats. */
  integer?: boolean;
}

/** Bytes of a track. */
export function trackBytes(spec: TrackSpec): Uint8Array {
  const writer = new BinaryWriter();
  writer
    .tag(spec.tag)
    .u32(spec.keys.length)
    .u32(spec.interpolation)
    .i32(spec.globalSequenceId ?? -1);
  const values = (list: readonly number[]): void => {
    for (const value of list) {
      if (spec.integer) writer.u32(value);
      else writer.f32(value);
    }
  };
  for (const key of spec.keys) {
    writer.i32(key.frame);
    values(key.value);
    if (spec.interpolation > 1) {
      values(key.inTangent ?? key.value.map(() => 0));
      values(key.outTangent ?? key.value.map(() => 0));
    }
  }
  return writer.finish().slice();
}

/** A node: inclusiveSize, name[80], objectId, parentId, flags, tracks. */
export interface NodeSpec {
  name: string | readonly number[];
  objectId: number;
  parentId?: number;
  flags?: number;
  tracks?: readonly TrackSpec[];
}

/** Bytes of a node. */
export function nodeBytes(spec: NodeSpec): Uint8Array {
  const tracks = concat(...(spec.tracks ?? []).map(trackBytes));
  const writer = new BinaryWriter();
  writer
    .u32(96 + tracks.byteLength)
    .bytes(field(spec.name, 80))
    .i32(spec.objectId)
    .i32(spec.parentId ?? -1)
    .u32(spec.flags ?? 0);
  writer.bytes(tracks);
  return writer.finish().slice();
}

/** A bone: node (flag 0x100), geosetId, geosetAnimationId. */
export function boneBytes(node: NodeSpec, geosetId = 0, geosetAnimationId = -1): Uint8Array {
  return concat(
    nodeBytes({ flags: 0x100, ...node }),
    new BinaryWriter(8).i32(geosetId).i32(geosetAnimationId).finish(),
  );
}

/** A helper: just its node. */
export function helperBytes(node: NodeSpec): Uint8Array {
  return nodeBytes(node);
}

/** An object with its own inclusive size (LITE, ATCH, PREM, PRE2, CORN, RIBB): size, node, fields, tracks. */
export function inclusiveObjectBytes(
  node: NodeSpec,
  fields: Uint8Array,
  tracks: readonly TrackSpec[] = [],
): Uint8Array {
  const body = concat(nodeBytes(node), fields, ...tracks.map(trackBytes));
  return concat(new BinaryWriter(4).u32(4 + body.byteLength).finish(), body);
}

/**
 * A light (flag 0x200): type, attenuation, color, intensity, ambient color and intensity, and —
 * when `shadowIntensity` is given, as version 1200 lights have — a shadow intensity; then tracks.
 */
export function lightBytes(
  node: NodeSpec,
  light: { type?: number; intensity: number; color?: Vec3; shadowIntensity?: number },
  tracks: readonly TrackSpec[] = [],
): Uint8Array {
  const writer = new BinaryWriter(48);
  writer
    .u32(light.type ?? 0)
    .f32(80)
    .f32(200);
  for (const value of light.color ?? [1, 1, 1]) writer.f32(value);
  writer.f32(light.intensity);
  for (const value of [0.5, 0.5, 0.5]) writer.f32(value);
  writer.f32(0.25);
  if (light.shadowIntensity !== undefined) writer.f32(light.shadowIntensity);
  return inclusiveObjectBytes({ flags: 0x200, ...node }, writer.finish().slice(), tracks);
}

/** An attachment (flag 0x800): path[260], attachmentId. */
export function attachmentBytes(node: NodeSpec, path: string, attachmentId: number): Uint8Array {
  return inclusiveObjectBytes(
    { flags: 0x800, ...node },
    concat(field(path, 260), new BinaryWriter(4).u32(attachmentId).finish()),
  );
}

/** Fields of `byteLength` bytes filled with a recognisable pattern, for emitters whose fields the codec does not read.
 * */
export function patternFields(byteLength: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(byteLength);
  for (let index = 0; index < byteLength; index += 1) bytes[index] = (index * 31 + seed) & 0xff;
  return bytes;
}

/** An event object: node (flag 0x400) and, unless `keys` is null, KEVT count, globalSequenceId, frames. */
export function eventObjectBytes(
  node: NodeSpec,
  keys: { globalSequenceId?: number; frames: readonly number[] } | null,
): Uint8Array {
  const parts = [nodeBytes({ flags: 0x400, ...node })];
  if (keys) {
    const writer = new BinaryWriter();
    writer
      .tag('KEVT')
      .u32(keys.frames.length)
      .i32(keys.globalSequenceId ?? -1);
    for (const frame of keys.frames) writer.u32(frame);
    parts.push(writer.finish().slice());
  }
  return concat(...parts);
}

/** A collision shape (flag 0x2000): type, vertices (2 for box, plane, cylinder; 1 for sphere), radius for sphere and
 * cylinder. */
export function collisionShapeBytes(
  node: NodeSpec,
  type: number,
  vertices: readonly Vec3[],
  radius?: number,
): Uint8Array {
  const writer = new BinaryWriter();
  writer.u32(type);
  for (const vertex of vertices) for (const value of vertex) writer.f32(value);
  if (radius !== undefined) writer.f32(radius);
  return concat(nodeBytes({ flags: 0x2000, ...node }), writer.finish().slice());
}

/** A camera: inclusiveSize, name, position, fieldOfView, far, near, target, tracks. */
export function cameraBytes(spec: {
  name: string | readonly number[];
  position?: Vec3;
  fieldOfView?: number;
  far?: number;
  near?: number;
  target?: Vec3;
  tracks?: readonly TrackSpec[];
}): Uint8Array {
  const tracks = concat(...(spec.tracks ?? []).map(trackBytes));
  const writer = new BinaryWriter();
  writer.u32(120 + tracks.byteLength).bytes(field(spec.name, 80));
  for (const value of spec.position ?? [0, 0, 0]) writer.f32(value);
  writer
    .f32(spec.fieldOfView ?? 0.75)
    .f32(spec.far ?? 5000)
    .f32(spec.near ?? 8);
  for (const value of spec.target ?? [0, 0, 0]) writer.f32(value);
  writer.bytes(tracks);
  return writer.finish().slice();
}

/**
 * A geoset with `vertexCount` vertices in one group bound to `matrixIndices` (objectIds), one
 * triangle per three vertices; with `lod`, the Reforged lod and lodName fields, and with
 * `tangentsAndSkin` (only with `lod`) TANG and SKIN arrays.
 */
export function geosetBytes(spec: {
  vertexCount: number;
  matrixIndices: readonly number[];
  lod: boolean;
  tangentsAndSkin?: boolean;
}): Uint8Array {
  const writer = new BinaryWriter();
  const array = (tag: string, count: number, write: (index: number) => void): void => {
    writer.tag(tag).u32(count);
    for (let index = 0; index < count; index += 1) write(index);
  };
  const n = spec.vertexCount;
  array('VRTX', n, (index) =>
    writer
      .f32(index)
      .f32(index * 2)
      .f32(0),
  );
  array('NRMS', n, () => writer.f32(0).f32(0).f32(1));
  array('PTYP', 1, () => writer.u32(4));
  array('PCNT', 1, () => writer.u32(n - (n % 3)));
  array('PVTX', n - (n % 3), (index) => writer.u16(index));
  array('GNDX', n, () => writer.u8(0));
  array('MTGC', 1, () => writer.u32(spec.matrixIndices.length));
  array('MATS', spec.matrixIndices.length, (index) => writer.u32(spec.matrixIndices[index]!));
  writer.u32(0).u32(0).u32(0);
  if (spec.lod) writer.u32(0).bytes(field('lod0', 80));
  writeExtent(writer, { radius: 10 });
  writer.u32(1);
  writeExtent(writer, { radius: 10 });
  if (spec.lod && spec.tangentsAndSkin) {
    array('TANG', n, () => writer.f32(1).f32(0).f32(0).f32(1));
    array('SKIN', n * 8, (index) => writer.u8(index % 8 < 4 ? 0 : index % 8 === 4 ? 255 : 0));
  }
  writer.tag('UVAS').u32(1);
  array('UVBS', n, (index) => writer.f32(index / n).f32(0));
  const body = writer.finish().slice();
  return concat(new BinaryWriter(4).u32(4 + body.byteLength).finish(), body);
}

/** Options of {@link testModelBytes}. */
export interface TestModelOptions {
  version?: number;
  /** Write CAMS before EVTS (as some exporters do) instead of after. */
  camerasBeforeEvents?: boolean;
  /** MATS objectIds of the one geoset (default: the two bones). */
  geosetMatrixIndices?: readonly number[];
  /** Leave out the EVTS chunk. */
  withoutEvents?: boolean;
}

/** Pivot of objectId `id` in {@link testModelBytes}: (id, 10·id, 100·id). */
export function testPivot(id: number): Vec3 {
  return [id, 10 * id, 100 * id];
}

/**
 * A small model with a node of most kinds and dense objectIds in canonical order:
 * BONE 0 "Root", 1 "Arm" (parent 0); LITE 2 "Lamp" (parent 0, static intensity beside a KLAI
 * track, and a shadow intensity from 1200 on); HELP 3 "Helper" (parent 1); EVTS 4 "SNDxABCD" (parent 0, keys 100 and
 * 200),
 * 5 "MRFx0001" (no KEVT); CLID 6 "Box" (parent 0), 7 "Ball" (sphere, parent 6); one pivot per
 * node; one geoset; one camera; and for 900+ a BPOS with one matrix per node then per camera.
 * Version-dependent layouts follow `mdxLayout(version)`.
 */
export function testModelBytes(options: TestModelOptions = {}): Uint8Array {
  const version = options.version ?? 800;
  const layout = mdxLayout(version);
  const nodeCount = options.withoutEvents ? 6 : 8;
  const events = concat(
    eventObjectBytes({ name: 'SNDxABCD', objectId: 4, parentId: 0 }, { frames: [100, 200] }),
    eventObjectBytes({ name: 'MRFx0001', objectId: 5 }, null),
  );
  const shapeId = options.withoutEvents ? 4 : 6;
  const cameras = cameraBytes({ name: 'Camera01', position: [1, 2, 3], target: [4, 5, 6] });
  const chunks: [string, Uint8Array][] = [
    ['VERS', versBody(version)],
    ['MODL', modlBody({ name: 'TestModel', animationFileName: '' })],
    [
      'SEQS',
      seqsBody([
        { name: 'Stand', start: 0, end: 1000 },
        { name: 'Walk', start: 2000, end: 3000, moveSpeed: 270 },
      ]),
    ],
    ['GLBS', glbsBody([500])],
    [
      'GEOS',
      geosetBytes({ vertexCount: 3, matrixIndices: options.geosetMatrixIndices ?? [0, 1], lod: layout.geosetHasLod }),
    ],
    ['BONE', concat(boneBytes({ name: 'Root', objectId: 0 }), boneBytes({ name: 'Arm', objectId: 1, parentId: 0 }))],
    [
      'LITE',
      lightBytes(
        { name: 'Lamp', objectId: 2, parentId: 0 },
        { intensity: 3, ...(layout.lightFieldBytes > 44 ? { shadowIntensity: 0.4 } : {}) },
        [
          {
            tag: 'KLAI',
            interpolation: 1,
            keys: [
              { frame: 0, value: [1] },
              { frame: 500, value: [2] },
            ],
          },
        ],
      ),
    ],
    ['HELP', helperBytes({ name: 'Helper', objectId: 3, parentId: 1 })],
    ['PIVT', pivtBody(Array.from({ length: nodeCount }, (_, id) => testPivot(id)))],
  ];
  if (options.camerasBeforeEvents) chunks.push(['CAMS', cameras]);
  if (!options.withoutEvents) chunks.push(['EVTS', events]);
  if (!options.camerasBeforeEvents) chunks.push(['CAMS', cameras]);
  chunks.push([
    'CLID',
    concat(
      collisionShapeBytes({ name: 'Box', objectId: shapeId, parentId: 0 }, 0, [
        [-1, -1, -1],
        [1, 1, 1],
      ]),
      collisionShapeBytes({ name: 'Ball', objectId: shapeId + 1, parentId: shapeId }, 2, [[0, 0, 0]], 5),
    ),
  ]);
  if (layout.hasBindPoses) {
    const matrices = Array.from({ length: nodeCount }, (_, id) => [1, 0, 0, 0, 1, 0, 0, 0, 1, ...testPivot(id)]);
    matrices.push([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3]);
    chunks.push(['BPOS', bposBody(matrices)]);
  }
  return mdxBytes(chunks);
}

/** Which Reforged fields a material fixture has. */
export interface MaterialLayoutSpec {
  /** An 80-byte shader name after the flags. */
  shaderName: boolean;
  /** Layers carry emissiveGain, fresnelColor, fresnelOpacity, fresnelTeamColor. */
  reforgedLayerFields: boolean;
  /** Layers list texture slots (a uint32, a count, then textureId and slot pairs). */
  textureSlots: boolean;
}

/** A material with `layerCount` layers (each bound to texture 0) in the layout `spec` describes. */
export function materialBytes(spec: MaterialLayoutSpec & { layerCount?: number; shader?: string }): Uint8Array {
  const layers: Uint8Array[] = [];
  for (let layer = 0; layer < (spec.layerCount ?? 1); layer += 1) {
    const writer = new BinaryWriter();
    writer.u32(layer).u32(0x10).i32(0).i32(-1).u32(0).f32(1);
    if (spec.reforgedLayerFields) writer.f32(1).f32(1).f32(1).f32(1).f32(0).f32(0);
    if (spec.textureSlots) writer.u32(0).u32(1).u32(0).u32(0);
    const body = writer.finish().slice();
    layers.push(concat(new BinaryWriter(4).u32(4 + body.byteLength).finish(), body));
  }
  const writer = new BinaryWriter();
  writer.u32(0).u32(0);
  if (spec.shaderName) writer.bytes(field(spec.shader ?? 'Shader_HD_DefaultUnit', 80));
  writer.tag('LAYS').u32(layers.length);
  for (const layer of layers) writer.bytes(layer);
  const body = writer.finish().slice();
  return concat(new BinaryWriter(4).u32(4 + body.byteLength).finish(), body);
}
