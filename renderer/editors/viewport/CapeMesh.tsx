/**
 * One cape in the viewport: its animator's preallocated buffers as a BufferGeometry, shown while
 * its link is visible at the playhead and sampled with the game's rules every frame the time
 * changes (no allocation per frame). Shading, selection wire, normals and bounds overlays.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  DynamicDrawUsage,
  type Intersection,
  type LineSegments,
  Mesh,
  type Raycaster,
} from 'three';
import type { MrfLink } from '../../../shared/events/document';
import { useApp, useEditor } from '../../ui/editor-context';
import { CapeAnimator } from '../../capes/cape-animator';
import type { CapeEntry } from '../../capes/cape-entry';
import { linkShowTime, playedSpanAt } from '../../../shared/events/visibility';
import { dragShift } from '../../state/visibility';
import { type EditorStore, currentDocument } from '../../state/editor-store';
import { selectLink } from '../../state/outliner-actions';
import { linkHighlight } from '../../state/selection';
import type { Shading } from '../../state/session';
import { createCapeMaterial, setCapeMaterialTexture } from './cape-material';
import { type TextureSource, useCapeTexture } from './cape-texture';
import type { CapeRegistry, ViewportStatistics } from './viewport-registry';

const scratchSpan = { startMs: 0, endMs: 0, sequenceIndex: -1 };

/** Seconds since the show key for a link (NaN when hidden) — or since 0 for a standalone cape. */
export function secondsSinceShow(store: EditorStore, link: MrfLink | null): number {
  const state = store.getState();
  const timeMs = state.session.playback.playheadMs;
  if (!link) return timeMs >= 0 ? timeMs / 1000 : Number.NaN;
  const document = currentDocument(state);
  if (!document) return Number.NaN;
  const showMs = linkShowTime(
    document,
    link,
    timeMs,
    playedSpanAt(document.sequences, timeMs, scratchSpan),
    dragShift(state.drag),
  );
  return (timeMs - showMs) / 1000;
}

const BOX_EDGES = [0, 1, 1, 3, 3, 2, 2, 0, 4, 5, 5, 7, 7, 6, 6, 4, 0, 4, 1, 5, 2, 6, 3, 7];

/** Props: the cape, its link (null for a standalone cape), how textures load, the statistics sink. */
export interface CapeMeshProps {
  entry: CapeEntry;
  link: MrfLink | null;
  textureSource: TextureSource;
  statistics: ViewportStatistics;
  /** The viewport's mounted capes (for framing). */
  registry: CapeRegistry;
}

/** The mesh. */
export function CapeMesh({ entry, link, textureSource, statistics, registry }: CapeMeshProps) {
  const { store } = useApp();
  const file = entry.cape!.file;
  const shading = useEditor((state) => state.session.viewport.shading) as Shading;
  const overlays = useEditor((state) => state.session.viewport.overlays);
  const selected = useEditor((state) => (link ? linkHighlight(state.selection, link.id) !== '' : false));
  const textureGeneration = useEditor((state) => state.textureGeneration);
  const texture = useCapeTexture(store, file.texturePath, textureSource, textureGeneration);
  const animator = useMemo(() => new CapeAnimator(file), [file]);
  const geometry = useMemo(() => {
    const created = new BufferGeometry();
    created.setAttribute('position', new BufferAttribute(animator.positions, 3).setUsage(DynamicDrawUsage));
    created.setAttribute('normal', new BufferAttribute(animator.normals, 3).setUsage(DynamicDrawUsage));
    created.setAttribute('uv', new BufferAttribute(animator.uvs, 2));
    created.setIndex(new BufferAttribute(animator.indices, 1));
    return created;
  }, [animator]);
  const normalsGeometry = useMemo(() => {
    const created = new BufferGeometry();
    created.setAttribute('position', new BufferAttribute(animator.normalLines, 3).setUsage(DynamicDrawUsage));
    return created;
  }, [animator]);
  const boxGeometry = useMemo(() => {
    const created = new BufferGeometry();
    created.setAttribute(
      'position',
      new BufferAttribute(new Float32Array(BOX_EDGES.length * 3), 3).setUsage(DynamicDrawUsage),
    );
    return created;
  }, []);
  const material = useMemo(() => createCapeMaterial(), []);
  useLayoutEffect(
    () => setCapeMaterialTexture(material, shading === 'textured' ? texture : null),
    [material, shading, texture],
  );
  useEffect(
    () => () => [geometry, normalsGeometry, boxGeometry, material].forEach((item) => item.dispose()),
    [geometry, normalsGeometry, boxGeometry, material],
  );
  useEffect(() => registry.add(animator), [registry, animator]);

  const mesh = useRef<Mesh>(null);
  const wire = useRef<Mesh>(null);
  const normals = useRef<LineSegments>(null);
  const box = useRef<LineSegments>(null);
  const lastVersion = useRef(-1);
  const overlayFlags = useRef(overlays);
  overlayFlags.current = overlays;
  // Turning an overlay on fills it at once, without waiting for the time to change.
  useEffect(() => {
    lastVersion.current = -1;
  }, [overlays]);

  useFrame(() => {
    const seconds = secondsSinceShow(store, link);
    let visible = !Number.isNaN(seconds);
    if (visible) {
      animator.update(seconds);
      visible = animator.rendered;
    }
    if (visible && animator.version !== lastVersion.current) {
      lastVersion.current = animator.version;
      geometry.attributes.position!.needsUpdate = true;
      geometry.attributes.normal!.needsUpdate = true;
      if (overlayFlags.current.normals) {
        animator.updateNormalLines();
        normalsGeometry.attributes.position!.needsUpdate = true;
      }
      if (overlayFlags.current.bounds) {
        const target = boxGeometry.attributes.position!.array as Float32Array;
        const b = animator.bounds;
        for (let edge = 0; edge < BOX_EDGES.length; edge += 1) {
          const corner = BOX_EDGES[edge]!;
          target[edge * 3] = corner & 1 ? b[3]! : b[0]!;
          target[edge * 3 + 1] = corner & 2 ? b[4]! : b[1]!;
          target[edge * 3 + 2] = corner & 4 ? b[5]! : b[2]!;
        }
        boxGeometry.attributes.position!.needsUpdate = true;
      }
    }
    animator.visible = visible;
    if (visible) {
      statistics.visibleCapes += 1;
      statistics.vertices += animator.vertexCount;
      statistics.faces += animator.indices.length / 3;
    }
    if (mesh.current) mesh.current.visible = visible;
    if (wire.current) wire.current.visible = visible;
    if (normals.current) normals.current.visible = visible && overlayFlags.current.normals;
    if (box.current) box.current.visible = visible && overlayFlags.current.bounds;
  });

  // Picking considers only what is drawn: a cape hidden at the playhead is not hit, and the bounds the ray is first
  // tested against follow the pose shown (three.js computes them once, from whatever the positions were then).
  const raycast = useMemo(() => {
    let boundsVersion = -1;
    return function (this: Mesh, raycaster: Raycaster, intersects: Intersection[]) {
      if (!this.visible) return;
      if (boundsVersion !== animator.version) {
        this.geometry.computeBoundingSphere();
        boundsVersion = animator.version;
      }
      Mesh.prototype.raycast.call(this, raycaster, intersects);
    };
  }, [animator]);
  const onClick = link
    ? (event: { stopPropagation(): void; nativeEvent: MouseEvent }) => {
        event.stopPropagation();
        selectLink(store, link.id, event.nativeEvent.shiftKey ? 'toggle' : 'replace');
      }
    : undefined;
  const showWire = shading === 'wireframe' || selected;
  return (
    <group>
      <mesh
        ref={mesh}
        geometry={geometry}
        frustumCulled={false}
        visible={false}
        raycast={raycast}
        onClick={onClick}
        userData={{ linkId: link?.id ?? null }}
      >
        {shading === 'wireframe' ? (
          <meshBasicMaterial color="#000000" transparent opacity={0} side={DoubleSide} depthWrite={false} />
        ) : (
          <primitive object={material} attach="material" />
        )}
      </mesh>
      {showWire ? (
        <mesh ref={wire} geometry={geometry} frustumCulled={false} visible={false} renderOrder={1}>
          <meshBasicMaterial
            wireframe
            color={selected ? '#ffa033' : '#101010'}
            transparent
            opacity={shading === 'wireframe' ? 0.9 : 0.14}
            depthTest={shading === 'wireframe'}
          />
        </mesh>
      ) : null}
      {overlays.normals ? (
        <lineSegments ref={normals} geometry={normalsGeometry} frustumCulled={false} visible={false}>
          <lineBasicMaterial color="#4fc3f7" />
        </lineSegments>
      ) : null}
      {overlays.bounds ? (
        <lineSegments ref={box} geometry={boxGeometry} frustumCulled={false} visible={false}>
          <lineBasicMaterial color={selected ? '#ffa033' : '#e0e0e0'} />
        </lineSegments>
      ) : null}
    </group>
  );
}
