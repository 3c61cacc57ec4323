/**
 * The spawned-model library a viewport's layers share (PREM particles in ../particles, SPN event objects in
 * SpawnLayer): one {@link SpawnedModelLibrary} per host, so a model both spawn is read and parsed once, cleared when
 * the data folders change (the editor's texture generation). A render's stage has its own host (one that counts its
 * reads as loads, renderer/render/render-stage.tsx), so it has its own library and waits for its spawned models.
 * The hook re-renders its component and asks for a frame whenever an entry settles.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState } from 'react';
import { useApp, useEditor } from '../../../ui/editor-context';
import { SpawnedModelLibrary, type SpawnedModelReader } from './spawned-model-library';

const libraries = new WeakMap<SpawnedModelReader, SpawnedModelLibrary>();

/** The library over `reader` (made the first time it is asked for). */
export function spawnedModelLibraryOf(reader: SpawnedModelReader): SpawnedModelLibrary {
  let library = libraries.get(reader);
  if (!library) {
    library = new SpawnedModelLibrary(reader);
    libraries.set(reader, library);
  }
  return library;
}

/** The library over the app's host (null without one), kept in step with the data folders; see the module comment. */
export function useSpawnedModelLibrary(): SpawnedModelLibrary | null {
  const { store } = useApp();
  const host = store.services.host;
  const generation = useEditor((state) => state.textureGeneration);
  const invalidate = useThree((state) => state.invalidate);
  const library = useMemo(() => (host ? spawnedModelLibraryOf(host) : null), [host]);
  const [, setVersion] = useState(0);
  useEffect(
    () =>
      library?.subscribe(() => {
        setVersion((version) => version + 1);
        invalidate();
      }),
    [library, invalidate],
  );
  // A change of data folders forgets what was loaded from the old ones (the listeners then request again).
  useEffect(() => library?.syncSources(generation), [library, generation]);
  return library;
}
