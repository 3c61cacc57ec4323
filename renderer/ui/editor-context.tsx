/**
 * The editor's React context: the store, the operator registry, the keymap and the file service,
 * with hooks for narrow store selectors, for running operators and for their shortcut texts.
 */
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { FileService } from '../files/file-service';
import type { Keymap } from '../../shared/keymap/keymap';
import { type OperatorProperties, type OperatorRegistry, contextFor } from '../operators/operator';
import { type Shortcuts, createShortcuts, keyPlatform } from '../operators/shortcuts';
import type { AreaKind, EditorState, EditorStore } from '../state/editor-store';

/** Everything the views need. */
export interface EditorApp {
  store: EditorStore;
  operators: OperatorRegistry;
  keymap: Keymap;
  files: FileService;
}

const EditorContext = createContext<EditorApp | null>(null);

/** Provides the editor to its views. */
export const EditorProvider = EditorContext.Provider;

/** The editor (throws outside the provider: a programming error). */
export function useApp(): EditorApp {
  const app = useContext(EditorContext);
  if (!app) throw new Error('useApp outside <EditorProvider>');
  return app;
}

/** Subscribes to a slice of the store. Selectors must return stable values (no new objects). */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useApp().store, selector);
}

/** Runs an operator from a button or menu; returns false when its poll failed. */
export function useRunOperator(): (id: string, properties?: OperatorProperties, area?: AreaKind) => boolean {
  const { operators, store } = useApp();
  return useCallback(
    (id, properties = {}, area = 'screen') => operators.run(id, contextFor(store, area, properties)),
    [operators, store],
  );
}

/** Shortcut texts from the keymap for the platform the editor runs on (menus, the search, hints). */
export function useShortcuts(): Shortcuts {
  const { keymap, operators } = useApp();
  const os = useEditor((state) => keyPlatform(state).os);
  const shell = useEditor((state) => state.runtime.kind);
  return useMemo(() => createShortcuts(keymap, operators, { os, shell }), [keymap, operators, os, shell]);
}
