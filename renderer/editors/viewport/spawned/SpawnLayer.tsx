/**
 * The open model's spawned models (SPN): each table model read through the host's data sources (MDX, or MDL read as
 * the game does when the table's `.mdl` is not there as `.mdx`), its rig made once, and a small pool of
 * {@link SpawnedModel} instances per event object placed and timed from the playhead (spawn-schedule.ts).
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useState } from 'react';
import { readMdlModel } from '../../../../shared/model/mdl-model';
import { readMdxModel } from '../../../../shared/model/mdx-model';
import { currentDocument } from '../../../state/editor-store';
import { sequenceBoundsAt } from '../../../state/visibility';
import { useApp, useEditor } from '../../../ui/editor-context';
import type { TextureSource } from '../cape-texture';
import { createModelRig, type ModelRig } from '../model/model-rig';
import { DropPoints } from '../splats/splat-field';
import { liveSpawns, spawnEmitters, updateSpawns } from './spawn-schedule';
import { SpawnedModel, spawnInterval } from './SpawnedModel';

const scratchBounds = { startMs: 0, endMs: 0 };

/** Reads a spawned model's rig through the host (null when missing or unreadable). */
async function loadSpawnRig(store: ReturnType<typeof useApp>['store'], modelPath: string): Promise<ModelRig | null> {
  const host = store.services.host;
  if (!host) return null;
  for (const path of [modelPath, modelPath.replace(/\.mdx$/i, '.mdl')]) {
    const read = await host.readGamePath({ gamePath: path, kind: 'model' }).catch(() => null);
    if (!read || read.status !== 'found') continue;
    try {
      const bytes = new Uint8Array(read.bytes);
      return createModelRig(/\.mdl$/i.test(read.entry.path) ? readMdlModel(bytes).model : readMdxModel(bytes));
    } catch {
      return null;
    }
  }
  return null;
}

/** The spawned models of the open model. */
export function SpawnLayer({ rig, textureSource }: { rig: ModelRig; textureSource: TextureSource }) {
  const { store } = useApp();
  const document = useEditor(currentDocument);
  const tables = useEditor((state) => state.gameTables);
  const generation = useEditor((state) => state.textureGeneration);
  const emitters = useMemo(() => (document ? spawnEmitters(document, tables) : []), [document, tables]);
  const drops = useMemo(() => new DropPoints(rig.model, rig.globalSequences), [rig]);
  const [rigs, setRigs] = useState<Record<string, ModelRig | null>>({});
  useEffect(() => {
    let cancelled = false;
    const paths = [...new Set(emitters.map((emitter) => emitter.modelPath))];
    void Promise.all(paths.map(async (path) => [path, await loadSpawnRig(store, path)] as const)).then((loaded) => {
      if (!cancelled) setRigs(Object.fromEntries(loaded));
    });
    return () => {
      cancelled = true;
    };
  }, [emitters, store, generation]);
  const durations = useMemo(() => {
    const byPath = new Map<string, number>();
    for (const [path, spawned] of Object.entries(rigs)) {
      if (!spawned) continue;
      const interval = spawnInterval(spawned);
      byPath.set(path, interval.endMs - interval.startMs);
    }
    return (path: string) => byPath.get(path) ?? Number.NaN;
  }, [rigs]);
  useEffect(() => {
    for (const emitter of emitters) liveSpawns[emitter.object.name] = 0;
    return () => {
      for (const emitter of emitters) delete liveSpawns[emitter.object.name];
    };
  }, [emitters]);

  // Before the instances' frames (priority −1): they read the slots filled here.
  useFrame(() => {
    const state = store.getState();
    const timeMs = state.session.playback.playheadMs;
    const bounds = sequenceBoundsAt(currentDocument(state)?.sequences ?? [], timeMs, scratchBounds);
    updateSpawns(emitters, drops, durations, timeMs, bounds.startMs, bounds.endMs);
    for (const emitter of emitters) liveSpawns[emitter.object.name] = emitter.count;
  }, -1);

  return (
    <group>
      {emitters.flatMap((emitter) => {
        const spawned = rigs[emitter.modelPath];
        return spawned
          ? emitter.slots.map((slot, index) => (
              <SpawnedModel
                key={`${emitter.object.index}:${index}`}
                rig={spawned}
                slot={slot}
                textureSource={textureSource}
              />
            ))
          : [];
      })}
    </group>
  );
}
