/**
 * MRF → glTF, in the layout Blender's importer turns into shape keys and an action: one node, one
 * mesh with one primitive whose base is keyframe 0, one morph target per keyframe (POSITION and
 * NORMAL displacements from the base) named in `mesh.extras.targetNames`, and one animation whose
 * `weights` channel is LINEAR with a key per keyframe at k × interval (target k weighted 1 there,
 * every other 0). Axes change as ./axes.ts says; UVs pass unchanged; the header fields glTF has
 * no place for go in the node's `extras.morf` (./extras.ts). The texture, given as PNG bytes, is
 * embedded in the material.
 */
import { Document, Format, type Accessor } from '@gltf-transform/core';
import { CodecError } from '../../binary/codec-error';
import { MRF_CORNER_BYTE_SIZE, MRF_FLOATS_PER_VERTEX, MRF_VERTEX_BYTE_SIZE } from '../../mrf/layout';
import type { MrfFile } from '../../mrf/types';
import { mrfToGltfAxes } from './axes';
import { morfExtras } from './extras';
import { MemoryIO } from './read';

/** What goes with the cape. */
export interface GltfExportOptions {
  /** The cape's texture as PNG bytes, embedded as the material's base colour texture. */
  texturePng?: Uint8Array;
  /** Name of the node, mesh and animation (default `Cape`). */
  name?: string;
}

/** The keyframe rate used for the animation's key times when the cape's own interval is not positive. */
export const FALLBACK_EXPORT_INTERVAL = 1 / 30;

/** Above this many keyframes the weights output (keyframes² numbers, nearly all 0) is written sparse. */
export const SPARSE_WEIGHTS_KEYFRAMES = 256;

/** The cape as a glTF document (write it with {@link mrfToGlb} or {@link mrfToGltfFiles}). */
export function mrfToGltfDocument(file: MrfFile, options: GltfExportOptions = {}): Document {
  const vertexCount = file.uvs.length / 2;
  const keyframeCount = file.keyframes.length;
  checkExportable(file, vertexCount);
  const name = options.name ?? 'Cape';
  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC2' | 'VEC3', array: Float32Array | Uint16Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  const base = file.keyframes[0]!;
  const basePositions = new Float32Array(vertexCount * 3);
  const baseNormals = new Float32Array(vertexCount * 3);
  for (let vertex = 0; vertex < vertexCount; vertex += 1) {
    mrfToGltfAxes(base, vertex * MRF_FLOATS_PER_VERTEX, basePositions, vertex * 3);
    mrfToGltfAxes(base, vertex * MRF_FLOATS_PER_VERTEX + 3, baseNormals, vertex * 3);
  }
  unitNormals(baseNormals);

  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', basePositions))
    .setAttribute('NORMAL', accessor('VEC3', baseNormals))
    .setAttribute('TEXCOORD_0', accessor('VEC2', file.uvs.slice()))
    .setIndices(accessor('SCALAR', file.faces.slice()))
    .setMaterial(material(document, file, options.texturePng, name));
  const targetNames: string[] = [];
  const position = new Float32Array(3);
  const normal = new Float32Array(3);
  for (let keyframe = 0; keyframe < keyframeCount; keyframe += 1) {
    const values = file.keyframes[keyframe]!;
    const positionDelta = new Float32Array(vertexCount * 3);
    const normalDelta = new Float32Array(vertexCount * 3);
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      const at = vertex * 3;
      mrfToGltfAxes(values, vertex * MRF_FLOATS_PER_VERTEX, position, 0);
      mrfToGltfAxes(values, vertex * MRF_FLOATS_PER_VERTEX + 3, normal, 0);
      positionDelta[at] = position[0]! - basePositions[at]!;
      positionDelta[at + 1] = position[1]! - basePositions[at + 1]!;
      positionDelta[at + 2] = position[2]! - basePositions[at + 2]!;
      normalDelta[at] = normal[0]! - baseNormals[at]!;
      normalDelta[at + 1] = normal[1]! - baseNormals[at + 1]!;
      normalDelta[at + 2] = normal[2]! - baseNormals[at + 2]!;
    }
    primitive.addTarget(
      document
        .createPrimitiveTarget(`keyframe ${keyframe}`)
        .setAttribute('POSITION', accessor('VEC3', positionDelta))
        .setAttribute('NORMAL', accessor('VEC3', normalDelta)),
    );
    targetNames.push(`keyframe ${keyframe}`);
  }
  const mesh = document
    .createMesh(name)
    .addPrimitive(primitive)
    .setWeights(new Array<number>(keyframeCount).fill(0))
    .setExtras({ targetNames });
  const node = document
    .createNode(name)
    .setMesh(mesh)
    .setExtras({ morf: morfExtras(file) });
  document.createScene(name).addChild(node);
  document.getRoot().setDefaultScene(document.getRoot().listScenes()[0]!);

  const interval =
    file.header.frameInterval > 0 && Number.isFinite(file.header.frameInterval)
      ? file.header.frameInterval
      : FALLBACK_EXPORT_INTERVAL;
  const times = new Float32Array(keyframeCount);
  const weights = new Float32Array(keyframeCount * keyframeCount);
  for (let keyframe = 0; keyframe < keyframeCount; keyframe += 1) {
    times[keyframe] = keyframe * interval;
    weights[keyframe * keyframeCount + keyframe] = 1;
  }
  const output = accessor('SCALAR', weights).setSparse(keyframeCount > SPARSE_WEIGHTS_KEYFRAMES);
  const sampler = document.createAnimationSampler().setInput(accessor('SCALAR', times)).setOutput(output);
  sampler.setInterpolation('LINEAR');
  document
    .createAnimation(name)
    .addSampler(sampler)
    .addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('weights').setSampler(sampler));
  document.getRoot().getAsset().generator = 'Morf Studio';
  return document;
}

/** The cape as a GLB. */
export async function mrfToGlb(file: MrfFile, options: GltfExportOptions = {}): Promise<Uint8Array> {
  return new MemoryIO().writeBinary(mrfToGltfDocument(file, options));
}

/**
 * The cape as a `.gltf` and the files beside it: `{baseName}.bin` (the buffer) and, with a
 * texture, `{baseName}.png`. `json` is the `.gltf` text's bytes; `resources` maps each URI the
 * JSON names to its bytes.
 */
export async function mrfToGltfFiles(
  file: MrfFile,
  baseName: string,
  options: GltfExportOptions = {},
): Promise<{ json: Uint8Array; resources: Record<string, Uint8Array> }> {
  const document = mrfToGltfDocument(file, options);
  document.getRoot().listBuffers()[0]!.setURI(`${baseName}.bin`);
  for (const texture of document.getRoot().listTextures()) texture.setURI(`${baseName}.png`);
  const written = await new MemoryIO().writeJSON(document, { format: Format.GLTF, basename: baseName });
  return { json: new TextEncoder().encode(`${JSON.stringify(written.json, null, 2)}\n`), resources: written.resources };
}

function material(document: Document, file: MrfFile, png: Uint8Array | undefined, name: string) {
  const result = document
    .createMaterial(file.texturePath || name)
    .setDoubleSided(true)
    .setMetallicFactor(0)
    .setRoughnessFactor(1);
  if (png) {
    const texture = document
      .createTexture(file.texturePath || name)
      .setImage(png as Uint8Array<ArrayBuffer>)
      .setMimeType('image/png');
    result.setBaseColorTexture(texture);
  }
  return result;
}

/** Scales normals to unit length; a zero or non-finite one becomes up (glTF +Y), as glTF's NORMAL must be unit. */
function unitNormals(normals: Float32Array): void {
  for (let at = 0; at < normals.length; at += 3) {
    const length = Math.hypot(normals[at]!, normals[at + 1]!, normals[at + 2]!);
    if (length > 0 && Number.isFinite(length)) {
      normals[at] = normals[at]! / length;
      normals[at + 1] = normals[at + 1]! / length;
      normals[at + 2] = normals[at + 2]! / length;
    } else normals.set([0, 1, 0], at);
  }
}

/** Refuses what glTF cannot hold: no keyframes, partial triangles, corners past the vertices, non-finite numbers. */
function checkExportable(file: MrfFile, vertexCount: number): void {
  const fail = (where: string, offset: number, detail: string): never => {
    throw new CodecError({
      format: 'mrf',
      kind: 'unsupported',
      where,
      offset,
      detail: `${detail}; glTF cannot hold it`,
    });
  };
  const layout = file.layout;
  if (file.keyframes.length === 0 || vertexCount === 0) fail('header', 0, 'the cape has no keyframes or no vertices');
  if (file.faces.length % 3 !== 0)
    fail('faces', layout?.facesOffset ?? 0, `${file.faces.length} corners is not a whole number of triangles`);
  for (let corner = 0; corner < file.faces.length; corner += 1) {
    if (file.faces[corner]! >= vertexCount) {
      fail(
        `faces[${corner}]`,
        (layout?.facesOffset ?? 0) + corner * MRF_CORNER_BYTE_SIZE,
        `the corner names vertex ${file.faces[corner]}, past the ${vertexCount} vertices`,
      );
    }
  }
  for (let index = 0; index < file.uvs.length; index += 1) {
    if (!Number.isFinite(file.uvs[index]!))
      fail(`uvs[${index >> 1}]`, (layout?.uvsOffset ?? 0) + index * 4, `UV ${file.uvs[index]}`);
  }
  file.keyframes.forEach((keyframe, key) => {
    for (let index = 0; index < vertexCount * MRF_FLOATS_PER_VERTEX; index += 1) {
      if (Number.isFinite(keyframe[index]!)) continue;
      const vertex = Math.floor(index / MRF_FLOATS_PER_VERTEX);
      fail(
        `keyframes[${key}].vertices[${vertex}]`,
        (layout?.keyframeOffsets[key] ?? 0) + vertex * MRF_VERTEX_BYTE_SIZE,
        `a ${index % MRF_FLOATS_PER_VERTEX < 3 ? 'position' : 'normal'} holds ${keyframe[index]}`,
      );
    }
  });
}
