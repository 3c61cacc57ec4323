/**
 * The open model drawn in the viewport: one BufferGeometry per geoset (positions, normals, UVs and the four palette
 * slots and weights the rig gave each vertex, uploaded once), one mesh per material layer sharing it, skinned on the
 * GPU from the palette texture the animator fills. Every frame it samples the model at the playhead (the sequence
 * containing it; global sequences on the same clock, so scrubbing shows them and a screenshot is repeatable),
 * uploads the palette and copies colours, alphas, textures and texture transforms into the preallocated uniforms:
 * nothing is allocated per frame. Draw order: layers of opaque materials first, then by priority plane, geoset and
 * layer (the game's order); the model is not pickable (clicks go to the capes).
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  DataTexture,
  type Mesh,
  RGBAFormat,
  type Texture,
  UnsignedByteType,
} from 'three';
import { useApp, useEditor } from '../../../ui/editor-context';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import type { Shading } from '../../../state/session';
import { checkerTexture, type TextureSource } from '../cape-texture';
import type { ViewportStatistics } from '../viewport-registry';
import { HIDDEN_ALPHA, ModelAnimator } from './model-animator';
import {
  createLayerMaterial,
  createPaletteTexture,
  isBlended,
  type LayerUniforms,
  paletteFloats,
} from './model-material';
import type { ModelRig, RigGeometry } from './model-rig';
import { useModelTextures } from './model-textures';
import type { ModelViewState } from './model-view-state';

const scratchBounds = { startMs: 0, endMs: 0 };
const NO_RAYCAST = () => undefined;

/** One GPU geometry per rig geoset (also used by the spawned models, ../spawned/SpawnedModel.tsx). */
export function createGeometries(geometry: RigGeometry): BufferGeometry[] {
  return geometry.geosets.map((mesh) => {
    const created = new BufferGeometry();
    const { geoset } = mesh;
    created.setAttribute('position', new BufferAttribute(geoset.vertices.subarray(0, mesh.vertexCount * 3), 3));
    const normals =
      geoset.normals.length >= mesh.vertexCount * 3
        ? geoset.normals.subarray(0, mesh.vertexCount * 3)
        : new Float32Array(mesh.vertexCount * 3);
    created.setAttribute('normal', new BufferAttribute(normals, 3));
    const coordinates = geoset.textureCoordinateSets[0];
    created.setAttribute(
      'uv',
      new BufferAttribute(
        coordinates && coordinates.length >= mesh.vertexCount * 2
          ? coordinates.subarray(0, mesh.vertexCount * 2)
          : new Float32Array(mesh.vertexCount * 2),
        2,
      ),
    );
    created.setAttribute('boneSlots', new BufferAttribute(mesh.boneSlots, 4));
    created.setAttribute('boneWeights', new BufferAttribute(mesh.boneWeights, 4));
    created.setIndex(new BufferAttribute(mesh.triangles, 1));
    return created;
  });
}

/** Layer indices in the order they are drawn. */
export function drawOrder(rig: ModelRig): number[] {
  const blendedMaterial = (index: number) => {
    const first = rig.layers[index]!.material?.layers[0];
    return first ? isBlended(first.filterMode) : false;
  };
  return rig.layers
    .map((_, index) => index)
    .sort((a, b) => {
      const left = rig.layers[a]!;
      const right = rig.layers[b]!;
      return (
        Number(blendedMaterial(a)) - Number(blendedMaterial(b)) ||
        left.priorityPlane - right.priorityPlane ||
        left.geoset - right.geoset ||
        left.layerIndex - right.layerIndex
      );
    });
}

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
  const animator = useMemo(() => new ModelAnimator(rig, paletteFloats(rig.paletteSize)), [rig]);
  const palette = useMemo(() => createPaletteTexture(animator.palette, rig.paletteSize), [animator, rig]);
  const geometries = useMemo(() => createGeometries(rig.geometry), [rig.geometry]);
  const order = useMemo(() => drawOrder(rig), [rig]);
  const materials = useMemo(
    () =>
      rig.layers.map((drawn) =>
        createLayerMaterial(
          {
            filterMode: drawn.layer?.filterMode ?? 0,
            shadingFlags: drawn.layer?.shadingFlags ?? 0,
            solid: shading === 'solid',
            wireframe: shading === 'wireframe',
          },
          palette,
        ),
      ),
    [rig, shading, palette],
  );
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
    const list = meshes.current;
    const loaded = texturesRef.current;
    const { geosetColors, layerAlphas, layerTextures, textureTransforms } = animator;
    let drawnGeosets = 0;
    for (let index = 0; index < rig.layers.length; index += 1) {
      const mesh = list[index];
      if (!mesh) continue;
      const geoset = rig.layers[index]!.geoset;
      const alpha = geosetColors[geoset * 4 + 3]!;
      const visible = shown.current && alpha > HIDDEN_ALPHA;
      mesh.visible = visible;
      if (!visible) continue;
      const uniforms = (mesh.material as unknown as { uniforms: LayerUniforms }).uniforms;
      const layerAlpha = textured ? layerAlphas[index]! : 1;
      uniforms.color.value.set(
        geosetColors[geoset * 4]!,
        geosetColors[geoset * 4 + 1]!,
        geosetColors[geoset * 4 + 2]!,
        alpha * layerAlpha,
      );
      const textureIndex = layerTextures[index]!;
      uniforms.map.value = textured ? (loaded[textureIndex] ?? checkerTexture()) : whiteTexture();
      const flags = rig.textures[textureIndex]?.flags ?? 3;
      uniforms.wrap.value.set(flags & 1 ? 1 : 0, flags & 2 ? 1 : 0);
      const elements = uniforms.textureTransform.value.elements;
      for (let element = 0; element < 9; element += 1) elements[element] = textureTransforms[index * 9 + element]!;
    }
    for (let geoset = 0; geoset < rig.geosets.length; geoset += 1)
      if (showGeosets && geosetColors[geoset * 4 + 3]! > HIDDEN_ALPHA) drawnGeosets += 1;
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

let white: DataTexture | null = null;

/** Light grey (1 × 1): what solid and wireframe shading draw instead of the textures. */
export function whiteTexture(): DataTexture {
  if (white) return white;
  white = new DataTexture(Uint8Array.of(200, 200, 200, 255), 1, 1, RGBAFormat, UnsignedByteType);
  white.needsUpdate = true;
  return white;
}
