/**
 * Writers of the session kind of state, and its persistence: changed groups are written through
 * the host's settings, debounced, one key per group (so a playhead change does not rewrite the
 * layout).
 */
import type { HostClient } from '../../shared/contract/contract';
import type { TimelineView } from './timeline-view';
import type { EditorStore } from './editor-store';
import { type SessionState, SESSION_KEYS, sessionToSettings } from './session';

/** Replaces the session through a recipe. */
export function updateSession(store: EditorStore, recipe: (session: SessionState) => SessionState): void {
  store.setState((state) => ({ session: recipe(state.session) }));
}

/** Moves the playhead. */
export function setPlayhead(store: EditorStore, playheadMs: number): void {
  if (!Number.isFinite(playheadMs)) return;
  store.setState((state) =>
    state.session.playback.playheadMs === playheadMs
      ? state
      : { session: { ...state.session, playback: { ...state.session.playback, playheadMs } } },
  );
}

/** Sets the timeline view (zoom and pan). */
export function setTimelineView(store: EditorStore, view: TimelineView): void {
  updateSession(store, (session) => ({ ...session, timeline: { ...session.timeline, view } }));
}

/** Patches the layout (splitter drags, N). */
export function updateLayout(store: EditorStore, patch: Partial<SessionState['layout']>): void {
  updateSession(store, (session) => ({ ...session, layout: { ...session.layout, ...patch } }));
}

/** Toggles a collapsible row or group. */
export function toggleCollapsed(store: EditorStore, key: string, defaultCollapsed: boolean): void {
  updateSession(store, (session) => {
    const current = session.timeline.collapsed[key] ?? defaultCollapsed;
    return {
      ...session,
      timeline: { ...session.timeline, collapsed: { ...session.timeline.collapsed, [key]: !current } },
    };
  });
}

/**
 * Persists session changes through the host, `delayMs` after the last change, writing only the
 * groups whose value changed. Returns a function that flushes pending writes and stops.
 */
export function persistSession(
  store: EditorStore,
  host: Pick<HostClient, 'setSessionValue'>,
  delayMs = 400,
): () => void {
  let written = sessionToSettings(store.getState().session);
  let writtenJson = Object.fromEntries(Object.entries(written).map(([key, value]) => [key, JSON.stringify(value)]));
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    written = sessionToSettings(store.getState().session);
    for (const key of Object.values(SESSION_KEYS)) {
      const json = JSON.stringify(written[key]);
      if (json === writtenJson[key]) continue;
      writtenJson = { ...writtenJson, [key]: json };
      host.setSessionValue({ key, value: written[key]! }).catch(() => {
        // Settings are a convenience: a failed write is retried with the next change.
        writtenJson = { ...writtenJson, [key]: '' };
      });
    }
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.session === previous.session) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });
  return () => {
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  };
}
