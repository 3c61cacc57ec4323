/**
 * The open model drawn in the viewport: one BufferGeometry per geoset (positions, normals, UVs and the four palette
 * slots and weights the rig gave each vertex, uploaded once), one mesh per material layer sharing it, skinned on the
 * GPU from the palette texture the animator fills. Every frame it samples the model at the playhead (the sequence
 * containing it; global sequences on the same clock, so scrubbing shows them and a screenshot is repeatable),
 * uploads the palette and copies colours, alphas, textures and texture transforms into the preallocated uniforms:
 * nothing is allocated per frame. Draw order: layers of opaque materials first, then by priority plane, geoset and
 * layer (the game's order); the model is not pickable (clicks go to the capes).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import type { Mesh, Texture } from 'three';
import { useApp, useEditor } from '../../../ui/editor-context';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import type { Shading } from '../../../state/session';
import type { TextureSource } from '../cape-texture';
import type { ViewportStatistics } from '../viewport-registry';
import { ModelAnimator } from './model-animator';
import { createPaletteTexture, createRigMaterials, paletteFloats } from './model-material';
import { createGeometries, drawOrder, updateLayerMeshes } from './model-meshes';
import type { ModelRig } from './model-rig';
import { useModelTextures } from './model-textures';
import type { ModelViewState } from './model-view-state';

const scratchBounds = { startMs: 0, endMs: 0 };
const NO_RAYCAST = () => undefined;

/** The meshes' pieces, shared with the spawned models (../spawned), live in model-meshes.ts. */
export { createGeometries, drawOrder, whiteTexture } from './model-meshes';

/** Props: the rig, where textures come from, the statistics sink, and the state the camera view reads. */
export interface ModelViewProps {
  rig: ModelRig;
  textureSource: TextureSource;
  statistics: ViewportStatistics;
  view: ModelViewState;
}

/** The model. */
export function ModelView({ rig, textureSource, statistics, view }: ModelViewProps) {
  const { store } = useApp();
  const shading = useEditor((state) => state.session.viewport.shading) as Shading;
  const showGeosets = useEditor((state) => state.session.viewport.overlays.geosets);
  const textureGeneration = useEditor((state) => state.textureGeneration);
  const textures = useModelTextures(store, rig.textures, textureSource, textureGeneration);
  // A texture arriving is drawn: the store's texture status (which invalidates) is set before React shows the texture,
  // and a frame drawn in between kept the checker until something else moved (the viewport draws on demand).
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => invalidate(), [textures, invalidate]);
  const animator = useMemo(() => new ModelAnimator(rig, paletteFloats(rig.paletteSize)), [rig]);
  const palette = useMemo(() => createPaletteTexture(animator.palette, rig.paletteSize), [animator, rig]);
  const geometries = useMemo(() => createGeometries(rig.geometry), [rig.geometry]);
  const order = useMemo(() => drawOrder(rig), [rig]);
  const materials = useMemo(() => createRigMaterials(rig.layers, shading, palette), [rig, shading, palette]);
  useEffect(() => () => geometries.forEach((geometry) => geometry.dispose()), [geometries]);
  useEffect(() => () => materials.forEach((material) => material.dispose()), [materials]);
  useEffect(() => () => palette.dispose(), [palette]);
  useEffect(() => {
    view.animator = animator;
    return () => {
      if (view.animator === animator) view.animator = null;
    };
  }, [view, animator]);

  const meshes = useRef<(Mesh | null)[]>([]);
  const texturesRef = useRef<readonly Texture[]>(textures);
  texturesRef.current = textures;
  const shown = useRef(showGeosets);
  shown.current = showGeosets;
  const textured = shading === 'textured';

  useFrame(({ camera }) => {
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const document = currentDocument(state);
    const bounds = sequenceBoundsAt(document?.sequences ?? [], timeMs, scratchBounds);
    const start = Number.isFinite(bounds.startMs) ? bounds.startMs : Number.NaN;
    const end = Number.isFinite(bounds.endMs) ? bounds.endMs : Number.NaN;
    const rotation = view.billboardRotation;
    rotation[0] = camera.quaternion.x;
    rotation[1] = camera.quaternion.y;
    rotation[2] = camera.quaternion.z;
    rotation[3] = camera.quaternion.w;
    animator.update(timeMs, start, end, timeMs, view.billboard);
    palette.needsUpdate = true;
    const drawnGeosets = updateLayerMeshes(rig, animator, meshes.current, texturesRef.current, shown.current, textured);
    statistics.modelGeosets = drawnGeosets;
    statistics.modelVertices = rig.vertexCount;
    statistics.modelTriangles = rig.triangleCount;
  });

  return (
    <group>
      {order.map((layerIndex, position) => {
        const drawn = rig.layers[layerIndex]!;
        return (
          <mesh
            key={layerIndex}
            ref={(mesh) => {
              meshes.current[layerIndex] = mesh;
            }}
            geometry={geometries[drawn.geoset]}
            material={materials[layerIndex]}
            frustumCulled={false}
            renderOrder={position}
            raycast={NO_RAYCAST}
            visible={false}
          />
        );
      })}
    </group>
  );
}
