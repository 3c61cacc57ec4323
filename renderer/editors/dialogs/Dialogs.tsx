/**
 * Modal dialogs: confirmations, text prompts, the F3 operator search, the keymap list, About and
 * the in-app file browser. One at a time, from the store's `dialog`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp, useEditor, useShortcuts } from '../../ui/editor-context';
import { displayChord, isReserved } from '../../../shared/keymap/chords';
import { TRANSFORM_MODAL_KEYMAP } from '../../../shared/keymap/default-keymap';
import { AREA_LABELS } from '../../../shared/keymap/keymap';
import { contextFor } from '../../operators/operator';
import { findSearchItems, searchItems } from '../../operators/search-items';
import { answerDialog } from '../../state/dialog-actions';
import type { Dialog } from '../../state/editor-store';
import { FormDialog } from './FormDialog';
import { RenderDialog } from './RenderDialog';
import { RenderProgress } from './RenderProgress';
import { FileBrowser } from './FileBrowser';
import { Modal } from './Modal';

function ConfirmDialog({ dialog }: { dialog: Extract<Dialog, { kind: 'confirm' }> }) {
  const { store } = useApp();
  const primary = useRef<HTMLButtonElement>(null);
  useEffect(() => primary.current?.focus(), []);
  return (
    <Modal title={dialog.title} onCancel={() => answerDialog(store, 'cancel')}>
      <div className="dialog-body">{dialog.message}</div>
      <div className="dialog-actions">
        {dialog.actions.map((action) => (
          <button
            key={action.id}
            ref={action.primary ? primary : undefined}
            className={`button${action.primary ? ' primary' : ''}${action.danger ? ' danger' : ''}`}
            data-testid={`dialog-${action.id}`}
            onClick={() => answerDialog(store, action.id)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}

function PromptDialog({ dialog }: { dialog: Extract<Dialog, { kind: 'prompt' }> }) {
  const { store } = useApp();
  const [value, setValue] = useState(dialog.value);
  return (
    <Modal title={dialog.title} onCancel={() => answerDialog(store, null)}>
      <form
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          answerDialog(store, value);
        }}
      >
        <label style={{ display: 'grid', gap: 6 }}>
          {dialog.label}
          <input
            className="field"
            autoFocus
            value={value}
            data-testid="prompt-field"
            onChange={(event) => setValue(event.target.value)}
            onFocus={(event) => event.target.select()}
          />
        </label>
        <div className="dialog-actions" style={{ padding: '12px 0 0' }}>
          <button type="button" className="button" onClick={() => answerDialog(store, null)}>
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="prompt-ok">
            OK
          </button>
        </div>
      </form>
    </Modal>
  );
}

function OperatorSearch({ close }: { close(): void }) {
  const { operators, store } = useApp();
  const shortcuts = useShortcuts();
  const area = useMemo(() => store.getState().hoveredArea ?? 'screen', [store]);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  // The rows that can run here (a menu's greyed-out entries are left out), found by the query's words.
  const runnable = useMemo(
    () =>
      searchItems(operators).filter((item) =>
        operators.canRun(item.operatorId, contextFor(store, area, item.properties)),
      ),
    [operators, store, area],
  );
  const matches = useMemo(() => findSearchItems(runnable, query), [runnable, query]);
  const runAt = (index: number) => {
    const item = matches[index];
    if (!item) return;
    close();
    operators.run(item.operatorId, contextFor(store, area, item.properties));
  };
  return (
    <Modal title="Operator Search" onCancel={close} className="search">
      <div className="dialog-body" style={{ whiteSpace: 'normal' }}>
        <input
          className="field"
          autoFocus
          placeholder="Search…"
          value={query}
          data-testid="operator-search"
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlight(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setHighlight((value) => Math.min(matches.length - 1, value + 1));
            else if (event.key === 'ArrowUp') setHighlight((value) => Math.max(0, value - 1));
            else if (event.key === 'Enter') runAt(highlight);
            else return;
            event.preventDefault();
          }}
        />
        <div className="search-list">
          {matches.map((item, index) => {
            const shortcut = shortcuts.text(item.operatorId, item.properties);
            return (
              <button
                key={`${item.menu ?? ''}:${item.label}:${item.operatorId}`}
                className={`menu-item${index === highlight ? ' highlighted' : ''}`}
                data-hint={operators.get(item.operatorId)?.description ?? ''}
                data-operator={item.operatorId}
                onPointerEnter={() => setHighlight(index)}
                onClick={() => runAt(index)}
              >
                <span className="label">{item.label}</span>
                {item.menu ? <span className="menu-path">{item.menu}</span> : null}
                <span className="shortcut">{shortcut ?? (item.menu ? '' : item.operatorId)}</span>
              </button>
            );
          })}
          {matches.length === 0 ? <div className="empty-hint">No operator matches (or none can run here).</div> : null}
        </div>
      </div>
    </Modal>
  );
}

function KeymapDialog({ close }: { close(): void }) {
  const { keymap, operators } = useApp();
  const { platform } = useShortcuts();
  const areas = [...new Set(keymap.items.map((item) => item.area))];
  const grab = TRANSFORM_MODAL_KEYMAP.map((item) => ({
    chord: item.chord,
    label: `${item.action === 'confirm' ? 'Confirm' : 'Cancel'} the move or duplicate`,
  }));
  const row = (key: string, chord: string, label: string) => (
    <div key={key} style={{ display: 'contents' }}>
      <span className="kbd">{displayChord(chord, platform)}</span>
      <span>{label}</span>
      <span style={{ color: 'var(--text-faint)' }}>{isReserved(chord, platform) ? 'taken by the system' : ''}</span>
    </div>
  );
  return (
    <Modal title="Keyboard Shortcuts" onCancel={close}>
      <div className="keymap-table" data-testid="keymap-table">
        {areas.map((area) => (
          <div key={area} style={{ display: 'contents' }}>
            <div className="menu-heading" style={{ gridColumn: '1 / -1' }}>
              {AREA_LABELS[area]}
            </div>
            {keymap.items
              .filter((item) => item.area === area)
              .map((item, index) =>
                row(
                  `${area}-${index}`,
                  item.chord,
                  item.label ??
                    `${operators.get(item.operatorId)?.label ?? item.operatorId}` +
                      `${item.properties ? ` (${Object.values(item.properties).join(', ')})` : ''}`,
                ),
              )}
          </div>
        ))}
        <div className="menu-heading" style={{ gridColumn: '1 / -1' }}>
          While moving keys
        </div>
        {grab.map((item, index) => row(`grab-${index}`, item.chord, item.label))}
      </div>
      <div className="dialog-actions">
        <button className="button primary" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function AboutDialog({ close }: { close(): void }) {
  const search = useShortcuts().text('wm.search_menu');
  return (
    <Modal title="About Morf Studio" onCancel={close}>
      <div className="dialog-body">
        {'Morf Studio — an editor for Warcraft III MRF cape animations and the MDX/MDL event objects that link ' +
          `them.\n\nOpen source (MIT). Keys follow Blender; ${search ?? 'Edit ▸ Operator Search'} searches ` +
          'every operator.'}
      </div>
      <div className="dialog-actions">
        <button className="button primary" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

/** The dialog layer. */
export function Dialogs() {
  const { store } = useApp();
  const dialog = useEditor((state) => state.dialog);
  const close = () => store.setState({ dialog: null });
  const rendering = useEditor((state) => state.render !== null);
  // A render's progress shows while it runs, under any dialog it asks (replace an existing file?).
  if (!dialog) return rendering ? <RenderProgress /> : null;
  switch (dialog.kind) {
    case 'confirm':
      return <ConfirmDialog dialog={dialog} />;
    case 'prompt':
      return <PromptDialog dialog={dialog} />;
    case 'operatorSearch':
      return <OperatorSearch close={close} />;
    case 'keymap':
      return <KeymapDialog close={close} />;
    case 'about':
      return <AboutDialog close={close} />;
    case 'fileBrowser':
      return <FileBrowser dialog={dialog} />;
    case 'form':
      return <FormDialog dialog={dialog} />;
    case 'render':
      return <RenderDialog dialog={dialog} />;
  }
}
