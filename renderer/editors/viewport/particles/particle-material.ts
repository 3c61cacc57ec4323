/**
 * The GPU side of particles and ribbons: one instanced geometry per particle emitter (a unit quad whose four corners
 * every instance record of particle-buffers.ts places) and one strip geometry per ribbon, each over one interleaved
 * buffer uploaded once a frame (only its live part), and their materials.
 *
 * A particle emitter 2's filter mode draws as the layer filter mode mdx-m3-viewer and Warsmash give it: Blend as
 * blend, Additive as additive, Modulate and Modulate 2× as theirs (fragments of alpha below 0.02 dropped), AlphaKey
 * as blend with fragments of alpha below 0.75 dropped. A head is a quad facing the camera (XY Quad: lying in the XY
 * plane, turned by its angle), its texture upright; a tail is a quad along its segment, as wide as the head, turned
 * to face the camera as far as it can. A ribbon draws with its material's first layer: that layer's filter mode and
 * texture, coloured by the ribbon's colour and alpha times the layer's alpha, both sides. Particles write no depth
 * and test it (as the game's translucent layers); the preview has no scene lights or fog, so Unshaded and Unfogged
 * change nothing.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  DynamicDrawUsage,
  GLSL3,
  InstancedBufferGeometry,
  InstancedInterleavedBuffer,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  RawShaderMaterial,
  type Texture,
  Vector3,
  Vector4,
} from 'three';
import { applyLayerBlending, FILTER_MODE } from '../model/model-material';
import { INSTANCE, PARTICLE2_INSTANCE_FLOATS, RIBBON_VERTEX_FLOATS } from './particle-buffers';

/** A PRE2 filter mode (0 blend, 1 additive, 2 modulate, 3 modulate 2×, 4 alpha key) as a layer filter mode. */
export function emitterLayerFilter(filterMode: number): number {
  return filterMode === 1
    ? FILTER_MODE.additive
    : filterMode === 2
      ? FILTER_MODE.modulate
      : filterMode === 3
        ? FILTER_MODE.modulate2x
        : FILTER_MODE.blend;
}

/** Fragments below this alpha are dropped, per PRE2 filter mode. */
export function emitterAlphaTest(filterMode: number): number {
  return filterMode === 4 ? 0.75 : filterMode === 2 || filterMode === 3 ? 0.02 : 0;
}

const PARTICLE_VERTEX = /* glsl */ `
precision highp float;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
uniform vec3 cameraRight;
uniform vec3 cameraUp;
uniform vec3 cameraForward;
uniform float columns;
uniform float rows;
uniform float xyQuad;
in vec2 corner;
in vec3 p0;
in vec3 p1;
in vec4 color;
in float size;
in float cell;
in float tail;
out vec2 vUv;
out vec4 vColor;

void main() {
  float column = mod(cell, columns);
  float row = floor(cell / columns);
  vec3 position;
  if (tail > 0.5) {
    vec3 along = p1 - p0;
    float len = length(along);
    vec3 direction = len > 0.0 ? along / len : vec3(0.0, 0.0, 1.0);
    vec3 normal = cross(cameraForward, direction);
    float width = length(normal);
    normal = width > 1e-6 ? normal / width : cameraUp;
    position = (corner.x < 0.0 ? p0 : p1) + normal * (corner.y * size);
    vUv = vec2((column + (corner.x < 0.0 ? 1.0 : 0.0)) / columns, (row + (corner.y < 0.0 ? 0.0 : 1.0)) / rows);
  } else {
    vec3 offset;
    if (xyQuad > 0.5) {
      float c = cos(p1.x);
      float s = sin(p1.x);
      offset = vec3(corner.x * c - corner.y * s, corner.x * s + corner.y * c, 0.0);
    } else {
      offset = cameraRight * corner.x + cameraUp * corner.y;
    }
    position = p0 + offset * size;
    vUv = vec2((column + (corner.x + 1.0) * 0.5) / columns, (row + (1.0 - corner.y) * 0.5) / rows);
  }
  vColor = color;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

const RIBBON_VERTEX = /* glsl */ `
precision highp float;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
uniform vec4 tint;
in vec3 position;
in vec2 uv;
out vec2 vUv;
out vec4 vColor;

void main() {
  vUv = uv;
  vColor = tint;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

const FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D map;
uniform float alphaTest;
in vec2 vUv;
in vec4 vColor;
out vec4 fragmentColor;

void main() {
  vec4 texel = texture(map, vUv) * vColor;
  if (texel.a < alphaTest) discard;
  fragmentColor = texel;
}
`;

/** The uniforms of a particle emitter's material. */
export type ParticleUniforms = {
  map: { value: Texture | null };
  alphaTest: { value: number };
  cameraRight: { value: Vector3 };
  cameraUp: { value: Vector3 };
  cameraForward: { value: Vector3 };
  columns: { value: number };
  rows: { value: number };
  xyQuad: { value: number };
};

/** The material of a particle emitter (a PRE2, or a PREM of textures: filter mode Blend, one cell). */
export function createParticleMaterial(
  filterMode: number,
  columns: number,
  rows: number,
  xyQuad: boolean,
): RawShaderMaterial & { uniforms: ParticleUniforms } {
  const uniforms: ParticleUniforms = {
    map: { value: null },
    alphaTest: { value: emitterAlphaTest(filterMode) },
    cameraRight: { value: new Vector3(1, 0, 0) },
    cameraUp: { value: new Vector3(0, 1, 0) },
    cameraForward: { value: new Vector3(0, 0, 1) },
    columns: { value: columns },
    rows: { value: rows },
    xyQuad: { value: xyQuad ? 1 : 0 },
  };
  const material = new RawShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: PARTICLE_VERTEX,
    fragmentShader: FRAGMENT,
    uniforms,
  });
  applyLayerBlending(material, emitterLayerFilter(filterMode));
  material.transparent = true;
  material.depthWrite = false;
  material.side = DoubleSide;
  return material as RawShaderMaterial & { uniforms: ParticleUniforms };
}

/** The uniforms of a ribbon's material. */
export type RibbonUniforms = {
  map: { value: Texture | null };
  alphaTest: { value: number };
  tint: { value: Vector4 };
};

/** The material of a ribbon drawn with a layer of `layerFilterMode`. */
export function createRibbonMaterial(layerFilterMode: number): RawShaderMaterial & { uniforms: RibbonUniforms } {
  const uniforms: RibbonUniforms = {
    map: { value: null },
    alphaTest: { value: layerFilterMode === FILTER_MODE.transparent ? 0.75 : 0 },
    tint: { value: new Vector4(1, 1, 1, 1) },
  };
  const material = new RawShaderMaterial({
    glslVersion: GLSL3,
    vertexShader: RIBBON_VERTEX,
    fragmentShader: FRAGMENT,
    uniforms,
  });
  applyLayerBlending(material, layerFilterMode);
  material.transparent = true;
  material.depthWrite = layerFilterMode <= FILTER_MODE.transparent;
  material.side = DoubleSide;
  return material as RawShaderMaterial & { uniforms: RibbonUniforms };
}

/** A particle emitter's geometry: the unit quad, and its instance records in one buffer over `records`. */
export function createParticleGeometry(records: Float32Array): {
  geometry: InstancedBufferGeometry;
  buffer: InstancedInterleavedBuffer;
} {
  const geometry = new InstancedBufferGeometry();
  geometry.setAttribute('corner', new BufferAttribute(Float32Array.of(-1, -1, 1, -1, 1, 1, -1, 1), 2));
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  const buffer = new InstancedInterleavedBuffer(records, PARTICLE2_INSTANCE_FLOATS);
  buffer.setUsage(DynamicDrawUsage);
  geometry.setAttribute('p0', new InterleavedBufferAttribute(buffer, 3, INSTANCE.p0));
  geometry.setAttribute('p1', new InterleavedBufferAttribute(buffer, 3, INSTANCE.p1));
  geometry.setAttribute('color', new InterleavedBufferAttribute(buffer, 4, INSTANCE.color));
  geometry.setAttribute('size', new InterleavedBufferAttribute(buffer, 1, INSTANCE.size));
  geometry.setAttribute('cell', new InterleavedBufferAttribute(buffer, 1, INSTANCE.cell));
  geometry.setAttribute('tail', new InterleavedBufferAttribute(buffer, 1, INSTANCE.tail));
  geometry.instanceCount = 0;
  return { geometry, buffer };
}

/** A ribbon's geometry: its edges' vertices (two per edge) in one buffer over `vertices`, and the strip's indices. */
export function createRibbonGeometry(vertices: Float32Array): { geometry: BufferGeometry; buffer: InterleavedBuffer } {
  const edges = Math.floor(vertices.length / (2 * RIBBON_VERTEX_FLOATS));
  const geometry = new BufferGeometry();
  const buffer = new InterleavedBuffer(vertices, RIBBON_VERTEX_FLOATS);
  buffer.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', new InterleavedBufferAttribute(buffer, 3, 0));
  geometry.setAttribute('uv', new InterleavedBufferAttribute(buffer, 2, 3));
  const indices = new Uint32Array(Math.max(0, edges - 1) * 6);
  for (let edge = 0; edge + 1 < edges; edge += 1) {
    const a = edge * 2;
    indices.set([a, a + 1, a + 2, a + 1, a + 3, a + 2], edge * 6);
  }
  geometry.setIndex(new BufferAttribute(indices, 1));
  geometry.setDrawRange(0, 0);
  return { geometry, buffer };
}

/** Marks the first `floats` of an interleaved buffer for upload (one upload, of the live part only). */
export function uploadLive(buffer: InterleavedBuffer, floats: number): void {
  buffer.clearUpdateRanges();
  if (floats <= 0) return;
  buffer.addUpdateRange(0, floats);
  buffer.needsUpdate = true;
}
