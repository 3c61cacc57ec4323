/**
 * The diagnostics list: validation results of the model and of its capes, errors first. A click
 * selects what the diagnostic points at (an event object, a key, a link, a sequence).
 */
import { useMemo } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import { useApp, useEditor } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import type { EditorStore } from '../../state/editor-store';
import { selectKeys } from '../../state/key-actions';
import { activateItem, selectLink, selectObjects } from '../../state/outliner-actions';
import { Area } from '../layout/Area';

const ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Selects what a diagnostic points at; false when it points at nothing selectable. */
export function selectDiagnosticTarget(store: EditorStore, diagnostic: Diagnostic): boolean {
  const target = diagnostic.target;
  if (!target) return false;
  switch (target.kind) {
    case 'eventObject':
      if (target.frameIndex !== undefined) {
        selectObjects(store, [target.objectIndex]);
        selectKeys(store, [{ objectIndex: target.objectIndex, frameIndex: target.frameIndex }], 'replace');
      } else selectObjects(store, [target.objectIndex]);
      return true;
    case 'link':
      selectLink(store, target.id);
      return true;
    case 'sequence':
      activateItem(store, { kind: 'sequence', sequenceIndex: target.sequenceIndex });
      return true;
    default:
      return false;
  }
}

/** The area. */
export function DiagnosticsPanel() {
  const { store } = useApp();
  const diagnostics = useEditor((state) => state.diagnostics);
  const sorted = useMemo(() => [...diagnostics].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]), [diagnostics]);
  return (
    <Area kind="diagnostics" title={`Diagnostics (${diagnostics.length})`} icon="warning">
      <div className="tree" data-testid="diagnostics">
        {sorted.length === 0 ? <div className="empty-hint">No problems found.</div> : null}
        {sorted.map((diagnostic, index) => (
          <div
            key={index}
            className="diagnostic-row"
            data-hint={diagnostic.target ? 'Click to select what this points at' : diagnostic.code}
            onClick={() => selectDiagnosticTarget(store, diagnostic)}
          >
            <Icon
              name={diagnostic.severity === 'error' ? 'error' : diagnostic.severity === 'warning' ? 'warning' : 'info'}
              size={13}
              className={`severity-${diagnostic.severity}`}
            />
            <span>
              {diagnostic.message}
              {diagnostic.where || diagnostic.offset !== undefined ? (
                <span className="where">
                  {' '}
                  — {diagnostic.where}
                  {diagnostic.offset !== undefined ? ` @ ${diagnostic.offset}` : ''}
                </span>
              ) : null}
            </span>
          </div>
        ))}
      </div>
    </Area>
  );
}
