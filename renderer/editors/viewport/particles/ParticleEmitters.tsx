/**
 * The model's particle emitters and ribbons in the viewport (the Particles overlay): a ParticleScene brought to the
 * playhead every frame after the model has sampled its nodes, each emitter drawn as one mesh over one buffer
 * uploaded once (particle-material.ts), in the model's translucent order (model-meshes.ts emitterRenderOrder), and
 * each particle emitter of models drawing its spawned models (../spawned). Textures come through the viewport's
 * source (a team colour or glow stand-in until loaded; a checker when missing). The editor's viewport (the layer
 * given a hint element) reports to particle-registry.ts and writes a hint when the live-particle cap stopped an
 * emitter, a spawned model is missing, or the model has Popcorn emitters, which it shows as gizmos only; a render's
 * stage (no hint) only draws. Where nothing asks for another frame (a render steps each frame once: frameloop
 * 'never'), an update may do a render's larger bound of work (RENDER_UPDATE_WORK: every real model's frame complete);
 * elsewhere it does the default bound and asks for another frame. Nothing is allocated per frame but when an emitter
 * reaches a new high.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import {
  DataTexture,
  type InstancedBufferGeometry,
  LinearFilter,
  type Mesh,
  RepeatWrapping,
  RGBAFormat,
  type Texture,
  UnsignedByteType,
  Vector3,
} from 'three';
import { findParsedChunk } from '../../../../shared/model/mdx-model';
import { MAX_LIVE_PER_EMITTER, MAX_SPAWNED_PER_EMITTER } from '../../../../shared/model/simulation/limits';
import type { ParticleEmitterState, Particle2State, RibbonState } from '../../../../shared/model/simulation/index';
import { DEFAULT_UPDATE_WORK, RENDER_UPDATE_WORK } from '../../../../shared/model/simulation/model-simulation';
import { useApp, useEditor } from '../../../ui/editor-context';
import { checkerTexture, type TextureSource } from '../cape-texture';
import { FILTER_MODE } from '../model/model-material';
import { drawOrder, emitterRenderOrder } from '../model/model-meshes';
import { REPLACEABLE_TEXTURES, type ModelRig, type RigTexture } from '../model/model-rig';
import { missingModelTexture, useModelTextures } from '../model/model-textures';
import type { ModelViewState } from '../model/model-view-state';
import type { SpawnedModelEntry } from '../spawned/spawned-model-library';
import { useSpawnedModelLibrary } from '../spawned/use-spawned-models';
import { SpawnedModelView } from '../spawned/SpawnedModelView';
import type { ViewportStatistics } from '../viewport-registry';
import { PARTICLE2_INSTANCE_FLOATS, RIBBON_VERTEX_FLOATS } from './particle-buffers';
import {
  createParticleGeometry,
  createParticleMaterial,
  createRibbonGeometry,
  createRibbonMaterial,
  type ParticleUniforms,
  type RibbonUniforms,
  uploadLive,
} from './particle-material';
import { viewportParticles } from './particle-registry';
import { type ParticleDraw, ParticleScene } from './particle-scene';

/** The useFrame priority the particles are simulated and written at: after the model (0) and its gizmos. */
export const PARTICLE_FRAME_PRIORITY = 0.6;

const NO_RAYCAST = () => undefined;
const NO_TEXTURE: RigTexture = { path: '', replaceableId: 0, flags: 3 };

/**
 * Props: the rig, where textures come from, the model view's shared state, the statistics sink, and the hint element
 * (null: not the editor's viewport, which alone reports to the registry).
 */
export interface ParticleEmittersProps {
  rig: ModelRig;
  textureSource: TextureSource;
  view: ModelViewState;
  statistics: ViewportStatistics;
  hint: { current: HTMLDivElement | null } | null;
}

/** The texture each draw uses (PREM of models: none). */
function drawTextures(rig: ModelRig, scene: ParticleScene): RigTexture[] {
  const materials = findParsedChunk(rig.model, 'MTLS') ?? [];
  return scene.draws.map((draw) => {
    if (draw.kind === 'PRE2') {
      const emitter = (draw.state as Particle2State).emitter;
      if (emitter.replaceableId === 0) return rig.textures[emitter.textureId] ?? NO_TEXTURE;
      return {
        path: REPLACEABLE_TEXTURES[emitter.replaceableId] ?? '',
        replaceableId: emitter.replaceableId,
        flags: 3,
      };
    }
    if (draw.kind === 'RIBB') {
      const layer = materials[(draw.state as RibbonState).emitter.materialId]?.layers[0];
      return (layer && rig.textures[layer.textureId]) || NO_TEXTURE;
    }
    if (draw.kind === 'PREM-texture')
      return {
        path: (draw.state as ParticleEmitterState).emitter.spawnModelFileName.trim(),
        replaceableId: 0,
        flags: 3,
      };
    return NO_TEXTURE;
  });
}

interface DrawGpu {
  mesh: Mesh | null;
  geometry: InstancedBufferGeometry | ReturnType<typeof createRibbonGeometry>['geometry'] | null;
  buffer:
    ReturnType<typeof createParticleGeometry>['buffer'] | ReturnType<typeof createRibbonGeometry>['buffer'] | null;
  material: ReturnType<typeof createParticleMaterial> | ReturnType<typeof createRibbonMaterial> | null;
  generation: number;
  renderOrder: number;
  /** Ribbons: the alpha of the material's first layer. */
  layerAlpha: number;
}

/** The shared camera vectors every particle material reads. */
function cameraVectors() {
  return { right: new Vector3(1, 0, 0), up: new Vector3(0, 1, 0), forward: new Vector3(0, 0, 1) };
}

function createGpu(
  draw: ParticleDraw,
  rig: ModelRig,
  order: readonly number[],
  index: number,
  camera: ReturnType<typeof cameraVectors>,
): DrawGpu {
  const materials = findParsedChunk(rig.model, 'MTLS') ?? [];
  if (draw.kind === 'PREM-model')
    return {
      mesh: null,
      geometry: null,
      buffer: null,
      material: null,
      generation: -1,
      layerAlpha: 1,
      renderOrder: emitterRenderOrder(rig, order, 0, 0, index),
    };
  if (draw.kind === 'RIBB') {
    const ribbon = (draw.state as RibbonState).emitter;
    const material = materials[ribbon.materialId];
    const layer = material?.layers[0];
    const { geometry, buffer } = createRibbonGeometry(draw.data);
    return {
      mesh: null,
      geometry,
      buffer,
      material: createRibbonMaterial(layer?.filterMode ?? FILTER_MODE.blend),
      generation: draw.generation,
      layerAlpha: layer && Number.isFinite(layer.alpha) ? layer.alpha : 1,
      renderOrder: emitterRenderOrder(rig, order, material?.priorityPlane ?? 0, 1, index),
    };
  }
  const emitter = draw.kind === 'PRE2' ? (draw.state as Particle2State).emitter : null;
  const { geometry, buffer } = createParticleGeometry(draw.data);
  const particleMaterial = createParticleMaterial(
    emitter ? emitter.filterMode : 0,
    draw.look?.columns ?? 1,
    draw.look?.rows ?? 1,
    draw.kind === 'PRE2' && (draw.state as Particle2State).xyQuad,
  );
  particleMaterial.uniforms.cameraRight.value = camera.right;
  particleMaterial.uniforms.cameraUp.value = camera.up;
  particleMaterial.uniforms.cameraForward.value = camera.forward;
  return {
    mesh: null,
    geometry,
    buffer,
    material: particleMaterial,
    generation: draw.generation,
    layerAlpha: 1,
    renderOrder: emitterRenderOrder(rig, order, emitter?.priorityPlane ?? 0, 0, index),
  };
}

/** See the module comment. */
export function ParticleEmitters({ rig, textureSource, view, statistics, hint }: ParticleEmittersProps) {
  const { store } = useApp();
  const invalidate = useThree((state) => state.invalidate);
  const level = useEditor((state) => state.session.viewport.particleLevel);
  const show = useEditor((state) => state.session.viewport.overlays.particles);
  const generation = useEditor((state) => state.textureGeneration);
  const scene = useMemo(
    () => new ParticleScene(rig.model, store.getState().session.viewport.particleLevel),
    [rig, store],
  );
  useEffect(() => {
    scene.simulation.level = level;
    invalidate();
  }, [scene, level, invalidate]);
  const order = useMemo(() => drawOrder(rig), [rig]);
  const camera = useMemo(cameraVectors, []);
  const cameraPosition = useMemo(() => ({ x: 0, y: 0, z: 0 }), []);
  const gpus = useMemo(
    () => scene.draws.map((draw, index) => createGpu(draw, rig, order, index, camera)),
    [scene, rig, order, camera],
  );
  useEffect(
    () => () =>
      gpus.forEach((gpu) => {
        gpu.geometry?.dispose();
        gpu.material?.dispose();
      }),
    [gpus],
  );
  const textureList = useMemo(() => drawTextures(rig, scene), [rig, scene]);
  const textures = useModelTextures(store, textureList, textureSource, generation);
  const texturesRef = useRef<readonly Texture[]>(textures);
  texturesRef.current = textures;

  // Spawned models: the viewport's shared library (a render's stage has its own, whose reads count as loads).
  const library = useSpawnedModelLibrary();
  const spawned: (SpawnedModelEntry | null)[] = scene.draws.map((draw) =>
    draw.kind === 'PREM-model' && library
      ? library.request((draw.state as ParticleEmitterState).emitter.spawnModelFileName)
      : null,
  );
  const spawnedRef = useRef(spawned);
  spawnedRef.current = spawned;

  // The registry (automation), sized per scene: the editor's viewport only.
  const reports = hint !== null;
  useEffect(() => {
    if (!reports) return;
    viewportParticles.rig = rig;
    viewportParticles.names = scene.draws.map((draw) => draw.state.name);
    viewportParticles.kinds = scene.draws.map((draw) => draw.state.kind);
    viewportParticles.alive = new Int32Array(scene.draws.length);
    viewportParticles.emissionScales = new Float32Array(scene.draws.length).fill(1);
    viewportParticles.capped = new Uint8Array(scene.draws.length);
    return () => {
      if (viewportParticles.rig === rig) viewportParticles.rig = null;
    };
  }, [rig, scene, reports]);

  useEffect(() => {
    // A model without emitters has no particles to wait for: the view frames it at once (a cinematic of capes and
    // event objects only would otherwise wait the particles' frames before it is framed).
    if (scene.draws.length === 0) return;
    const bounds = (out: Float64Array) => show && scene.bounds(out);
    view.particleBounds = bounds;
    return () => {
      if (view.particleBounds === bounds) view.particleBounds = null;
    };
  }, [view, scene, show]);

  const popcorn = useMemo(() => (findParsedChunk(rig.model, 'CORN') ?? []).length, [rig]);
  const hintState = useRef({ signature: -1 });

  useFrame((state) => {
    const registry = viewportParticles;
    const draws = scene.draws;
    let signature = popcorn > 0 ? 1 : 0;
    if (!show) {
      for (let index = 0; index < gpus.length; index += 1) {
        const mesh = gpus[index]!.mesh;
        if (mesh) mesh.visible = false;
        draws[index]!.instances?.begin();
      }
      if (reports && registry.rig === rig) registry.alive.fill(0);
    } else {
      const cameraObject = state.camera;
      const world = cameraObject.matrixWorld.elements;
      cameraPosition.x = world[12]!;
      cameraPosition.y = world[13]!;
      cameraPosition.z = world[14]!;
      camera.right.set(1, 0, 0).applyQuaternion(cameraObject.quaternion);
      camera.up.set(0, 1, 0).applyQuaternion(cameraObject.quaternion);
      camera.forward.set(0, 0, 1).applyQuaternion(cameraObject.quaternion);
      const timeMs = store.getState().session.playback.playheadMs;
      const complete = state.frameloop === 'never';
      const work = complete ? RENDER_UPDATE_WORK : DEFAULT_UPDATE_WORK;
      if (!scene.update(timeMs, view.billboard, cameraPosition, rig.nodes, work)) invalidate();
      const loaded = texturesRef.current;
      let particles = 0;
      for (let index = 0; index < draws.length; index += 1) {
        const draw = draws[index]!;
        const gpu = gpus[index]!;
        particles += draw.state.alive;
        if (reports && registry.rig === rig) {
          registry.alive[index] = draw.state.alive;
          registry.emissionScales[index] = draw.state.emissionScale;
          registry.capped[index] = draw.state.capped ? 1 : 0;
        }
        if (draw.state.capped) signature += 2 + index * 4;
        const mesh = gpu.mesh;
        if (!mesh || !gpu.buffer || !gpu.geometry || !gpu.material) continue;
        if (gpu.generation !== draw.generation) replaceGeometry(draw, gpu);
        const count = draw.count;
        mesh.visible = draw.kind === 'RIBB' ? count > 1 : count > 0;
        if (!mesh.visible) continue;
        let texture = loaded[index] ?? missingModelTexture(textureList[index]!);
        // A texture not (yet) there: a soft disc shows the particles' shape and colour better than the checker.
        const standIn = texture === checkerTexture();
        if (standIn) texture = particleStandIn();
        if (draw.kind === 'RIBB') {
          uploadLive(gpu.buffer, count * 2 * RIBBON_VERTEX_FLOATS);
          gpu.geometry.setDrawRange(0, (count - 1) * 6);
          const uniforms = gpu.material.uniforms as RibbonUniforms;
          uniforms.map.value = texture;
          const look = draw.state.scalars;
          uniforms.tint.value.set(look[1]!, look[2]!, look[3]!, look[4]! * gpu.layerAlpha);
        } else {
          uploadLive(gpu.buffer, count * PARTICLE2_INSTANCE_FLOATS);
          (gpu.geometry as InstancedBufferGeometry).instanceCount = count;
          const uniforms = gpu.material.uniforms as ParticleUniforms;
          uniforms.map.value = texture;
          uniforms.columns.value = standIn ? 1 : (draw.look?.columns ?? 1);
          uniforms.rows.value = standIn ? 1 : (draw.look?.rows ?? 1);
        }
      }
      statistics.particles = particles;
    }
    for (const entry of spawnedRef.current)
      if (entry && entry.status !== 'found' && entry.status !== 'loading') signature += 3;
    if (signature !== hintState.current.signature) {
      hintState.current.signature = signature;
      if (hint) writeHint(hint.current, scene, spawnedRef.current, popcorn);
    }
  }, PARTICLE_FRAME_PRIORITY);

  return (
    <>
      {scene.draws.map((draw, index) => {
        const gpu = gpus[index]!;
        if (draw.kind === 'PREM-model') {
          const entry = spawned[index];
          return entry?.model ? (
            <SpawnedModelView
              key={index}
              model={entry.model}
              instances={draw.instances!}
              textureSource={textureSource}
              view={view}
              renderOrder={gpu.renderOrder}
            />
          ) : null;
        }
        return (
          <mesh
            key={index}
            ref={(mesh) => {
              gpu.mesh = mesh;
            }}
            geometry={gpu.geometry!}
            material={gpu.material!}
            frustumCulled={false}
            renderOrder={gpu.renderOrder}
            raycast={NO_RAYCAST}
            visible={false}
          />
        );
      })}
    </>
  );
}

let standIn: DataTexture | null = null;

/** What a particle whose texture is missing or loading shows: a white disc fading out to its edge (32 × 32). */
export function particleStandIn(): DataTexture {
  if (standIn) return standIn;
  const size = 32;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2);
      const offset = (y * size + x) * 4;
      pixels.fill(255, offset, offset + 3);
      pixels[offset + 3] = Math.round(255 * Math.max(0, 1 - distance) ** 1.5);
    }
  standIn = new DataTexture(pixels, size, size, RGBAFormat, UnsignedByteType);
  standIn.wrapS = RepeatWrapping;
  standIn.wrapT = RepeatWrapping;
  standIn.magFilter = LinearFilter;
  standIn.minFilter = LinearFilter;
  standIn.needsUpdate = true;
  return standIn;
}

/** A draw's array outgrew its GPU buffer: a larger geometry over the new array (only at a new high). */
function replaceGeometry(draw: ParticleDraw, gpu: DrawGpu): void {
  gpu.geometry?.dispose();
  if (draw.kind === 'RIBB') {
    const made = createRibbonGeometry(draw.data);
    gpu.geometry = made.geometry;
    gpu.buffer = made.buffer;
  } else {
    const made = createParticleGeometry(draw.data);
    gpu.geometry = made.geometry;
    gpu.buffer = made.buffer;
  }
  if (gpu.mesh) gpu.mesh.geometry = gpu.geometry;
  gpu.generation = draw.generation;
}

/** Writes the layer's hint: capped emitters, spawned models that cannot be shown, Popcorn emitters. */
function writeHint(
  element: HTMLDivElement | null,
  scene: ParticleScene,
  spawned: readonly (SpawnedModelEntry | null)[],
  popcorn: number,
): void {
  if (!element) return;
  const lines: string[] = [];
  const capped = scene.draws.filter((draw) => draw.state.capped);
  if (capped.length > 0) {
    const names = capped.slice(0, 3).map((draw) => `“${draw.state.name}”`);
    const more = capped.length > 3 ? ` and ${capped.length - 3} more` : '';
    const models = capped.every((draw) => draw.kind === 'PREM-model');
    const cap = models
      ? `${MAX_SPAWNED_PER_EMITTER} spawned models`
      : `${MAX_LIVE_PER_EMITTER.toLocaleString('en')} live particles`;
    lines.push(
      `Particles: ${names.join(', ')}${more} reached the cap of ${cap}; ` +
        `what ${capped.length === 1 ? 'it emits' : 'they emit'} beyond it is not shown.`,
    );
  }
  const missing = spawned.filter(
    (entry): entry is SpawnedModelEntry => !!entry && (entry.status === 'missing' || entry.status === 'unreadable'),
  );
  if (missing.length > 0)
    lines.push(
      `Spawned model ${missing[0]!.gamePath} cannot be shown: ${missing[0]!.reason}` +
        `${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}.`,
    );
  if (popcorn > 0)
    lines.push(
      `${popcorn === 1 ? 'A Popcorn emitter' : `${popcorn} Popcorn emitters`} (Reforged’s PopcornFX): shown as ` +
        `${popcorn === 1 ? 'a gizmo' : 'gizmos'} (Overlays ▸ Emitters), not simulated.`,
    );
  element.textContent = lines.join('\n');
  element.style.display = lines.length > 0 ? '' : 'none';
}
