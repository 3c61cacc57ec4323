/**
 * The window's top bar: the menus (File, Edit, View, Playback, Help), the file name with the
 * unsaved-changes dot, and the data folder menu (the stack in order, each folder with Move Up,
 * Move Down and Remove; Open Data Folder…).
 */
import { useState } from 'react';
import { useApp, useEditor } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { archiveEntryOf, displayName, distinctLabels } from '../../files/archive-paths';
import { baseName } from '../../files/file-names';
import { focusedDocumentDirty, focusedLinkCapeName, focusedLinkCapePath } from '../../state/document-focus';
import { redoLabel, undoLabel } from '../../state/history';
import { type MenuLayout, menuLayout } from '../../../shared/contract/menu-commands';
import { type MenuEntry, MenuPopup } from './Menu';

/**
 * The top bar's menus: the layout the native menus are built from too (shared/contract/menu-commands.ts). The File
 * menu lists `recentFiles`: the list as it was when the menu opened, so entries arriving while it is open never move
 * the items under the pointer (a refresh after an open pushed Save As… down a row, and its click saved).
 */
function useMenus(recentFiles: readonly string[]): Record<string, MenuEntry[]> {
  const { files } = useApp();
  const history = useEditor((state) => state.history);
  const layout = useEditor((state) => state.session.layout);
  const playback = useEditor((state) => state.session.playback);
  const snapping = useEditor((state) => state.session.timeline.snapping);
  const undo = history ? undoLabel(history) : null;
  const redo = history ? redoLabel(history) : null;
  const labels: Record<string, string> = {
    'ed.undo': undo ? `Undo ${undo}` : 'Undo',
    'ed.redo': redo ? `Redo ${redo}` : 'Redo',
  };
  const checked: Record<string, boolean> = {
    'view.toggle_sidebar': layout.propertiesOpen,
    'view.toggle_diagnostics': layout.diagnosticsOpen,
    'screen.toggle_loop': playback.loop,
    'screen.toggle_play_every_frame': playback.playEveryFrame,
    'screen.toggle_mute': playback.muted,
    'screen.toggle_scrub_audio': playback.scrubAudio,
    'action.toggle_snapping': snapping,
  };
  const entries = (items: MenuLayout['items']): MenuEntry[] =>
    items.flatMap((item): MenuEntry[] => {
      if (item === '-') return [{ kind: 'separator' }];
      if (item === 'recent')
        return [
          { kind: 'heading', label: recentFiles.length ? 'Open Recent' : 'No Recent Files' },
          ...recentFiles.slice(0, 10).map((path, index, recent): MenuEntry => ({
            kind: 'action',
            label: recentLabel(path, recent),
            hint: path,
            run: () => void files.openPath(path),
          })),
        ];
      return [
        {
          kind: 'operator',
          id: item.operatorId,
          label: labels[item.operatorId] ?? item.label,
          ...(item.properties ? { properties: item.properties } : {}),
          ...(item.operatorId in checked ? { checked: checked[item.operatorId] } : {}),
        },
      ];
    });
  return Object.fromEntries(menuLayout.map((menu) => [menu.label, entries(menu.items)]));
}

/** A recent file's label: `Map.w3x\path` for a file in a map, and the folder that tells two of one name apart. */
function recentLabel(path: string, recent: readonly string[]): string {
  if (archiveEntryOf(path)) return displayName(path);
  const label = distinctLabels(recent)[recent.indexOf(path)];
  return label?.folder ? `${label.name} — ${label.folder}` : (label?.name ?? baseName(path));
}

/** The folder part of a cape's path as the title shows it: `Map.w3x\Doodads\…\` inside a map, else its folder. */
function folderPart(path: string): string {
  const shown = archiveEntryOf(path) ? displayName(path) : path;
  return shown.slice(0, shown.length - baseName(shown).length);
}

/** "1 file", "7 files". */
function filesText(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

/** The bar. */
export function TopBar() {
  const liveRecentFiles = useEditor((state) => state.recentFiles);
  const [open, setOpen] = useState<{ name: string; x: number; y: number; recentFiles: readonly string[] } | null>(null);
  const menus = useMenus(open?.recentFiles ?? liveRecentFiles);
  const file = useEditor((state) => state.file);
  const dirty = useEditor(focusedDocumentDirty);
  const capeName = useEditor(focusedLinkCapeName);
  const capePath = useEditor(focusedLinkCapePath);
  // Where the document in focus is: a link's cape where it resolved (inside a map: the map and the folders in it),
  // else the folder of the open file (a file in a map is named from the map on: the folder holding the map).
  const location = capeName
    ? capePath && folderPart(capePath)
    : file?.path && file.path.slice(0, file.path.length - file.name.length);
  const dataFolders = useEditor((state) => state.dataFolders);
  const [foldersOpen, setFoldersOpen] = useState<{ x: number; y: number } | null>(null);
  const openMenu = (name: string, element: HTMLElement) => {
    const rect = element.getBoundingClientRect();
    setOpen({ name, x: rect.left, y: rect.bottom + 2, recentFiles: liveRecentFiles });
  };
  const readyFolders = dataFolders.filter((folder) => folder.state === 'ready').length;
  return (
    <header className="topbar">
      <span className="brand" data-hint="Morf Studio">
        <Icon name="logo" size={15} />
      </span>
      {Object.keys(menus).map((name) => (
        <button
          key={name}
          className={`menu-button${open?.name === name ? ' open' : ''}`}
          onPointerDown={(event) => {
            event.preventDefault();
            if (open?.name === name) setOpen(null);
            else openMenu(name, event.currentTarget);
          }}
          onPointerEnter={(event) => open && open.name !== name && openMenu(name, event.currentTarget)}
        >
          {name}
        </button>
      ))}
      <div
        className="file-title"
        data-hint={(capeName ? capePath : file?.path) ?? (file ? 'Not saved yet' : 'No file open')}
        data-testid="file-title"
      >
        {dirty ? <span className="unsaved-dot" title="Unsaved changes" data-testid="unsaved-dot" /> : null}
        <span className="name">{capeName ? `${capeName} (cape)` : file ? file.name : 'No file'}</span>
        {location ? <span className="path">{location}</span> : null}
      </div>
      <button
        className="menu-button data-folders-button"
        data-hint="Game data folders: game paths resolve through them, first match wins"
        onPointerDown={(event) => {
          event.preventDefault();
          const rect = event.currentTarget.getBoundingClientRect();
          setFoldersOpen(foldersOpen ? null : { x: rect.right - 320, y: rect.bottom + 2 });
        }}
      >
        <Icon name="database" />
        {dataFolders.length === 0
          ? 'No data folders'
          : `${readyFolders}/${dataFolders.length} data folder${dataFolders.length === 1 ? '' : 's'}`}
      </button>
      {open ? <MenuPopup entries={menus[open.name]!} x={open.x} y={open.y} onClose={() => setOpen(null)} /> : null}
      {foldersOpen ? (
        <MenuPopup
          x={foldersOpen.x}
          y={foldersOpen.y}
          onClose={() => setFoldersOpen(null)}
          entries={[
            { kind: 'heading', label: 'Data folders (first match wins)' },
            ...dataFolders.map((folder, index): MenuEntry => ({
              kind: 'note',
              label: `${index + 1}. ${folder.path}${folder.transient ? ' (this session)' : ''}`,
              detail: folder.state === 'ready' ? filesText(folder.fileCount) : folder.state,
              hint:
                folder.error ??
                `${filesText(folder.fileCount)} indexed in ${Math.round(folder.indexMs)} ` +
                  `ms${folder.transient ? ', for this session only (not kept in the settings)' : ''}`,
              testId: 'data-folder-row',
              buttons: [
                {
                  id: 'wm.data_folder_move',
                  icon: 'up',
                  label: 'Move Up',
                  properties: { path: folder.path, direction: 'up' },
                },
                {
                  id: 'wm.data_folder_move',
                  icon: 'down',
                  label: 'Move Down',
                  properties: { path: folder.path, direction: 'down' },
                },
                { id: 'wm.data_folder_remove', icon: 'close', label: 'Remove', properties: { path: folder.path } },
              ],
            })),
            { kind: 'separator' },
            { kind: 'operator', id: 'wm.open_data_folder' },
            { kind: 'operator', id: 'wm.add_archive' },
            { kind: 'operator', id: 'wm.add_game_folder' },
            { kind: 'operator', id: 'wm.archive_listfile' },
            { kind: 'operator', id: 'wm.reload_capes' },
          ]}
        />
      ) : null}
    </header>
  );
}
