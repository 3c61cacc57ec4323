/**
 * The area under the outliner, in two tabs: the diagnostics list (validation results of the model and of its capes,
 * errors first; a click selects what a diagnostic points at — an event object, a key, a link, a sequence) and the
 * Info log (every report since start-up with its time, open failures included).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import { useApp, useEditor } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import type { EditorStore } from '../../state/editor-store';
import { selectKeys } from '../../state/key-actions';
import { activateItem, selectLink, selectObjects } from '../../state/outliner-actions';
import { updateLayout } from '../../state/session-actions';
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

/** Wall-clock time of a report: 14:03:07. */
function clockTime(wallTimeMs: number): string {
  const date = new Date(wallTimeMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function severityIcon(severity: Diagnostic['severity']) {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'info';
}

function DiagnosticList() {
  const { store } = useApp();
  const diagnostics = useEditor((state) => state.diagnostics);
  const sorted = useMemo(() => [...diagnostics].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]), [diagnostics]);
  return (
    <div className="tree" data-testid="diagnostics">
      {sorted.length === 0 ? <div className="empty-hint">No problems found.</div> : null}
      {sorted.map((diagnostic, index) => (
        <div
          key={index}
          className="diagnostic-row"
          data-hint={diagnostic.target ? 'Click to select what this points at' : diagnostic.code}
          onClick={() => selectDiagnosticTarget(store, diagnostic)}
        >
          <Icon name={severityIcon(diagnostic.severity)} size={13} className={`severity-${diagnostic.severity}`} />
          <span className="diagnostic-text">
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
  );
}

/** The Info log (Blender's Info editor): every report since start-up, newest last, with its time. */
function InfoLog() {
  const messages = useEditor((state) => state.messages);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => end.current?.scrollIntoView({ block: 'end' }), [messages]);
  return (
    <div className="tree" data-testid="info-log">
      {messages.length === 0 ? <div className="empty-hint">No reports yet.</div> : null}
      {messages.map((message) => (
        <div key={message.id} className="diagnostic-row" data-testid="info-log-row" data-hint={message.severity}>
          <Icon name={severityIcon(message.severity)} size={13} className={`severity-${message.severity}`} />
          <span className="log-time">{clockTime(message.wallTimeMs)}</span>
          <span className="diagnostic-text">{message.text}</span>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}

/** The area under the outliner: the diagnostics, or the Info log. */
export function DiagnosticsPanel() {
  const { store } = useApp();
  const tab = useEditor((state) => state.session.layout.diagnosticsTab);
  const diagnosticCount = useEditor((state) => state.diagnostics.length);
  const messageCount = useEditor((state) => state.messages.length);
  const header = (
    <span className="button-group" role="tablist">
      <button
        className={`button${tab === 'diagnostics' ? ' active' : ''}`}
        role="tab"
        aria-selected={tab === 'diagnostics'}
        data-testid="tab-diagnostics"
        data-hint="Validation of the model and of its capes"
        onClick={() => updateLayout(store, { diagnosticsTab: 'diagnostics' })}
      >
        Diagnostics ({diagnosticCount})
      </button>
      <button
        className={`button${tab === 'log' ? ' active' : ''}`}
        role="tab"
        aria-selected={tab === 'log'}
        data-testid="tab-info-log"
        data-hint="Every report since start-up, with its time"
        onClick={() => updateLayout(store, { diagnosticsTab: 'log' })}
      >
        Info Log ({messageCount})
      </button>
    </span>
  );
  return (
    <Area kind="diagnostics" title="" icon={tab === 'log' ? 'info' : 'warning'} header={header}>
      {tab === 'log' ? <InfoLog /> : <DiagnosticList />}
    </Area>
  );
}
