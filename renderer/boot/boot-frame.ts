/**
 * The boot frame: the startup model drawn once with plain WebGL 2 on the viewport's own canvas and context, before
 * the editor's script (three.js, React) has loaded — what the viewport's first frame of a newly opened model shows:
 * its layers skinned at the first sequence's start with the viewport's layer shader (model-layers.ts), blending,
 * depth and face rules, the checker stand-in for every texture, the background, and the camera the viewport frames
 * a new file with (view-math.ts). The grid, the overlays and the model's particles come with the editor's first
 * frame. Everything made here is deleted after the draw and the context's state left as a new context's, for three.js
 * to adopt (Viewport.tsx).
 */
import { CHECKER_SIZE, checkerPixels } from '../editors/viewport/checker-pixels';
import type { ModelAnimator } from '../editors/viewport/model/model-animator';
import {
  type BlendFactor,
  blendFactors,
  createLayerSample,
  drawOrder,
  isBlended,
  type LayerDrawState,
  layerDrawState,
  type LayerLook,
  MODEL_FRAGMENT_SHADER,
  MODEL_VERTEX_SHADER,
  paletteLayout,
  PLAIN_GREY_PIXEL,
  rigLayerLooks,
  sampleLayer,
} from '../editors/viewport/model/model-layers';
import type { ModelRig } from '../editors/viewport/model/model-rig';

/** The viewport's background (theme VIEWPORT_BACKGROUND, #3d3d3d), as the viewport's renderer clears to it. */
const BACKGROUND = 0x3d / 255;
/** The model's transform in the view (the projection × view matrix carries the camera). */
const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** What to draw: the rig sampled by `animator`, through `viewProjection` (column-major). */
export interface BootFrameScene {
  rig: ModelRig;
  animator: ModelAnimator;
  shading: 'solid' | 'textured';
  showGeosets: boolean;
  viewProjection: Float32Array;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, `#version 300 es\n${source}`);
  gl.compileShader(shader);
  return shader;
}

function factor(gl: WebGL2RenderingContext, name: BlendFactor): number {
  switch (name) {
    case 'zero':
      return gl.ZERO;
    case 'one':
      return gl.ONE;
    case 'srcAlpha':
      return gl.SRC_ALPHA;
    case 'oneMinusSrcAlpha':
      return gl.ONE_MINUS_SRC_ALPHA;
    case 'srcColor':
      return gl.SRC_COLOR;
    case 'dstColor':
      return gl.DST_COLOR;
  }
}

function texture(
  gl: WebGL2RenderingContext,
  internalFormat: number,
  width: number,
  height: number,
  format: number,
  type: number,
  pixels: ArrayBufferView,
  wrap: number,
): WebGLTexture {
  const created = gl.createTexture()!;
  gl.bindTexture(gl.TEXTURE_2D, created);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.texImage2D(gl.TEXTURE_2D, 0, internalFormat, width, height, 0, format, type, pixels);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, wrap);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, wrap);
  return created;
}

/** The layer shader's vertex attributes, as the frame binds them: name and components. */
const ATTRIBUTES = [
  ['position', 3],
  ['normal', 3],
  ['uv', 2],
  ['boneSlots', 4],
  ['boneWeights', 4],
] as const;

/** The layer shader's `primer` attribute: never enabled; the warm-up sets its constant value. */
const PRIMER_LOCATION = ATTRIBUTES.length;

function attributeLocations(gl: WebGL2RenderingContext, program: WebGLProgram): number[] {
  return ATTRIBUTES.map(([name]) => gl.getAttribLocation(program, name));
}

/**
 * A vertex array of `data` (one array per ATTRIBUTES entry) and `triangles`; its buffers are added to `buffers`.
 */
function vertexArray(
  gl: WebGL2RenderingContext,
  locations: readonly number[],
  data: readonly (Float32Array | Uint16Array)[],
  triangles: Uint16Array,
  buffers: WebGLBuffer[],
): WebGLVertexArrayObject {
  const array = gl.createVertexArray()!;
  gl.bindVertexArray(array);
  data.forEach((values, index) => {
    const location = locations[index]!;
    const buffer = gl.createBuffer()!;
    buffers.push(buffer);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, values, gl.STATIC_DRAW);
    if (location < 0) return;
    gl.enableVertexAttribArray(location);
    // The palette slots are 16-bit integers read as floats (as three.js passes a Uint16Array attribute).
    const type = values instanceof Uint16Array ? gl.UNSIGNED_SHORT : gl.FLOAT;
    gl.vertexAttribPointer(location, ATTRIBUTES[index]![1], type, false, 0, 0);
  });
  const indices = gl.createBuffer()!;
  buffers.push(indices);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, triangles, gl.STATIC_DRAW);
  gl.bindVertexArray(null);
  return array;
}

/** The state every layer draws with. */
function setFixedState(gl: WebGL2RenderingContext): void {
  gl.depthFunc(gl.LEQUAL);
  gl.frontFace(gl.CCW);
  gl.cullFace(gl.BACK);
  gl.blendEquation(gl.FUNC_ADD);
}

/** A layer's faces, depth and blending. */
function applyDrawState(gl: WebGL2RenderingContext, state: LayerDrawState): void {
  if (state.twoSided) gl.disable(gl.CULL_FACE);
  else gl.enable(gl.CULL_FACE);
  if (state.depthTest) gl.enable(gl.DEPTH_TEST);
  else gl.disable(gl.DEPTH_TEST);
  gl.depthMask(state.depthWrite);
  const factors = blendFactors(state.filterMode);
  if (factors) {
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(factor(gl, factors[0]), factor(gl, factors[1]), gl.ZERO, gl.ONE);
  } else gl.disable(gl.BLEND);
}

/** The frame's stand-in textures: the checker (textured shading) and plain grey (solid, or no material). */
function layerTextures(gl: WebGL2RenderingContext): { checker: WebGLTexture; grey: WebGLTexture } {
  const size = CHECKER_SIZE;
  return {
    checker: texture(gl, gl.SRGB8_ALPHA8, size, size, gl.RGBA, gl.UNSIGNED_BYTE, checkerPixels(), gl.REPEAT),
    grey: texture(gl, gl.RGBA8, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, PLAIN_GREY_PIXEL, gl.REPEAT),
  };
}

/** The skinning palette's texture (`width` × `height` texels of 4 floats). */
function paletteTexture(gl: WebGL2RenderingContext, width: number, height: number, floats: Float32Array): WebGLTexture {
  return texture(gl, gl.RGBA32F, width, height, gl.RGBA, gl.FLOAT, floats, gl.CLAMP_TO_EDGE);
}

/** The uniforms every layer shares, the palette on unit 1 and unit 0 active for the layers' textures. */
function bindShared(
  gl: WebGL2RenderingContext,
  program: WebGLProgram,
  viewProjection: Float32Array,
  paletteRow: number,
  palette: WebGLTexture,
): void {
  gl.uniformMatrix4fv(gl.getUniformLocation(program, 'projectionMatrix'), false, viewProjection);
  gl.uniformMatrix4fv(gl.getUniformLocation(program, 'modelViewMatrix'), false, IDENTITY);
  gl.uniform1i(gl.getUniformLocation(program, 'paletteRow'), paletteRow);
  gl.uniform1i(gl.getUniformLocation(program, 'palette'), 1);
  gl.uniform1i(gl.getUniformLocation(program, 'map'), 0);
  gl.activeTexture(gl.TEXTURE1);
  gl.bindTexture(gl.TEXTURE_2D, palette);
  gl.activeTexture(gl.TEXTURE0);
}

/** The layer shader being compiled and linked (in the GPU process, while the file is read and parsed). */
export interface BootProgram {
  program: WebGLProgram;
  vertex: WebGLShader;
  fragment: WebGLShader;
}

/** Starts compiling and linking the layer shader; nothing waits for it until the draw. */
export function startBootProgram(gl: WebGL2RenderingContext): BootProgram {
  const vertex = compile(gl, gl.VERTEX_SHADER, MODEL_VERTEX_SHADER);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, MODEL_FRAGMENT_SHADER);
  const program = gl.createProgram()!;
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  ATTRIBUTES.forEach(([name], location) => gl.bindAttribLocation(program, location, name));
  gl.bindAttribLocation(program, PRIMER_LOCATION, 'primer');
  gl.linkProgram(program);
  // Sent now: the GPU process compiles while the file is parsed.
  gl.flush();
  return { program, vertex, fragment };
}

/** Deletes the shader (a boot frame that is not drawn after all). */
export function deleteBootProgram(gl: WebGL2RenderingContext, { program, vertex, fragment }: BootProgram): void {
  gl.deleteProgram(program);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
}

/** A layer's draw state and whether it draws the checker (else plain grey). */
interface WarmState {
  state: LayerDrawState;
  textured: boolean;
}

/** One triangle covering the frame: clip-space corners (the layer shader's primer draws them as they are). */
const WARM_POSITIONS = Float32Array.of(-1, -1, 0, 3, -1, 0, -1, 3, 0);

/**
 * Has the GPU compile the boot frame's pipelines while the rig is still being built, so that the frame's own draws
 * find them compiled: SwiftShader compiles a pipeline (shader, vertex formats, blending, depth and faces) at its first
 * draw — ~40 ms for the layer shader, otherwise spent after the frame's draws are sent. One triangle per distinct draw
 * state of `looks` (in `shading`), with the frame's program, vertex formats, texture format and framebuffer,
 * scissored to one pixel that the frame clears; sent at once, right after the link is asked for: nothing here waits
 * for the GPU process (no uniform is set; the shader's primer attribute places the triangle). Leaves the context's
 * state as a new context's.
 */
export function warmBootFrame(
  gl: WebGL2RenderingContext,
  shader: BootProgram,
  looks: readonly LayerLook[],
  shading: 'solid' | 'textured',
): void {
  const textured = shading === 'textured';
  const seen = new Set<string>();
  const warm: WarmState[] = [];
  for (const look of looks) {
    const state = layerDrawState(look);
    const key = [state.twoSided, state.depthTest, state.depthWrite, blendFactors(state.filterMode), textured].join();
    if (seen.has(key)) continue;
    seen.add(key);
    warm.push({ state, textured });
  }
  if (warm.length === 0) return;
  const { program } = shader;
  const buffers: WebGLBuffer[] = [];
  const { checker, grey } = layerTextures(gl);
  const data = [WARM_POSITIONS, new Float32Array(9), new Float32Array(6), new Uint16Array(12), new Float32Array(12)];
  const locations = ATTRIBUTES.map((_, location) => location);
  const array = vertexArray(gl, locations, data, Uint16Array.of(0, 1, 2), buffers);
  gl.enable(gl.SCISSOR_TEST);
  gl.scissor(0, 0, 1, 1);
  gl.useProgram(program);
  // No uniform is set (asking for a location would wait for the link): the primer draws the clip-space triangle, and
  // both samplers read texture unit 0.
  gl.vertexAttrib4f(PRIMER_LOCATION, 1, 0, 0, 0);
  setFixedState(gl);
  gl.bindVertexArray(array);
  for (const { state, textured } of warm) {
    gl.bindTexture(gl.TEXTURE_2D, textured ? checker : grey);
    applyDrawState(gl, state);
    gl.drawElements(gl.TRIANGLES, 3, gl.UNSIGNED_SHORT, 0);
  }
  gl.vertexAttrib4f(PRIMER_LOCATION, 0, 0, 0, 1);
  gl.disable(gl.SCISSOR_TEST);
  gl.scissor(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
  leaveAsNew(gl);
  // Sent now, so that the GPU process compiles while the rig is built; deleted once drawn (WebGL keeps them till then).
  gl.flush();
  for (const buffer of buffers) gl.deleteBuffer(buffer);
  gl.deleteVertexArray(array);
  gl.deleteTexture(checker);
  gl.deleteTexture(grey);
}

/**
 * Draws the scene with `shader` (deleted after) into the context's drawing buffer (`width` × `height` pixels) and
 * waits until it is drawn (one pixel read back). Returns false when the layer shader does not link (nothing is drawn
 * then).
 */
export function drawBootFrame(
  gl: WebGL2RenderingContext,
  shader: BootProgram,
  scene: BootFrameScene,
  width: number,
  height: number,
): boolean {
  const { rig, animator } = scene;
  const { program } = shader;
  const buffers: WebGLBuffer[] = [];
  const arrays: WebGLVertexArrayObject[] = [];
  const textures: WebGLTexture[] = [];
  try {
    const textured = scene.shading === 'textured';
    const { checker, grey } = layerTextures(gl);
    const { perRow, rows } = paletteLayout(rig.paletteSize);
    const palette = paletteTexture(gl, perRow * 4, rows, animator.palette);
    textures.push(checker, grey, palette);
    const locations = attributeLocations(gl, program);
    const geosetArrays = rig.geometry.geosets.map((mesh) => {
      const { geoset, vertexCount } = mesh;
      const coordinates = geoset.textureCoordinateSets[0];
      const data = [
        geoset.vertices.subarray(0, vertexCount * 3),
        geoset.normals.length >= vertexCount * 3
          ? geoset.normals.subarray(0, vertexCount * 3)
          : new Float32Array(vertexCount * 3),
        coordinates && coordinates.length >= vertexCount * 2
          ? coordinates.subarray(0, vertexCount * 2)
          : new Float32Array(vertexCount * 2),
        mesh.boneSlots,
        mesh.boneWeights,
      ];
      const array = vertexArray(gl, locations, data, mesh.triangles, buffers);
      arrays.push(array);
      return { array, count: mesh.triangles.length };
    });

    gl.viewport(0, 0, width, height);
    gl.clearColor(BACKGROUND, BACKGROUND, BACKGROUND, 1);
    gl.clearDepth(1);
    gl.depthMask(true);
    gl.colorMask(true, true, true, true);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    performance.mark('morf:boot-uploaded');
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return false;
    performance.mark('morf:boot-linked');

    gl.useProgram(program);
    const uniform = (name: string) => gl.getUniformLocation(program, name);
    bindShared(gl, program, scene.viewProjection, perRow, palette);
    const colorAt = uniform('color');
    const alphaTestAt = uniform('alphaTest');
    const litAt = uniform('lit');
    const wrapAt = uniform('wrap');
    const transformAt = uniform('textureTransform');
    setFixedState(gl);

    const looks = rigLayerLooks(rig.layers, scene.shading);
    const sample = createLayerSample();
    const order = drawOrder(rig);
    // As three.js draws them: the opaque layers in draw order, then the blended ones.
    for (const blendedPass of [false, true])
      for (const index of order) {
        const state = layerDrawState(looks[index]!);
        if (isBlended(state.filterMode) !== blendedPass) continue;
        if (!sampleLayer(rig, animator, index, scene.showGeosets, textured, sample)) continue;
        const { color } = sample;
        gl.uniform4f(colorAt, color[0]!, color[1]!, color[2]!, color[3]!);
        gl.uniform1f(alphaTestAt, state.alphaTest);
        gl.uniform1f(litAt, state.lit ? 1 : 0);
        gl.uniform2f(wrapAt, sample.wrapU, sample.wrapV);
        gl.uniformMatrix3fv(transformAt, false, animator.textureTransforms.subarray(index * 9, index * 9 + 9));
        gl.bindTexture(gl.TEXTURE_2D, sample.textured ? checker : grey);
        applyDrawState(gl, state);
        const geometry = geosetArrays[rig.layers[index]!.geoset]!;
        gl.bindVertexArray(geometry.array);
        gl.drawElements(gl.TRIANGLES, geometry.count, gl.UNSIGNED_SHORT, 0);
      }
    gl.bindVertexArray(null);
    performance.mark('morf:boot-submitted');
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return true;
  } finally {
    leaveAsNew(gl);
    for (const buffer of buffers) gl.deleteBuffer(buffer);
    for (const array of arrays) gl.deleteVertexArray(array);
    for (const made of textures) gl.deleteTexture(made);
    deleteBootProgram(gl, shader);
  }
}

/** Puts back the state a new context starts with, which three.js assumes when it adopts the context. */
function leaveAsNew(gl: WebGL2RenderingContext): void {
  gl.useProgram(null);
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
  for (const unit of [gl.TEXTURE1, gl.TEXTURE0]) {
    gl.activeTexture(unit);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  gl.disable(gl.BLEND);
  gl.disable(gl.CULL_FACE);
  gl.disable(gl.DEPTH_TEST);
  gl.depthMask(true);
  gl.depthFunc(gl.LESS);
  gl.blendFunc(gl.ONE, gl.ZERO);
  gl.clearColor(0, 0, 0, 0);
}
