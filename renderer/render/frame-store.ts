/**
 * The store a render's frames are drawn from: the editor's store seen with the frame's time as the playhead, the
 * render's overlays (the helpers — grid, axes, normals, bounds, statistics, bones, camera, emitter and collision
 * gizmos — off unless "Include overlays"; the model's geosets, its particles and the capes as the viewport shows
 * them), and no selection, drag or playback unless overlays are included. Everything else (the document, capes,
 * textures, the camera looked through) is the editor's own, so the viewport's drawing code draws exactly what the
 * viewport would at that time. Writes (a texture's status) go to the editor's store. Setting the time builds one
 * small state object; nothing is copied.
 */
import type { EditorState, EditorStore } from '../state/editor-store';
import { EMPTY_SELECTION } from '../state/selection';
import type { ViewportOverlays } from '../state/session';

/** An editor store whose playhead is the render's frame time. */
export type FrameStore = EditorStore & {
  /** Shows the scene at `timeMs` (listeners are told, as a playhead change tells them). */
  setTime(timeMs: number): void;
  /** Stops following the editor's store. */
  dispose(): void;
};

/** The overlays a render draws: the viewport's with its helpers off, unless they are included. */
export function renderOverlays(overlays: ViewportOverlays, includeOverlays: boolean): ViewportOverlays {
  if (includeOverlays) return overlays;
  return {
    ...overlays,
    grid: false,
    axes: false,
    normals: false,
    bounds: false,
    statistics: false,
    bones: false,
    cameras: false,
    emitters: false,
    collisionShapes: false,
  };
}

/**
 * A frame store over `editor` (see the module comment); `services` stand in for the editor's (the render counts the
 * host reads its frames make).
 */
export function createFrameStore(
  editor: EditorStore,
  includeOverlays: boolean,
  timeMs: number,
  services: EditorStore['services'] = editor.services,
): FrameStore {
  type Listener = (state: EditorState, previous: EditorState) => void;
  const listeners = new Set<Listener>();
  let time = timeMs;
  let source = editor.getState();
  let overlaysOf = source.session.viewport.overlays;
  let overlays = renderOverlays(overlaysOf, includeOverlays);
  const derive = (state: EditorState): EditorState => {
    if (state.session.viewport.overlays !== overlaysOf) {
      overlaysOf = state.session.viewport.overlays;
      overlays = renderOverlays(overlaysOf, includeOverlays);
    }
    return {
      ...state,
      session: {
        ...state.session,
        playback: { ...state.session.playback, playheadMs: time },
        viewport: { ...state.session.viewport, overlays },
      },
      ...(includeOverlays ? {} : { selection: EMPTY_SELECTION, drag: null }),
      playing: 0,
    };
  };
  let state = derive(source);
  const current = (): EditorState => {
    const latest = editor.getState();
    if (latest !== source) {
      source = latest;
      state = derive(latest);
    }
    return state;
  };
  const tell = (previous: EditorState) => {
    for (const listener of [...listeners]) listener(state, previous);
  };
  const unsubscribe = editor.subscribe((latest) => {
    const previous = state;
    source = latest;
    state = derive(latest);
    tell(previous);
  });
  const frameStore: FrameStore = {
    getState: current,
    getInitialState: current,
    setState: editor.setState,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    services,
    get answerDialog() {
      return editor.answerDialog;
    },
    set answerDialog(answer) {
      editor.answerDialog = answer;
    },
    setTime(timeMs) {
      if (Object.is(timeMs, time)) return;
      const previous = current();
      time = timeMs;
      state = derive(source);
      tell(previous);
    },
    dispose() {
      unsubscribe();
      listeners.clear();
    },
  };
  return frameStore;
}
