/**
 * The instances of one spawned model (spawned-instances.ts), drawn with the model preview's meshes and materials:
 * one slot per instance, each with its own animator and skinning palette, placed at the instance's world matrix
 * and played at its age as the game plays a spawned model (spawned-playback.ts). Slots are made when the instance
 * count reaches a new high and kept; a frame allocates nothing. Whoever fills `instances` does it in a `useFrame`
 * of priority below {@link SPAWNED_DRAW_PRIORITY}.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Group, Mesh, Texture } from 'three';
import { useApp, useEditor } from '../../../ui/editor-context';
import type { Shading } from '../../../state/session';
import type { TextureSource } from '../cape-texture';
import { ModelAnimator } from '../model/model-animator';
import { createPaletteTexture, createRigMaterials, paletteFloats } from '../model/model-material';
import { createGeometries, drawOrder, updateLayerMeshes } from '../model/model-meshes';
import { useModelTextures } from '../model/model-textures';
import type { ModelViewState } from '../model/model-view-state';
import type { SpawnedModel } from './spawned-model-library';
import type { SpawnedInstances } from './spawned-instances';
import { spawnedFrameMs } from './spawned-playback';

/** The useFrame priority the instances are drawn at (fill them before it; the scene renders at 1). */
export const SPAWNED_DRAW_PRIORITY = 0.7;

const NO_RAYCAST = () => undefined;

/** Props: the model, this frame's instances, where textures come from, the viewport's billboard camera. */
export interface SpawnedModelViewProps {
  model: SpawnedModel;
  instances: SpawnedInstances;
  textureSource: TextureSource;
  view: ModelViewState;
  /** Draw order among the scene's translucent objects (the emitter's place, model-meshes.ts). */
  renderOrder?: number;
}

interface Slot {
  animator: ModelAnimator;
  group: Group | null;
  meshes: (Mesh | null)[];
}

/** See the module comment. */
export function SpawnedModelView({ model, instances, textureSource, view, renderOrder = 0 }: SpawnedModelViewProps) {
  const { store } = useApp();
  const shading = useEditor((state) => state.session.viewport.shading) as Shading;
  const textureGeneration = useEditor((state) => state.textureGeneration);
  const rig = model.rig;
  const textures = useModelTextures(store, rig.textures, textureSource, textureGeneration);
  const geometries = useMemo(() => createGeometries(rig.geometry), [rig.geometry]);
  const order = useMemo(() => drawOrder(rig), [rig]);
  const [slotCount, setSlotCount] = useState(() => Math.min(instances.capacity, Math.max(1, instances.count)));
  const slots = useMemo(
    () =>
      Array.from({ length: slotCount }, (): Slot => {
        const animator = new ModelAnimator(rig, paletteFloats(rig.paletteSize));
        return { animator, group: null, meshes: [] };
      }),
    [rig, slotCount],
  );
  const palettes = useMemo(
    () => slots.map((slot) => createPaletteTexture(slot.animator.palette, rig.paletteSize)),
    [slots, rig],
  );
  const materials = useMemo(
    () => palettes.map((palette) => createRigMaterials(rig.layers, shading, palette)),
    [palettes, rig, shading],
  );
  useEffect(() => () => geometries.forEach((geometry) => geometry.dispose()), [geometries]);
  useEffect(() => () => palettes.forEach((palette) => palette.dispose()), [palettes]);
  useEffect(() => () => materials.forEach((set) => set.forEach((material) => material.dispose())), [materials]);
  const texturesRef = useRef<readonly Texture[]>(textures);
  texturesRef.current = textures;
  const textured = shading === 'textured';

  useFrame(() => {
    const count = instances.count;
    if (count > slots.length && slots.length < instances.capacity)
      setSlotCount(Math.min(instances.capacity, Math.max(count, slots.length * 2)));
    const sequence = model.sequence;
    const start = sequence ? sequence.startMs : Number.NaN;
    const end = sequence ? sequence.endMs : Number.NaN;
    for (let index = 0; index < slots.length; index += 1) {
      const slot = slots[index]!;
      const group = slot.group;
      if (!group) continue;
      if (index >= count) {
        group.visible = false;
        continue;
      }
      group.visible = true;
      const ageMs = instances.ages[index]!;
      const frame = spawnedFrameMs(sequence, ageMs);
      slot.animator.update(frame, start, end, ageMs, view.billboard);
      palettes[index]!.needsUpdate = true;
      group.matrix.fromArray(instances.matrices, index * 16);
      group.matrixWorldNeedsUpdate = true;
      updateLayerMeshes(rig, slot.animator, slot.meshes, texturesRef.current, true, textured);
    }
  }, SPAWNED_DRAW_PRIORITY);

  return (
    <>
      {slots.map((slot, index) => (
        <group
          key={index}
          matrixAutoUpdate={false}
          visible={false}
          ref={(group) => {
            slot.group = group;
          }}
        >
          {order.map((layerIndex, position) => (
            <mesh
              key={layerIndex}
              ref={(mesh) => {
                slot.meshes[layerIndex] = mesh;
              }}
              geometry={geometries[rig.layers[layerIndex]!.geoset]}
              material={materials[index]![layerIndex]}
              frustumCulled={false}
              renderOrder={renderOrder + position / Math.max(1, order.length)}
              raycast={NO_RAYCAST}
            />
          ))}
        </group>
      ))}
    </>
  );
}
