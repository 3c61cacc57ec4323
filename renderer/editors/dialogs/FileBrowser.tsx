/**
 * The in-app file browser (Blender has its own too): used where the host has no native dialogs
 * (the browser shell). It lists the granted roots and their directories through the host's
 * listDirectory operation — it can never reach outside them. Open shows models and capes, Save
 * takes a file name, Open Data Folder picks a directory.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DirectoryEntry, DirectoryListing, GrantedRoot } from '../../../shared/contract/contract';
import { useApp } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { answerDialog } from '../../state/dialog-actions';
import type { Dialog } from '../../state/editor-store';
import { Modal } from './Modal';

const OPENABLE = /\.(mdx|mdl|mrf)$/i;

function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

function join(directory: string, name: string): string {
  const separator = separatorOf(directory);
  return directory.endsWith(separator) ? `${directory}${name}` : `${directory}${separator}${name}`;
}

function formatSize(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB`;
  return `${(size / 1024 / 1024).toFixed(1)} MiB`;
}

/** A compact modification time: 2026-11-22 00:30. */
function formatDate(mtimeMs: number): string {
  const date = new Date(mtimeMs);
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The browser. */
export function FileBrowser({ dialog }: { dialog: Extract<Dialog, { kind: 'fileBrowser' }> }) {
  const { store } = useApp();
  const host = store.services.host;
  const [roots, setRoots] = useState<GrantedRoot[]>([]);
  const [listing, setListing] = useState<DirectoryListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState(dialog.initialName);
  const [showAll, setShowAll] = useState(false);

  const list = useCallback(
    async (path: string | null, quiet = false): Promise<boolean> => {
      if (!host) return false;
      try {
        setListing(await host.listDirectory({ path }));
        setError(null);
        setSelected(null);
        return true;
      } catch (caught) {
        if (!quiet) setError(caught instanceof Error ? caught.message : String(caught));
        return false;
      }
    },
    [host],
  );

  useEffect(() => {
    if (!host) return;
    host.listRoots().then(setRoots, () => setRoots([]));
    const current = store.getState().file?.path;
    const start = current
      ? current.slice(0, Math.max(current.lastIndexOf('/'), current.lastIndexOf('\\'))) || null
      : null;
    // Start next to the open file when its folder is browsable, else at the granted places.
    void list(start, true).then((listed) => listed || list(null));
  }, [host, list, store]);

  const entries = useMemo(() => {
    const all = listing?.entries ?? [];
    const visible = all.filter(
      (entry) =>
        entry.kind === 'directory' ||
        (dialog.purpose !== 'dataFolder' && (showAll || dialog.purpose === 'save' || OPENABLE.test(entry.name))),
    );
    return visible.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'directory' ? -1 : 1));
  }, [listing, dialog.purpose, showAll]);

  const accept = (entry?: DirectoryEntry) => {
    if (dialog.purpose === 'dataFolder') {
      const folder = entry?.kind === 'directory' ? entry.path : (selected ?? listing?.path);
      if (folder) answerDialog(store, folder);
      return;
    }
    if (dialog.purpose === 'open') {
      const path = entry?.kind === 'file' ? entry.path : selected;
      if (path) answerDialog(store, path);
      return;
    }
    if (listing?.path && name.trim()) answerDialog(store, join(listing.path, name.trim()));
  };

  const open = (entry: DirectoryEntry) => {
    if (entry.kind === 'directory') void list(entry.path);
    else accept(entry);
  };

  const cancel = useCallback(() => answerDialog(store, null), [dialog]);
  const acceptLabel = dialog.purpose === 'open' ? 'Open' : dialog.purpose === 'save' ? 'Save' : 'Use This Folder';
  const canAccept =
    dialog.purpose === 'save'
      ? Boolean(listing?.path && name.trim())
      : dialog.purpose === 'open'
        ? selected !== null
        : Boolean(selected ?? listing?.path);

  return (
    <Modal title={dialog.title} className="file-browser" testId="file-browser" onCancel={cancel}>
      <div className="path-bar">
        <button
          className="button icon"
          disabled={!listing?.path}
          data-hint="Parent directory"
          onClick={() => void list(listing?.parent ?? null)}
        >
          <Icon name="up" size={12} />
        </button>
        <button className="button icon" data-hint="The granted places" onClick={() => void list(null)}>
          <Icon name="home" size={12} />
        </button>
        <input className="field" readOnly value={listing?.path ?? 'Places'} data-testid="file-browser-path" />
        {dialog.purpose === 'open' ? (
          <label className="checkbox" data-hint="Show every file, not only models and capes">
            <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} /> All files
          </label>
        ) : null}
      </div>
      <div className="columns">
        <div className="places">
          <div className="menu-heading">Places</div>
          {roots.map((root) => (
            <div
              key={root.path}
              className="place"
              title={root.path}
              data-hint={`${root.path} (${root.reason})`}
              onClick={() =>
                void list(
                  root.kind === 'directory'
                    ? root.path
                    : root.path.slice(0, Math.max(root.path.lastIndexOf('/'), root.path.lastIndexOf('\\'))),
                )
              }
            >
              <Icon name={root.kind === 'directory' ? 'folder' : 'file'} size={12} />{' '}
              {root.path.split(/[\\/]/).filter(Boolean).pop() ?? root.path}
            </div>
          ))}
        </div>
        <div className="entries" data-testid="file-browser-entries">
          {error ? (
            <div className="empty-hint" style={{ color: 'var(--error)' }}>
              {error}
            </div>
          ) : null}
          {entries.map((entry) => (
            <div
              key={entry.path}
              className={`entry${selected === entry.path ? ' selected' : ''}`}
              data-testid={`file-entry-${entry.name}`}
              onClick={() => {
                setSelected(entry.path);
                if (entry.kind === 'file' && dialog.purpose === 'save') setName(entry.name);
              }}
              onDoubleClick={() => open(entry)}
            >
              <Icon name={entry.kind === 'directory' ? 'folder' : 'file'} size={13} />
              <span>{entry.name}</span>
              <span className="size">{entry.kind === 'file' ? formatSize(entry.size) : ''}</span>
              <span className="date">{entry.mtimeMs ? formatDate(entry.mtimeMs) : ''}</span>
            </div>
          ))}
          {!error && entries.length === 0 ? <div className="empty-hint">{listing ? 'Empty.' : 'Loading…'}</div> : null}
        </div>
      </div>
      <div className="footer">
        {dialog.purpose === 'save' ? (
          <input
            className="field"
            autoFocus
            value={name}
            data-testid="file-browser-name"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && accept()}
          />
        ) : (
          <span className="spacer" style={{ color: 'var(--text-faint)' }}>
            {dialog.purpose === 'open'
              ? 'Models (.mdx, .mdl) and capes (.mrf)'
              : 'Choose a folder extracted from the game or a map'}
          </span>
        )}
        <button className="button" onClick={() => answerDialog(store, null)}>
          Cancel
        </button>
        <button
          className="button primary"
          disabled={!canAccept}
          data-testid="file-browser-accept"
          onClick={() => accept()}
        >
          {acceptLabel}
        </button>
      </div>
    </Modal>
  );
}
