/**
 * One spawned model instance (SPN): the spawned model's rig drawn like the open model (ModelView's geometries,
 * materials, palette and draw order) at its slot's place, playing its first sequence at the slot's age. Hidden while
 * the slot is inactive; nothing is allocated per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import type { Group, Mesh, Texture } from 'three';
import { findParsedChunk } from '../../../../shared/model/mdx-model';
import { useApp, useEditor } from '../../../ui/editor-context';
import { checkerTexture, type TextureSource } from '../cape-texture';
import { HIDDEN_ALPHA, ModelAnimator } from '../model/model-animator';
import { createLayerMaterial, createPaletteTexture, type LayerUniforms, paletteFloats } from '../model/model-material';
import type { ModelRig } from '../model/model-rig';
import { useModelTextures } from '../model/model-textures';
import { createGeometries, drawOrder, whiteTexture } from '../model/ModelView';
import { DEFAULT_SPAWN_MS, type SpawnSlot } from './spawn-schedule';

const NO_RAYCAST = () => undefined;

/** The interval a spawned model plays: its first sequence, else [0, DEFAULT_SPAWN_MS]. */
export function spawnInterval(rig: ModelRig): { startMs: number; endMs: number } {
  const first = findParsedChunk(rig.model, 'SEQS')?.[0];
  return first && first.end > first.start
    ? { startMs: first.start, endMs: first.end }
    : { startMs: 0, endMs: DEFAULT_SPAWN_MS };
}

/** See the module comment. */
export function SpawnedModel({
  rig,
  slot,
  textureSource,
}: {
  rig: ModelRig;
  slot: SpawnSlot;
  textureSource: TextureSource;
}) {
  const { store } = useApp();
  const generation = useEditor((state) => state.textureGeneration);
  const textures = useModelTextures(store, rig.textures, textureSource.model ?? textureSource, generation);
  const animator = useMemo(() => new ModelAnimator(rig, paletteFloats(rig.paletteSize)), [rig]);
  const palette = useMemo(() => createPaletteTexture(animator.palette, rig.paletteSize), [animator, rig]);
  const geometries = useMemo(() => createGeometries(rig.geometry), [rig.geometry]);
  const order = useMemo(() => drawOrder(rig), [rig]);
  const interval = useMemo(() => spawnInterval(rig), [rig]);
  const materials = useMemo(
    () =>
      rig.layers.map((drawn) =>
        createLayerMaterial(
          {
            filterMode: drawn.layer?.filterMode ?? 0,
            shadingFlags: drawn.layer?.shadingFlags ?? 0,
            solid: false,
            wireframe: false,
          },
          palette,
        ),
      ),
    [rig, palette],
  );
  useEffect(() => () => geometries.forEach((geometry) => geometry.dispose()), [geometries]);
  useEffect(() => () => materials.forEach((material) => material.dispose()), [materials]);
  useEffect(() => () => palette.dispose(), [palette]);
  const group = useRef<Group>(null);
  const meshes = useRef<(Mesh | null)[]>([]);
  const loaded = useRef<readonly Texture[]>(textures);
  loaded.current = textures;

  useFrame(() => {
    const root = group.current;
    if (!root) return;
    root.visible = slot.active;
    if (!slot.active) return;
    root.position.set(slot.x, slot.y, slot.z);
    root.rotation.set(0, 0, slot.heading);
    const frameMs = Math.min(interval.endMs, interval.startMs + slot.ageMs);
    animator.update(frameMs, interval.startMs, interval.endMs, slot.ageMs, null);
    palette.needsUpdate = true;
    const { geosetColors, layerAlphas, layerTextures } = animator;
    for (let index = 0; index < rig.layers.length; index += 1) {
      const mesh = meshes.current[index];
      if (!mesh) continue;
      const geoset = rig.layers[index]!.geoset;
      const alpha = geosetColors[geoset * 4 + 3]!;
      mesh.visible = alpha > HIDDEN_ALPHA;
      if (!mesh.visible) continue;
      const uniforms = (mesh.material as unknown as { uniforms: LayerUniforms }).uniforms;
      uniforms.color.value.set(
        geosetColors[geoset * 4]!,
        geosetColors[geoset * 4 + 1]!,
        geosetColors[geoset * 4 + 2]!,
        alpha * layerAlphas[index]!,
      );
      const textureIndex = layerTextures[index]!;
      uniforms.map.value = rig.layers[index]!.layer
        ? (loaded.current[textureIndex] ?? checkerTexture())
        : whiteTexture();
    }
  });

  return (
    <group ref={group} visible={false}>
      {order.map((layerIndex, position) => (
        <mesh
          key={layerIndex}
          ref={(mesh) => {
            meshes.current[layerIndex] = mesh;
          }}
          geometry={geometries[rig.layers[layerIndex]!.geoset]}
          material={materials[layerIndex]}
          frustumCulled={false}
          renderOrder={position}
          raycast={NO_RAYCAST}
        />
      ))}
    </group>
  );
}
