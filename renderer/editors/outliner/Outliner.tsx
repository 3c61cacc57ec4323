/**
 * The Outliner area: the model as a tree (virtualised: only visible rows are in the DOM), a
 * filter box, selection synchronised with the timeline and the properties, and a context menu
 * (add link, rename, delete).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp, useEditor, useRunOperator, useShortcuts } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { currentDocument } from '../../state/editor-store';
import { activateItem, activateSequence, selectLink, selectObjects } from '../../state/outliner-actions';
import { linkHighlight, objectHighlight } from '../../state/selection';
import { toggleCollapsed } from '../../state/session-actions';
import { Area } from '../layout/Area';
import { type MenuEntry, MenuPopup } from '../layout/Menu';
import { type OutlinerRow, outlinerRows } from './outliner-tree';

const ROW_HEIGHT = 20;

const CONTEXT_MENU: MenuEntry[] = [
  { kind: 'operator', id: 'outliner.link_add' },
  { kind: 'operator', id: 'outliner.item_rename' },
  { kind: 'operator', id: 'outliner.delete' },
  { kind: 'separator' },
  { kind: 'operator', id: 'view3d.view_selected' },
  { kind: 'operator', id: 'action.view_selected' },
];

function useIsSelected(): (row: OutlinerRow) => 'active' | 'selected' | '' {
  const selection = useEditor((state) => state.selection);
  return (row) => {
    const active = selection.active;
    const target = row.target;
    if (target.kind === 'link') return linkHighlight(selection, target.id);
    if (target.kind === 'object') return objectHighlight(selection, target.objectIndex);
    if (target.kind === 'sequence')
      return active?.kind === 'sequence' && active.sequenceIndex === target.sequenceIndex ? 'active' : '';
    if (target.kind === 'globalSequence')
      return active?.kind === 'globalSequence' && active.globalSequenceIndex === target.globalSequenceIndex
        ? 'active'
        : '';
    if (target.kind === 'cape') return active?.kind === 'cape' ? 'active' : '';
    if (target.kind === 'camera')
      return active?.kind === 'camera' && active.cameraIndex === target.cameraIndex ? 'active' : '';
    return '';
  };
}

/** The area. */
export function Outliner() {
  const { store } = useApp();
  const keys = useShortcuts();
  const openKey = keys.text('wm.open');
  const renameKey = keys.text('outliner.item_rename');
  const renameHint = `double-click${renameKey ? ` or ${renameKey}` : ''} renames`;
  const run = useRunOperator();
  const document = useEditor(currentDocument);
  const standaloneCape = useEditor((state) => state.standaloneCape);
  const capes = useEditor((state) => state.capes);
  const collapsed = useEditor((state) => state.session.timeline.collapsed);
  const unit = useEditor((state) => state.session.timeline.unit);
  const frameStepMs = useEditor((state) => state.session.playback.frameStepMs);
  const tables = useEditor((state) => state.gameTables);
  const [filter, setFilter] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  // The tree's height, for the rows drawn: observed after each layout (reading it while rendering forced a layout of
  // the page in every render of the outliner, 45 ms of the editor's first one).
  useEffect(() => {
    const element = treeRef.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0) setViewHeight(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rows = useMemo(
    () => outlinerRows(document, standaloneCape, capes, collapsed, filter, { unit, frameStepMs }, tables),
    [document, standaloneCape, capes, collapsed, filter, unit, frameStepMs, tables],
  );
  const isSelected = useIsSelected();

  const select = (row: OutlinerRow, extend: boolean) => {
    const mode = extend ? 'toggle' : 'replace';
    const target = row.target;
    if (target.kind === 'link') selectLink(store, target.id, mode);
    else if (target.kind === 'object') selectObjects(store, [target.objectIndex], mode);
    else if (target.kind === 'sequence') activateSequence(store, target.sequenceIndex);
    else if (target.kind === 'globalSequence')
      activateItem(store, { kind: 'globalSequence', globalSequenceIndex: target.globalSequenceIndex });
    else if (target.kind === 'cape') activateItem(store, { kind: 'cape' });
    else if (target.kind === 'camera') activateItem(store, { kind: 'camera', cameraIndex: target.cameraIndex });
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - 5);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + 5);
  const header = (
    <input
      className="field filter-field"
      placeholder="Filter"
      value={filter}
      data-outliner-filter
      data-hint={keys.hint('Filter the tree by name', 'outliner.filter')}
      onChange={(event) => setFilter(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setFilter('');
          (event.target as HTMLInputElement).blur();
        }
      }}
    />
  );
  return (
    <Area kind="outliner" title="Outliner" icon="overlay" header={header}>
      <div
        className="tree"
        ref={treeRef}
        role="tree"
        data-testid="outliner"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onContextMenu={(event) => {
          event.preventDefault();
          setMenu({ x: event.clientX, y: event.clientY });
        }}
      >
        {rows.length === 0 ? (
          <div className="empty-hint">
            {filter ? (
              'Nothing matches the filter.'
            ) : (
              <>
                No file open.
                <br />
                {openKey ? `${openKey} opens` : 'File ▸ Open… opens'} a model or a cape, or drop a file here.
              </>
            )}
          </div>
        ) : (
          <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
            {rows.slice(first, last).map((row, offset) => {
              const index = first + offset;
              const selected = isSelected(row);
              return (
                <div
                  key={row.key}
                  className={`tree-row ${selected}${index % 2 ? ' odd' : ''}`}
                  role="treeitem"
                  aria-selected={selected !== ''}
                  data-testid={`outliner-row-${row.key}`}
                  data-status={row.status}
                  data-hint={
                    row.target.kind === 'link'
                      ? `${row.label}: ${row.status} — click selects it in the timeline · ${renameHint} · ` +
                        `right-click for more`
                      : row.target.kind === 'object'
                        ? `${row.label}${row.meaning ? ` — ${row.meaning.full}` : ''}: click selects its keys · ` +
                          renameHint
                        : row.label
                  }
                  style={{
                    position: 'absolute',
                    top: index * ROW_HEIGHT,
                    left: 0,
                    right: 0,
                    paddingLeft: 4 + row.depth * 14,
                  }}
                  onPointerDown={(event) => {
                    if (event.button === 0) select(row, event.shiftKey || event.ctrlKey);
                    else if (event.button === 2 && selected === '') select(row, false);
                  }}
                  onDoubleClick={() => {
                    if (row.target.kind === 'link' || row.target.kind === 'object')
                      run('outliner.item_rename', {}, 'outliner');
                  }}
                >
                  <span
                    className="twisty"
                    onPointerDown={(event) => {
                      if (!row.parent || event.button !== 0) return;
                      event.stopPropagation();
                      toggleCollapsed(store, `outliner:${row.key}`, false);
                    }}
                  >
                    {row.parent ? <Icon name={row.collapsed ? 'triangle-right' : 'triangle-down'} size={11} /> : null}
                  </span>
                  <span className="icon">
                    <Icon name={row.icon} size={13} />
                  </span>
                  <span className="label">{row.label}</span>
                  {row.meaning ? (
                    <span
                      className={`event-meaning ${row.meaning.state}`}
                      data-testid={`outliner-meaning-${row.key}`}
                      title={row.meaning.full}
                    >
                      {row.meaning.short}
                    </span>
                  ) : null}
                  {row.status ? <span className={`status-badge ${row.status}`}>{row.status}</span> : null}
                  <span className="meta">{row.meta}</span>
                </div>
              );
            })}
          </div>
        )}
      </div>
      {menu ? (
        <MenuPopup entries={CONTEXT_MENU} x={menu.x} y={menu.y} area="outliner" onClose={() => setMenu(null)} />
      ) : null}
    </Area>
  );
}
