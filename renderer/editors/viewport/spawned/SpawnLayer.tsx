/**
 * The open model's spawned models (SPN): each event object's table model loaded through the viewport's shared
 * spawned-model library (use-spawned-models.ts: the same loading, cache and drawing as the particle emitters' spawned
 * models), its spawns placed and timed from the playhead (spawn-schedule.ts) and drawn by {@link SpawnedModelView},
 * each playing the model's first sequence once (spawned-playback.ts). Nothing is allocated per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import { useApp, useEditor } from '../../../ui/editor-context';
import type { TextureSource } from '../cape-texture';
import type { ModelRig } from '../model/model-rig';
import type { ModelViewState } from '../model/model-view-state';
import { DropPoints } from '../splats/splat-field';
import { liveSpawns, MAX_SPAWNS_PER_OBJECT, spawnEmitters, updateSpawns, writeSpawnMatrix } from './spawn-schedule';
import type { SpawnedModelEntry } from './spawned-model-library';
import { SpawnedInstances } from './spawned-instances';
import { spawnedLifetimeMs } from './spawned-playback';
import { SpawnedModelView } from './SpawnedModelView';
import { useSpawnedModelLibrary } from './use-spawned-models';

const scratchBounds = { startMs: 0, endMs: 0 };

/** Props: the open model's rig, where textures come from, the model view's state (its billboard camera). */
export interface SpawnLayerProps {
  rig: ModelRig;
  textureSource: TextureSource;
  view: ModelViewState;
}

/** The spawned models of the open model. */
export function SpawnLayer({ rig, textureSource, view }: SpawnLayerProps) {
  const { store } = useApp();
  const document = useEditor(currentDocument);
  const tables = useEditor((state) => state.gameTables);
  const library = useSpawnedModelLibrary();
  const emitters = useMemo(() => (document ? spawnEmitters(document, tables) : []), [document, tables]);
  const instances = useMemo(() => emitters.map(() => new SpawnedInstances(MAX_SPAWNS_PER_OBJECT)), [emitters]);
  const drops = useMemo(() => new DropPoints(rig.model, rig.globalSequences), [rig]);
  const entries: (SpawnedModelEntry | null)[] = emitters.map((emitter) => library?.request(emitter.modelPath) ?? null);
  // Made again when this component renders (the library re-renders it as entries settle), read every frame.
  const byPath = new Map<string, number>();
  for (const entry of entries) if (entry?.model) byPath.set(entry.gamePath, spawnedLifetimeMs(entry.model.sequence));
  const lifetimes = (path: string) => byPath.get(path) ?? Number.NaN;
  useEffect(() => {
    for (const emitter of emitters) liveSpawns[emitter.object.name] = 0;
    return () => {
      for (const emitter of emitters) delete liveSpawns[emitter.object.name];
    };
  }, [emitters]);

  // Before the instances are drawn (SpawnedModelView's frame): each spawn's world matrix — at its node's pivot at
  // the key, turned by its heading about Z — and its age.
  useFrame(() => {
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const bounds = sequenceBoundsAt(currentDocument(state)?.sequences ?? [], timeMs, scratchBounds);
    updateSpawns(emitters, drops, lifetimes, timeMs, bounds.startMs, bounds.endMs);
    for (let index = 0; index < emitters.length; index += 1) {
      const emitter = emitters[index]!;
      const list = instances[index]!;
      liveSpawns[emitter.object.name] = emitter.count;
      list.begin();
      for (let slotIndex = 0; slotIndex < emitter.count; slotIndex += 1) {
        const slot = emitter.slots[slotIndex]!;
        const at = list.reserve();
        if (at < 0) break;
        writeSpawnMatrix(slot, list.matrices, at);
        list.commit(slot.ageMs);
      }
    }
  }, -1);

  return (
    <group>
      {emitters.map((emitter, index) => {
        const model = entries[index]?.model;
        return model ? (
          <SpawnedModelView
            key={emitter.object.index}
            model={model}
            instances={instances[index]!}
            textureSource={textureSource}
            view={view}
          />
        ) : null;
      })}
    </group>
  );
}
