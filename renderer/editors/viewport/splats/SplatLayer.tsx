/**
 * The open model's splats, footprints and uber-splats drawn on the ground plane (see splat-field.ts for which are
 * alive and how they look): one mesh per event object, its quads in buffers allocated once and refilled each frame
 * from the playhead, with the table's texture (straight alpha, as the model's), blend mode, cells and colours. The
 * live count per object is kept in {@link liveSplats} for the automation surface. Uber-splats are drawn first (the
 * ground textures under everything), then footprints, then splats.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AdditiveBlending,
  BufferAttribute,
  BufferGeometry,
  CustomBlending,
  DoubleSide,
  DstColorFactor,
  type Mesh,
  MeshBasicMaterial,
  NormalBlending,
  SrcColorFactor,
  type Texture,
  ZeroFactor,
} from 'three';
import { useApp, useEditor } from '../../../ui/editor-context';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import { checkerTexture, type TextureSource } from '../cape-texture';
import type { ModelRig } from '../model/model-rig';
import {
  DropPoints,
  liveSplats,
  MAX_SPLATS_PER_OBJECT,
  type SplatEmitter,
  splatEmitters,
  updateSplats,
} from './splat-field';

const scratchBounds = { startMs: 0, endMs: 0 };
const NO_RAYCAST = () => undefined;

/** The material of a table blend mode (0 blend, 1 additive, 2 modulate, 3 modulate 2×, 4 alpha key). */
export function splatMaterial(blendMode: number): MeshBasicMaterial {
  const material = new MeshBasicMaterial({
    vertexColors: true,
    transparent: true,
    depthWrite: false,
    side: DoubleSide,
    toneMapped: false,
  });
  if (blendMode === 1) material.blending = AdditiveBlending;
  else if (blendMode === 2 || blendMode === 3) {
    material.blending = CustomBlending;
    material.blendSrc = blendMode === 2 ? ZeroFactor : DstColorFactor;
    material.blendDst = SrcColorFactor;
  } else {
    material.blending = NormalBlending;
    if (blendMode === 4) material.alphaTest = 0.75;
  }
  return material;
}

function splatGeometry(emitter: SplatEmitter): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(emitter.positions, 3));
  geometry.setAttribute('uv', new BufferAttribute(emitter.uvs, 2));
  geometry.setAttribute('color', new BufferAttribute(emitter.colours, 4));
  const indices = new Uint16Array(MAX_SPLATS_PER_OBJECT * 6);
  for (let quad = 0; quad < MAX_SPLATS_PER_OBJECT; quad += 1)
    indices.set(
      [0, 1, 2, 0, 2, 3].map((corner) => quad * 4 + corner),
      quad * 6,
    );
  geometry.setIndex(new BufferAttribute(indices, 1));
  geometry.setDrawRange(0, 0);
  return geometry;
}

/** The splat layer of the open model. */
export function SplatLayer({ rig, textureSource }: { rig: ModelRig; textureSource: TextureSource }) {
  const { store } = useApp();
  const document = useEditor(currentDocument);
  const tables = useEditor((state) => state.gameTables);
  const generation = useEditor((state) => state.textureGeneration);
  const emitters = useMemo(() => (document ? splatEmitters(document, tables) : []), [document, tables]);
  const drops = useMemo(() => new DropPoints(rig.model, rig.globalSequences), [rig]);
  const geometries = useMemo(() => emitters.map(splatGeometry), [emitters]);
  const materials = useMemo(() => emitters.map((emitter) => splatMaterial(emitter.meaning.blendMode)), [emitters]);
  const [textures, setTextures] = useState<Record<string, Texture>>({});
  const meshes = useRef<(Mesh | null)[]>([]);

  useEffect(() => () => geometries.forEach((geometry) => geometry.dispose()), [geometries]);
  useEffect(() => () => materials.forEach((material) => material.dispose()), [materials]);
  useEffect(() => {
    for (const name of Object.keys(liveSplats)) delete liveSplats[name];
    for (const emitter of emitters) liveSplats[emitter.object.name] = 0;
    return () => {
      for (const emitter of emitters) delete liveSplats[emitter.object.name];
    };
  }, [emitters]);
  useEffect(() => {
    let cancelled = false;
    const source = textureSource.model ?? textureSource;
    const paths = [...new Set(emitters.map((emitter) => emitter.meaning.texturePath))];
    void Promise.all(
      paths.map(async (path) => [path, (await source(path).catch(() => null))?.texture ?? checkerTexture()] as const),
    ).then((loaded) => {
      if (!cancelled) setTextures(Object.fromEntries(loaded));
    });
    return () => {
      cancelled = true;
    };
  }, [emitters, textureSource, generation]);
  useEffect(() => {
    emitters.forEach((emitter, index) => {
      const material = materials[index]!;
      material.map = textures[emitter.meaning.texturePath] ?? null;
      material.needsUpdate = true;
    });
  }, [emitters, materials, textures]);

  useFrame(() => {
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const sequences = currentDocument(state)?.sequences ?? [];
    const bounds = sequenceBoundsAt(sequences, timeMs, scratchBounds);
    let looping = false;
    for (const sequence of sequences)
      if (sequence.start === bounds.startMs) looping = state.session.playback.loop && !sequence.nonLooping;
    updateSplats(emitters, drops, timeMs, bounds.startMs, bounds.endMs, looping);
    for (let index = 0; index < emitters.length; index += 1) {
      const emitter = emitters[index]!;
      liveSplats[emitter.object.name] = emitter.count;
      const mesh = meshes.current[index];
      const geometry = geometries[index]!;
      geometry.setDrawRange(0, emitter.count * 6);
      if (mesh) mesh.visible = emitter.count > 0 && materials[index]!.map !== null;
      if (emitter.count === 0) continue;
      geometry.attributes.position!.needsUpdate = true;
      geometry.attributes.uv!.needsUpdate = true;
      geometry.attributes.color!.needsUpdate = true;
    }
  });

  return (
    <group>
      {emitters.map((emitter, index) => (
        <mesh
          key={emitter.object.index}
          ref={(mesh) => {
            meshes.current[index] = mesh;
          }}
          geometry={geometries[index]}
          material={materials[index]}
          frustumCulled={false}
          renderOrder={emitter.meaning.kind === 'uberSplat' ? -3 : emitter.object.type === 'FPT' ? -2 : -1}
          raycast={NO_RAYCAST}
          visible={false}
        />
      ))}
    </group>
  );
}
