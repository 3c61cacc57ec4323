/**
 * The node gizmos of the drawn model (node-gizmos.ts) for the Bones, Emitters and Collision Shapes overlays: one
 * line buffer per overlay, allocated when the rig or the overlay changes and refilled every frame after the model
 * was sampled, drawn over the model (no depth test) so joints inside the mesh show.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DynamicDrawUsage } from 'three';
import { useEditor } from '../../../ui/editor-context';
import type { ModelRig } from './model-rig';
import type { ModelViewState } from './model-view-state';
import { GIZMO_VERTICES, type GizmoCategory, gizmoNodes, writeNodeGizmos } from './node-gizmos';

const NO_RAYCAST = () => undefined;

function GizmoLines({ rig, view, category }: { rig: ModelRig; view: ModelViewState; category: GizmoCategory }) {
  const indices = useMemo(() => gizmoNodes(rig.nodes, category), [rig, category]);
  const geometry = useMemo(() => {
    const vertices = indices.length * GIZMO_VERTICES[category];
    const created = new BufferGeometry();
    created.setAttribute('position', new BufferAttribute(new Float32Array(vertices * 3), 3).setUsage(DynamicDrawUsage));
    created.setAttribute('color', new BufferAttribute(new Float32Array(vertices * 3), 3).setUsage(DynamicDrawUsage));
    return created;
  }, [indices, category]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const size = useMemo(() => {
    const b = rig.bounds;
    const diagonal = Math.hypot(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!);
    return Number.isFinite(diagonal) && diagonal > 0 ? diagonal * 0.012 : 2;
  }, [rig]);
  // After the model has sampled its nodes this frame (priority 0).
  useFrame(() => {
    if (view.animator?.rig !== rig || indices.length === 0) return;
    const positions = geometry.attributes.position!.array as Float32Array;
    const colors = geometry.attributes.color!.array as Float32Array;
    writeNodeGizmos(rig.nodes, category, indices, size, positions, colors);
    geometry.attributes.position!.needsUpdate = true;
    geometry.attributes.color!.needsUpdate = true;
  }, 0.5);
  if (indices.length === 0) return null;
  return (
    <lineSegments geometry={geometry} frustumCulled={false} raycast={NO_RAYCAST} renderOrder={100_000}>
      <lineBasicMaterial vertexColors depthTest={false} transparent opacity={0.9} />
    </lineSegments>
  );
}

/** The gizmos of every enabled node overlay. */
export function NodeGizmos({ rig, view }: { rig: ModelRig; view: ModelViewState }) {
  const overlays = useEditor((state) => state.session.viewport.overlays);
  return (
    <>
      {overlays.bones ? <GizmoLines rig={rig} view={view} category="bones" /> : null}
      {overlays.emitters ? <GizmoLines rig={rig} view={view} category="emitters" /> : null}
      {overlays.collisionShapes ? <GizmoLines rig={rig} view={view} category="collisionShapes" /> : null}
    </>
  );
}
