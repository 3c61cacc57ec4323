/**
 * What the viewport draws: the grid floor and axes, the open model and its gizmos, the splats and spawned models of
 * its event objects, its particles and ribbons, one CapeMesh per linked cape (or the standalone cape), and the model
 * camera the view looks through. Everything here reads the time, the overlays and the camera from the store it is
 * given (`useApp().store`), so the same content draws the editor's viewport (inside ViewportScene, with navigation,
 * statistics and the axis gizmo around it) and a render's frames (renderer/render: an offscreen canvas whose store
 * shows the frame's time and the render's overlays).
 */
import { useEditor } from '../../ui/editor-context';
import { capeKey } from '../../capes/cape-entry';
import { currentDocument } from '../../state/editor-store';
import type { TextureSource } from './cape-texture';
import { CapeMesh } from './CapeMesh';
import { GridFloor } from './GridFloor';
import { CameraGizmos } from './camera/CameraGizmos';
import { ModelCameraView } from './camera/ModelCameraView';
import { activeViewCamera } from './camera/view-camera';
import { rigOfDocument } from './model/document-model';
import type { ModelViewState } from './model/model-view-state';
import { ModelView } from './model/ModelView';
import { NodeGizmos } from './model/NodeGizmos';
import { ParticleEmitters } from './particles/ParticleEmitters';
import { SplatLayer } from './splats/SplatLayer';
import { SpawnLayer } from './spawned/SpawnLayer';
import type { ViewNavigator } from './view-navigator';
import type { CapeRegistry, ViewportStatistics } from './viewport-registry';

/** What a drawing of the content shares without React: its statistics, mounted capes and model state. */
export interface ViewportContentRefs {
  statistics: ViewportStatistics;
  capes: CapeRegistry;
  model: ModelViewState;
  /** Where the particle layer writes its hint (capped emitters, missing spawned models, Popcorn emitters), if shown. */
  particleHint?: { current: HTMLDivElement | null };
}

/** Props: the free view's navigator (the grid follows it; a camera view returns to it), textures, the shared refs. */
export interface ViewportContentProps {
  navigator: ViewNavigator;
  textureSource: TextureSource;
  refs: ViewportContentRefs;
}

/** See the module comment. */
export function ViewportContent({ navigator, textureSource, refs }: ViewportContentProps) {
  const document = useEditor(currentDocument);
  const capes = useEditor((state) => state.capes);
  const standaloneCape = useEditor((state) => state.standaloneCape);
  const overlays = useEditor((state) => state.session.viewport.overlays);
  const rig = useEditor((state) => rigOfDocument(currentDocument(state)));
  const cameraIndex = useEditor(activeViewCamera);

  const meshes = document
    ? document.links.map((link) => {
        const entry = capes[capeKey(link.path)];
        return entry?.cape ? (
          <CapeMesh
            key={`${link.id}:${capeKey(link.path)}`}
            entry={entry}
            link={link}
            textureSource={textureSource}
            statistics={refs.statistics}
            registry={refs.capes}
          />
        ) : null;
      })
    : standaloneCape?.cape
      ? [
          <CapeMesh
            key="standalone"
            entry={standaloneCape}
            link={null}
            textureSource={textureSource}
            statistics={refs.statistics}
            registry={refs.capes}
          />,
        ]
      : [];

  return (
    <>
      <GridFloor navigator={navigator} grid={overlays.grid} axes={overlays.axes} />
      {rig ? (
        <ModelView rig={rig} textureSource={textureSource} statistics={refs.statistics} view={refs.model} />
      ) : null}
      {rig ? <SplatLayer rig={rig} textureSource={textureSource} /> : null}
      {rig ? <SpawnLayer rig={rig} textureSource={textureSource} view={refs.model} /> : null}
      {rig ? <NodeGizmos rig={rig} view={refs.model} /> : null}
      {rig ? (
        <ParticleEmitters
          rig={rig}
          textureSource={textureSource}
          view={refs.model}
          statistics={refs.statistics}
          hint={refs.particleHint ?? null}
        />
      ) : null}
      {rig && overlays.cameras && rig.cameras.length > 0 ? <CameraGizmos rig={rig} /> : null}
      {overlays.capes ? meshes : null}
      {rig && cameraIndex !== null ? (
        <ModelCameraView rig={rig} cameraIndex={cameraIndex} navigator={navigator} />
      ) : null}
    </>
  );
}
