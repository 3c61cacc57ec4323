/**
 * The editor window: top bar, the resizable areas (Outliner and Diagnostics left, 3D Viewport
 * centre, Properties right — N toggles it — and the Dope Sheet along the bottom), the status bar
 * and the dialog layer. Area sizes are session state: remembered across runs.
 */
import { useEffect, useState } from 'react';
import { type EditorApp, EditorProvider, useApp, useEditor, useRunOperator, useShortcuts } from './ui/editor-context';
import { DiagnosticsPanel } from './editors/diagnostics/DiagnosticsPanel';
import { Dialogs } from './editors/dialogs/Dialogs';
import { Splitter } from './editors/layout/Splitter';
import { StatusBar } from './editors/layout/StatusBar';
import { TopBar } from './editors/layout/TopBar';
import { Outliner } from './editors/outliner/Outliner';
import { Properties } from './editors/properties/Properties';
import { TimelineEditor } from './editors/timeline/TimelineEditor';
import { Viewport } from './editors/viewport/Viewport';
import { workspaceGrid } from './editors/layout/workspace-grid';
import type { TextureSource } from './editors/viewport/cape-texture';
import { defaultSession } from './state/session';
import { updateLayout } from './state/session-actions';

function useHints(): void {
  const { store } = useApp();
  useEffect(() => {
    const onOver = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[data-hint]') : null;
      const hint = target?.getAttribute('data-hint') ?? '';
      if (store.getState().hint !== hint && !store.getState().drag) store.setState({ hint });
    };
    document.addEventListener('pointerover', onOver);
    return () => document.removeEventListener('pointerover', onOver);
  }, [store]);
}

function Workspace({ textureSource }: { textureSource: TextureSource }) {
  const { store, files } = useApp();
  const layout = useEditor((state) => state.session.layout);
  const maximized = useEditor((state) => state.maximizedArea);
  const [dropping, setDropping] = useState(false);
  const defaults = defaultSession().layout;
  const onDrop = async (event: React.DragEvent) => {
    event.preventDefault();
    setDropping(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (!(await files.confirmDiscard('opening the dropped file'))) return;
    void files.openBytes(file.name, await file.arrayBuffer(), null, null);
  };
  const dropProps = {
    onDragOver: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDropping(true);
    },
    onDragLeave: (event: React.DragEvent) => event.currentTarget === event.target && setDropping(false),
    onDrop: (event: React.DragEvent) => void onDrop(event),
  };
  if (maximized) {
    return (
      <main
        className={`workspace${dropping ? ' drop-target' : ''}`}
        style={{ gridTemplateColumns: '1fr', gridTemplateRows: '1fr' }}
        {...dropProps}
      >
        {maximized.area === 'timeline' ? (
          <TimelineEditor />
        ) : maximized.area === 'outliner' ? (
          <Outliner />
        ) : (
          <Viewport textureSource={textureSource} />
        )}
      </main>
    );
  }
  const { columns, rows, spanAll } = workspaceGrid(layout);
  return (
    <main
      className={`workspace${dropping ? ' drop-target' : ''}`}
      style={{ gridTemplateColumns: columns, gridTemplateRows: rows }}
      {...dropProps}
    >
      <div
        className="column"
        style={{
          gridRow: 1,
          gridColumn: 1,
          gridTemplateRows: layout.diagnosticsOpen ? `1fr 4px ${layout.diagnosticsHeight}px` : '1fr',
        }}
      >
        <Outliner />
        {layout.diagnosticsOpen ? (
          <>
            <Splitter
              orientation="horizontal"
              size={layout.diagnosticsHeight}
              sign={-1}
              min={60}
              max={800}
              hint="Drag to resize the diagnostics · double-click resets"
              onResize={(diagnosticsHeight) => updateLayout(store, { diagnosticsHeight })}
              onReset={() => updateLayout(store, { diagnosticsHeight: defaults.diagnosticsHeight })}
            />
            <DiagnosticsPanel />
          </>
        ) : null}
      </div>
      <Splitter
        orientation="vertical"
        size={layout.outlinerWidth}
        sign={1}
        min={140}
        max={900}
        hint="Drag to resize the outliner · double-click resets"
        onResize={(outlinerWidth) => updateLayout(store, { outlinerWidth })}
        onReset={() => updateLayout(store, { outlinerWidth: defaults.outlinerWidth })}
      />
      <Viewport textureSource={textureSource} />
      {layout.propertiesOpen ? (
        <>
          <Splitter
            orientation="vertical"
            size={layout.propertiesWidth}
            sign={-1}
            min={180}
            max={900}
            hint="Drag to resize the properties · double-click resets"
            onResize={(propertiesWidth) => updateLayout(store, { propertiesWidth })}
            onReset={() => updateLayout(store, { propertiesWidth: defaults.propertiesWidth })}
          />
          <Properties />
        </>
      ) : null}
      <div style={{ gridRow: 2, gridColumn: spanAll, display: 'grid' }}>
        <Splitter
          orientation="horizontal"
          size={layout.timelineHeight}
          sign={-1}
          min={90}
          max={1400}
          hint="Drag to resize the timeline · double-click resets"
          onResize={(timelineHeight) => updateLayout(store, { timelineHeight })}
          onReset={() => updateLayout(store, { timelineHeight: defaults.timelineHeight })}
        />
      </div>
      <div style={{ gridRow: 3, gridColumn: spanAll, display: 'grid', minHeight: 0 }}>
        <TimelineEditor />
      </div>
    </main>
  );
}

/** Blender's "Back to Previous" while an area is shown fullscreen (the top bar with its menus is hidden then). */
function BackToPrevious() {
  const run = useRunOperator();
  const shortcuts = useShortcuts();
  const key = shortcuts.text('screen.screen_full_area', { use_hide_panels: true });
  return (
    <button
      className="button back-to-previous"
      data-testid="back-to-previous"
      data-hint={`Show every area again${key ? ` (${key})` : ''}`}
      onClick={() => run('screen.screen_full_area', { use_hide_panels: true })}
    >
      Back to Previous
    </button>
  );
}

function Shell({ textureSource }: { textureSource: TextureSource }) {
  useHints();
  const fullscreen = useEditor((state) => state.maximizedArea?.hidePanels === true);
  return (
    <div className={`app${fullscreen ? ' fullscreen-area' : ''}`}>
      {fullscreen ? null : <TopBar />}
      <Workspace textureSource={textureSource} />
      {fullscreen ? <BackToPrevious /> : <StatusBar />}
      <Dialogs />
    </div>
  );
}

/** The editor's root component. */
export function App({ app, textureSource }: { app: EditorApp; textureSource: TextureSource }) {
  return (
    <EditorProvider value={app}>
      <Shell textureSource={textureSource} />
    </EditorProvider>
  );
}
