/**
 * The in-app file browser (Blender has its own too): used where the host has no native dialogs
 * (the browser shell), and to browse inside archives. It lists the granted roots, their directories
 * (the host's listDirectory — it can never reach outside them) and the folders inside MPQ archives
 * (maps and the game's archives, through listArchive). Open shows models and capes (a filter of
 * wildcards), Save takes a file name (a map is a place to save into), Open Data Folder picks a
 * directory or an archive. The path field can be typed in: Enter goes there.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type GrantedRoot, HostError } from '../../../shared/contract/contract';
import {
  archiveEntryPath,
  distinctLabels,
  isArchiveName,
  isWritableArchive,
  splitArchivePath,
} from '../../files/archive-paths';
import { useApp } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { answerDialog } from '../../state/dialog-actions';
import type { Dialog } from '../../state/editor-store';
import { type BrowserEntry, type BrowserListing, filterPattern, folderOf, Locations } from './file-browser/locations';
import { Modal } from './Modal';

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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The place every window can save into (the host's "Saved files" folder), if it is granted. */
function savedFilesRoot(roots: readonly GrantedRoot[]): GrantedRoot | null {
  return roots.find((root) => root.reason === 'saved-files' && root.kind === 'directory') ?? null;
}

/** Why a location cannot be shown: the host's reason, and for a refused path where the user can go instead. */
function refusal(error: unknown, roots: readonly GrantedRoot[], purpose: Dialog & { kind: 'fileBrowser' }): string {
  if (!(error instanceof HostError) || error.code !== 'denied') return describe(error);
  const saved = savedFilesRoot(roots);
  return (
    `${describe(error)}. This window reaches only the places on the left` +
    (purpose.purpose === 'save' && saved ? `: save into ${saved.path} (Saved files)` : '') +
    ' — the browser shell grants more with --root FOLDER'
  );
}

/** Where the browser starts: beside the open file (inside its map), or the folder of a game archive for a save. */
function startOf(dialog: Extract<Dialog, { kind: 'fileBrowser' }>, current: string | null): string | null {
  if (dialog.startPath) return dialog.startPath;
  if (!current) return null;
  const parts = splitArchivePath(current);
  if (parts && dialog.purpose === 'save' && !isWritableArchive(parts.archive)) return folderOf(parts.archive);
  return folderOf(current);
}

/** What a data-folder choice is: a map, one of the game's archives, or a folder (a path inside one: the archive). */
function sourceKind(path: string | null): 'Folder' | 'Map' | 'Archive' {
  const archive = path === null ? null : (splitArchivePath(path)?.archive ?? (isArchiveName(path) ? path : null));
  if (archive === null) return 'Folder';
  return isWritableArchive(archive) ? 'Map' : 'Archive';
}

/** The browser. */
export function FileBrowser({ dialog }: { dialog: Extract<Dialog, { kind: 'fileBrowser' }> }) {
  const { store } = useApp();
  const host = store.services.host;
  const locations = useMemo(() => (host ? new Locations(host) : null), [host]);
  const [roots, setRoots] = useState<GrantedRoot[]>([]);
  const rootsRef = useRef(roots);
  rootsRef.current = roots;
  const [listing, setListing] = useState<BrowserListing | null>(null);
  /** The listing shown, as soon as it is set (an accept awaiting a listing reads it before the next render). */
  const listingRef = useRef(listing);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState(dialog.initialName);
  const nameRef = useRef(name);
  nameRef.current = name;
  const chooseName = (chosen: string) => {
    nameRef.current = chosen;
    setName(chosen);
  };
  const show = (listed: BrowserListing) => {
    listingRef.current = listed;
    setListing(listed);
  };
  const [filter, setFilter] = useState(dialog.filter);
  const pathField = useRef<HTMLInputElement>(null);
  /** The path field's text when it got the focus (null while it has none). */
  const focusedText = useRef<string | null>(null);

  // Listings answer in any order: a listing the user asked for (a click, a typed path) is shown unless they asked for
  // another since; the start-up listing only while the user has asked for none (slow under load, it replaced the
  // folder the user had gone to and cleared the file chosen there).
  const latestRequest = useRef(0);
  // 'superseded': the user asked for another location meanwhile (it is not shown).
  const list = useCallback(
    async (
      path: string | null,
      quiet = false,
      keepTyped = false,
      background = false,
    ): Promise<'listed' | 'superseded' | 'failed'> => {
      if (!locations) return 'failed';
      const request = background ? latestRequest.current : ++latestRequest.current;
      try {
        const listed = await locations.list(path);
        if (request !== latestRequest.current) return 'superseded';
        listingRef.current = listed;
        setListing(listed);
        // The first listing arrives while the user may already be typing a path: it keeps what they typed.
        if (!keepTyped) setTyped(null);
        setError(null);
        // A listing of the folder already shown (it can arrive after the user chose a file there) keeps that choice.
        setSelected((chosen) => (listed.entries.some((entry) => entry.path === chosen) ? chosen : null));
        return 'listed';
      } catch (caught) {
        if (request !== latestRequest.current) return 'superseded';
        if (!quiet) setError(`Cannot go to “${path}”: ${refusal(caught, rootsRef.current, dialog)}`);
        return 'failed';
      }
    },
    [locations, dialog],
  );

  useEffect(() => {
    if (!host) return;
    const granted = host.listRoots().then(
      (found) => found,
      () => [],
    );
    void granted.then(setRoots);
    const start = startOf(dialog, store.getState().file?.path ?? null);
    // Start next to the open file when its folder is browsable; else a save starts in Saved files (the sample's and
    // an imported cape's folder are not places to write), anything else at the granted places. None of them replaces
    // where the user went meanwhile: a superseded start-up listing counts as listed.
    void (async () => {
      if (start !== null && (await list(start, true, true, true)) !== 'failed') return;
      const saved = dialog.purpose === 'save' ? savedFilesRoot(await granted) : null;
      if (saved && (await list(saved.path, true, true, true)) !== 'failed') return;
      await list(null, false, true, true);
    })();
  }, [host, list, store, dialog]);

  const pattern = useMemo(() => filterPattern(filter), [filter]);
  const entries = useMemo(
    () =>
      (listing?.entries ?? []).filter(
        (entry) =>
          entry.kind !== 'file' || (dialog.purpose !== 'dataFolder' && (pattern === null || pattern.test(entry.name))),
      ),
    [listing, dialog.purpose, pattern],
  );
  // Names that repeat (the places, the roots) are told apart by their folders.
  const placeLabels = useMemo(() => distinctLabels(roots.map((root) => root.path)), [roots]);
  const rowLabels = useMemo(
    () => (listing?.path === null ? distinctLabels(entries.map((entry) => entry.path)) : null),
    [listing, entries],
  );

  const savableAt = (at: BrowserListing | null) => at?.path != null && (at.archive === null || at.archive.writable);
  const savable = savableAt(listing);
  /** The path field holds a location the browser does not show yet (typed, or its listing still on its way). */
  const pathPending = typed !== null && typed.trim() !== '' && typed.trim() !== (listing?.path ?? '');

  /**
   * Makes the browser show what the path field says before a choice is taken from it: a folder typed (Enter pressed
   * or not) whose listing has not arrived is gone to and waited for — Save used to write into the folder still
   * listed. False when the path is refused (its reason shown) or the user went elsewhere meanwhile.
   */
  const settle = async (): Promise<boolean> => {
    const text = pathField.current?.value.trim() ?? '';
    if (!text || text === (listingRef.current?.path ?? '')) return true;
    return goTyped(text);
  };

  const accepting = useRef(false);
  const accept = async (entry?: BrowserEntry) => {
    if (accepting.current) return;
    accepting.current = true;
    try {
      await acceptSettled(entry);
    } finally {
      accepting.current = false;
    }
  };

  const acceptSettled = async (entry?: BrowserEntry) => {
    if (dialog.purpose === 'dataFolder') {
      if (!entry && selected === null && !(await settle())) return;
      const chosen = entry && entry.kind !== 'file' ? entry.path : (selected ?? listingRef.current?.path);
      // Inside an archive, the data source is the whole archive.
      const folder = chosen ? (splitArchivePath(chosen)?.archive ?? chosen) : null;
      if (folder) answerDialog(store, folder);
      return;
    }
    if (dialog.purpose === 'open') {
      const path = entry?.path ?? selected;
      const chosen = entry ?? listing?.entries.find((candidate) => candidate.path === path);
      if (chosen && chosen.kind !== 'file') void list(chosen.path);
      else if (path) answerDialog(store, path);
      return;
    }
    if (!(await settle())) return;
    const at = listingRef.current;
    const chosenName = nameRef.current.trim();
    if (savableAt(at) && chosenName) answerDialog(store, archiveEntryPath(at!.path!, chosenName));
  };

  const open = (entry: BrowserEntry) => {
    if (entry.kind !== 'file') void list(entry.path);
    else void accept(entry);
  };

  /**
   * Enter in the path field: go to the folder or archive typed; a file is chosen (Open) or named (Save). True when
   * the browser now shows what was typed (false: refused, with the reason shown, or the user went elsewhere).
   */
  const goTyped = async (text: string): Promise<boolean> => {
    const path = text.trim();
    if (!path) return (await list(null)) === 'listed';
    const went = await list(path, true);
    if (went !== 'failed') return went === 'listed';
    const folder = folderOf(path);
    const base = path.slice((folder?.length ?? 0) + 1);
    const request = ++latestRequest.current;
    const around = folder && locations ? await locations.list(folder).catch(() => null) : null;
    if (request !== latestRequest.current) return false;
    const file = around?.entries.find(
      (entry) => entry.kind === 'file' && entry.name.toLowerCase() === base.toLowerCase(),
    );
    if (around && (file || dialog.purpose === 'save')) {
      show(around);
      setTyped(null);
      setError(null);
      if (dialog.purpose === 'save') chooseName(file?.name ?? base);
      else if (dialog.purpose === 'open') answerDialog(store, file!.path);
      else setSelected(file!.path);
      return true;
    }
    // Say why: the host's reason for the path itself.
    await list(path);
    return false;
  };

  const cancel = useCallback(() => answerDialog(store, null), [store]);
  const acceptLabel =
    dialog.purpose === 'dataFolder'
      ? `${dialog.acceptVerb} This ${sourceKind(selected ?? listing?.path ?? null)}`
      : dialog.acceptLabel;
  const canAccept =
    dialog.purpose === 'save'
      ? Boolean((savable || pathPending) && name.trim())
      : dialog.purpose === 'open'
        ? selected !== null
        : Boolean(selected ?? listing?.path) || pathPending;
  const footerText =
    dialog.purpose === 'save'
      ? listing?.archive && !listing.archive.writable
        ? "The game's own archives are read-only: save into a folder or a map"
        : listing?.path === null
          ? 'Choose a folder to save into'
          : null
      : dialog.purpose === 'open'
        ? 'Filter: wildcards such as *.mrf *.mdx (* for every file)'
        : 'Choose a folder, or a map or game archive (.w3x, .w3m, .mpq)';

  return (
    <Modal title={dialog.title} className="file-browser" testId="file-browser" onCancel={cancel}>
      <div className="path-bar">
        <button
          className="button icon"
          disabled={!listing?.path}
          data-hint="Parent directory"
          data-testid="file-browser-up"
          onClick={() => void list(listing?.parent ?? null)}
        >
          <Icon name="up" size={12} />
        </button>
        <button className="button icon" data-hint="The granted places" onClick={() => void list(null)}>
          <Icon name="home" size={12} />
        </button>
        <input
          ref={pathField}
          className="field"
          value={typed ?? listing?.path ?? ''}
          placeholder="Places — type a folder, a map or a file and press Enter"
          spellCheck={false}
          data-testid="file-browser-path"
          onChange={(event) => setTyped(event.target.value)}
          // While the field has the focus, a listing that arrives never changes its text under the caret: the user
          // may have selected it to type over it (a listing arriving between the selection and the typing put its
          // folder in front of the typed path). Left untouched, the field follows the listings again on blur.
          onFocus={(event) => {
            focusedText.current = event.currentTarget.value;
            setTyped((current) => current ?? focusedText.current);
          }}
          onBlur={(event) => {
            if (event.currentTarget.value === focusedText.current) setTyped(null);
            focusedText.current = null;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void goTyped(event.currentTarget.value);
            // Esc drops what was typed (a second Esc, or one with nothing typed, closes the dialog).
            if (event.key === 'Escape' && typed !== null && typed !== focusedText.current) {
              event.stopPropagation();
              focusedText.current = listing?.path ?? '';
              setTyped(focusedText.current);
            }
          }}
        />
        {dialog.purpose !== 'dataFolder' ? (
          <input
            className="field filter"
            style={{ flex: '0 0 150px' }}
            value={filter}
            spellCheck={false}
            data-hint="Show the files whose names match these wildcards (* for every file)"
            data-testid="file-browser-filter"
            onChange={(event) => setFilter(event.target.value)}
          />
        ) : null}
      </div>
      <div className="columns">
        <div className="places" data-testid="file-browser-places">
          <div className="menu-heading">Places</div>
          {roots.map((root, index) => (
            <div
              key={root.path}
              className="place"
              title={root.path}
              data-hint={`${root.path} (${root.reason})`}
              data-testid="file-browser-place"
              onClick={() =>
                void list(root.kind === 'directory' || isArchiveName(root.path) ? root.path : folderOf(root.path))
              }
            >
              <Icon name={root.kind === 'directory' ? 'folder' : 'file'} size={12} />{' '}
              {root.reason === 'saved-files' ? 'Saved files' : placeLabels[index]?.name}
              {placeLabels[index]?.folder ? (
                <span style={{ color: 'var(--text-faint)' }}> — {placeLabels[index]!.folder}</span>
              ) : null}
            </div>
          ))}
        </div>
        <div className="entries" data-testid="file-browser-entries" data-location={listing?.path ?? ''}>
          {error ? (
            <div className="empty-hint" style={{ color: 'var(--error)' }} data-testid="file-browser-error">
              {error}
            </div>
          ) : null}
          {entries.map((entry, index) => {
            const label = rowLabels?.[index];
            return (
              <div
                key={entry.path}
                className={`entry${selected === entry.path ? ' selected' : ''}`}
                style={{ gridTemplateColumns: '20px minmax(0, 1fr) 90px 130px' }}
                title={entry.path}
                data-testid={`file-entry-${entry.name}`}
                onClick={() => {
                  setSelected(entry.path);
                  if (entry.kind === 'file' && dialog.purpose === 'save') setName(entry.name);
                }}
                onDoubleClick={() => open(entry)}
              >
                <Icon
                  name={entry.kind === 'directory' ? 'folder' : entry.kind === 'archive' ? 'database' : 'file'}
                  size={13}
                />
                <span className="name" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {label ? label.name : entry.name}
                  {label?.folder ? <span style={{ color: 'var(--text-faint)' }}> — {label.folder}</span> : null}
                </span>
                <span className="size">{entry.kind !== 'directory' ? formatSize(entry.size) : ''}</span>
                <span className="date">{entry.mtimeMs ? formatDate(entry.mtimeMs) : ''}</span>
              </div>
            );
          })}
          {!error && entries.length === 0 ? (
            <div className="empty-hint">{listing ? 'Nothing here matches the filter.' : 'Loading…'}</div>
          ) : null}
          {listing?.archive &&
          listing.archive.unnamed + listing.archive.truncated > 0 &&
          listing.path === listing.archive.path ? (
            <div className="empty-hint" data-testid="file-browser-unnamed">
              {listing.archive.unnamed > 0
                ? `${listing.archive.unnamed} files have no known name (the archive's listfile does not name them). `
                : ''}
              {listing.archive.truncated > 0 ? `${listing.archive.truncated} more files are not listed.` : ''}
            </div>
          ) : null}
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
            onKeyDown={(event) => event.key === 'Enter' && void accept()}
          />
        ) : null}
        {footerText ? (
          <span className="spacer" style={{ color: 'var(--text-faint)' }}>
            {footerText}
          </span>
        ) : null}
        <button className="button" onClick={() => answerDialog(store, null)}>
          Cancel
        </button>
        <button
          className="button primary"
          disabled={!canAccept}
          data-testid="file-browser-accept"
          onClick={() => void accept()}
        >
          {acceptLabel}
        </button>
      </div>
    </Modal>
  );
}
