import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { FileService } from '../files/file-service';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore, currentDocument } from '../state/editor-store';
import { rigOfDocument } from '../editors/viewport/model/document-model';
import { activateItem } from '../state/outliner-actions';
import { createModelParser } from '../workers/model-parser';
import { activeViewCamera } from '../editors/viewport/camera/view-camera';
import { missingModelTexturesHint, modelSummary } from '../editors/viewport/model/model-summary';
import { CORPUS_TWINS, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { createOperatorRegistry } from './index';
import { cameraCount } from './model-view-operators';
import { contextFor, type OperatorProperties } from './operator';

const LICH_KING = 'pqhuy98__wow-converter/maps__test-regression.w3x__7-the-lich-king-36597.mdx';
const FOOTMAN = 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx';

function editor(file: string) {
  const store = createEditorStore({ codec: modelCodec, host: null });
  const operators = createOperatorRegistry(new FileService(store, createModelParser(null, modelCodec)));
  openModelDocument(store, modelCodec.readModel(modelCorpus.bytes(file), 'model.mdx'), {
    kind: 'model',
    path: '/model.mdx',
    name: 'model.mdx',
    identity: null,
  });
  const run = (id: string, properties: OperatorProperties = {}) =>
    operators.run(id, contextFor(store, 'viewport', properties));
  return { store, operators, run };
}

describeCorpus(modelCorpus, 'model preview operators', () => {
  it("'view3d.view_camera' looks through the selected camera, the first by default, and back", () => {
    const { store, run } = editor(FOOTMAN);
    expect(modelSummary(store.getState())).toMatchObject({ cameras: ['Camera01'], viewCamera: null });
    run('view3d.view_camera');
    expect(store.getState().viewCamera).toBe(0);
    expect(modelSummary(store.getState())!.viewCamera).toBe('Camera01');
    run('view3d.view_camera');
    expect(store.getState().viewCamera).toBeNull();
    expect(modelSummary(store.getState())!.viewCamera).toBeNull();
  });

  it('counts the cameras of an MDL document as of its MDX twin', () => {
    for (const [mdl, mdx] of CORPUS_TWINS) {
      const text = modelCodec.readModel(modelCorpus.bytes(mdl), 'twin.mdl');
      const binary = modelCodec.readModel(modelCorpus.bytes(mdx), 'twin.mdx');
      expect(cameraCount(text), mdl).toBe(cameraCount(binary));
    }
    expect(cameraCount(modelCodec.readModel(modelCorpus.bytes(FOOTMAN), 'f.mdx'))).toBe(1);
    expect(cameraCount(null)).toBe(0);
  });

  it('names the model textures shown as a checker, with the reason', () => {
    const { store } = editor(FOOTMAN);
    expect(missingModelTexturesHint(store.getState())).toBeNull();
    const path = rigOfDocument(currentDocument(store.getState()))!.textures[0]!.path;
    expect(path.toLowerCase()).toMatch(/warcraftiii-logo-alpha\.blp$/);
    store.setState({
      textures: {
        [path.toLowerCase()]: {
          status: 'missing',
          resolvedPath: null,
          reason: 'not in any data folder',
          width: 0,
          height: 0,
        },
      },
    });
    expect(missingModelTexturesHint(store.getState())).toBe(
      `Model textures shown as a checker: ${path} — not in any data folder. Add the data folder that holds them ` +
        '(File ▸ Open Data Folder…).',
    );
  });

  it('picks the camera selected in the outliner, and the sequence’s camera when following sequences', () => {
    const { store, run } = editor(FOOTMAN);
    activateItem(store, { kind: 'camera', cameraIndex: 0 });
    run('view3d.view_camera');
    expect(activeViewCamera(store.getState())).toBe(0);
    run('view3d.toggle_follow_sequence');
    expect(store.getState().session.viewport.followSequence).toBe(true);
    // The playhead is in sequence 0, which has camera 0.
    expect(activeViewCamera(store.getState())).toBe(0);
    run('view3d.toggle_follow_sequence');
    expect(store.getState().session.viewport.followSequence).toBe(false);
  });

  it("'view3d.camera_frame' sets the frame, and the model overlays toggle", () => {
    const { store, run } = editor(LICH_KING);
    run('view3d.camera_frame', { frame: '16:9' });
    expect(store.getState().session.viewport.cameraFrame).toBe('16:9');
    run('view3d.camera_frame', { frame: 'square' });
    expect(store.getState().session.viewport.cameraFrame).toBe('square');
    run('view3d.camera_frame');
    expect(store.getState().session.viewport.cameraFrame).toBe('4:3');
    const toggles = [
      ['view3d.toggle_overlay_geosets', 'geosets'],
      ['view3d.toggle_overlay_bones', 'bones'],
      ['view3d.toggle_overlay_cameras', 'cameras'],
      ['view3d.toggle_overlay_emitters', 'emitters'],
      ['view3d.toggle_overlay_collisionShapes', 'collisionShapes'],
      ['view3d.toggle_overlay_particles', 'particles'],
      ['view3d.toggle_overlay_capes', 'capes'],
    ] as const;
    for (const [id, overlay] of toggles) {
      const before = store.getState().session.viewport.overlays[overlay];
      run(id);
      expect(store.getState().session.viewport.overlays[overlay], overlay).toBe(!before);
    }
    expect(modelSummary(store.getState())).toMatchObject({ geosets: 17, cameras: ['Portrait_Camera'] });
  });

  it("'view3d.particle_level' sets the game's Particles level (High by default, a bad value goes back to it)", () => {
    const { store, run } = editor(LICH_KING);
    expect(store.getState().session.viewport.particleLevel).toBe('high');
    run('view3d.particle_level', { level: 'low' });
    expect(store.getState().session.viewport.particleLevel).toBe('low');
    run('view3d.particle_level', { level: 'medium' });
    expect(store.getState().session.viewport.particleLevel).toBe('medium');
    run('view3d.particle_level', { level: 'ultra' });
    expect(store.getState().session.viewport.particleLevel).toBe('high');
  });
});
