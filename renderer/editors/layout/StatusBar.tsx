/**
 * The status bar: the hint for the hovered control, progress while loading, the latest notice,
 * the diagnostics count (click to show the list) and the playhead time.
 */
import { useEffect, useState } from 'react';
import { countBySeverity } from '../../../shared/diagnostics';
import { useEditor, useRunOperator } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { currentDocument } from '../../state/editor-store';
import { formatTime, formatTimeLabel } from '../timeline/layout';

const NOTICE_MS = 6000;

function Notice() {
  const notice = useEditor((state) => state.notice);
  const run = useRunOperator();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), NOTICE_MS + 50);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice || performance.now() - notice.at > NOTICE_MS) return null;
  return (
    <span
      className={`notice notice-${notice.severity}`}
      role="button"
      data-testid="notice"
      data-hint="Click to show the Info log (every report, with its time)"
      onClick={() => run('view.info_log')}
    >
      {notice.text}
    </span>
  );
}

/** While keys move (the grab): how far, and where the grabbed key lands, in the timeline's unit. */
function DragStatus() {
  const drag = useEditor((state) => state.drag);
  const document = useEditor(currentDocument);
  const unit = useEditor((state) => state.session.timeline.unit);
  const frameStepMs = useEditor((state) => state.session.playback.frameStepMs);
  const anchorMs = drag ? document?.eventObjects[drag.anchor.objectIndex]?.frames[drag.anchor.frameIndex] : undefined;
  if (!drag || anchorMs === undefined) return null;
  const sign = drag.deltaMs >= 0 ? '+' : '−';
  return (
    <span className="count" data-testid="drag-status">
      Δ {sign}
      {formatTimeLabel(Math.abs(drag.deltaMs), unit, frameStepMs)} →{' '}
      {formatTimeLabel(anchorMs + drag.deltaMs, unit, frameStepMs)}
    </span>
  );
}

/** The bar. */
export function StatusBar() {
  const hint = useEditor((state) => state.hint);
  const loading = useEditor((state) => state.loading);
  const diagnostics = useEditor((state) => state.diagnostics);
  const playheadMs = useEditor((state) => state.session.playback.playheadMs);
  const unit = useEditor((state) => state.session.timeline.unit);
  const frameStepMs = useEditor((state) => state.session.playback.frameStepMs);
  const selectedKeys = useEditor((state) => state.selection.keys.size);
  const playing = useEditor((state) => state.playing);
  const fps = useEditor((state) => state.playbackFps);
  const everyFrame = useEditor((state) => state.session.playback.playEveryFrame);
  const run = useRunOperator();
  const counts = countBySeverity(diagnostics);
  const messageCount = useEditor((state) => state.messages.length);
  const lastSeverity = useEditor((state) => state.messages[state.messages.length - 1]?.severity ?? 'info');
  return (
    <footer className="statusbar">
      <span className="hint" data-testid="hint">
        {hint}
      </span>
      {loading ? (
        <span className="count">
          {loading.label}
          <span className={`progress${loading.progress === null ? ' indeterminate' : ''}`}>
            <div style={loading.progress === null ? undefined : { width: `${Math.round(loading.progress * 100)}%` }} />
          </span>
        </span>
      ) : null}
      <DragStatus />
      <Notice />
      {selectedKeys > 0 ? (
        <span>
          {selectedKeys} key{selectedKeys === 1 ? '' : 's'} selected
        </span>
      ) : null}
      <span
        className="count"
        role="button"
        data-hint="Info log: every report since start-up (click to show it)"
        data-testid="info-log-count"
        onClick={() => run('view.info_log')}
      >
        <Icon name="info" size={12} className={`severity-${lastSeverity}`} />
        {messageCount} report{messageCount === 1 ? '' : 's'}
      </span>
      <span
        className="count"
        role="button"
        data-hint="Diagnostics: click to show or hide the list"
        data-testid="diagnostics-count"
        onClick={() => run('view.toggle_diagnostics')}
      >
        <Icon name="error" size={12} className="severity-error" />
        {counts.error}
        <Icon name="warning" size={12} className="severity-warning" />
        {counts.warning}
        <Icon name="info" size={12} className="severity-info" />
        {counts.info}
      </span>
      <span
        className="playhead-time"
        data-testid="status-playhead"
        data-hint={
          playing
            ? `Playhead time, and the frames per second shown (${
                everyFrame
                  ? 'Play Every Frame: slower than real time when frames are slow'
                  : 'frames dropped to keep real time'
              })`
            : 'Playhead time'
        }
      >
        {playing ? (playing > 0 ? '▶ ' : '◀ ') : ''}
        {playing && fps !== null ? `${fps.toFixed(1)} fps · ` : ''}
        {formatTime(playheadMs, unit, frameStepMs, true)} {unit === 'seconds' ? 's' : unit === 'frames' ? 'f' : 'ms'}
      </span>
    </footer>
  );
}
