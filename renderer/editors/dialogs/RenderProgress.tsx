/**
 * A render under way (state.render): what it writes, a progress bar with the frame count, the time elapsed and an
 * estimate of the time left, and Cancel (or Esc). Modal: the editor waits while its frames are drawn.
 */
import { useEffect, useState } from 'react';
import { Modal } from './Modal';
import { useEditor, useRunOperator } from '../../ui/editor-context';

/** m:ss */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The panel, while a render runs. */
export function RenderProgress() {
  const run = useRunOperator();
  const status = useEditor((state) => state.render);
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!status) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [status]);
  if (!status) return null;
  const elapsed = Math.max(0, (now - status.startedAt) / 1000);
  const fraction = status.frames > 0 ? status.frame / status.frames : 0;
  const left = status.frame > 0 ? (elapsed / status.frame) * (status.frames - status.frame) : null;
  const line = status.cancelling
    ? 'Cancelling…'
    : status.phase === 'preparing'
      ? 'Preparing the scene and its textures…'
      : status.phase === 'finishing'
        ? 'Finishing the file…'
        : `Frame ${status.frame.toLocaleString('en')} of ${status.frames.toLocaleString('en')}`;
  const cancel = () => run('render.cancel');
  return (
    <Modal
      title={status.kind === 'image' ? 'Rendering Image' : 'Rendering Animation'}
      onCancel={cancel}
      testId="render-progress"
    >
      <div className="dialog-body render-progress">
        <div>{status.label}</div>
        <span className={`progress${status.phase === 'preparing' ? ' indeterminate' : ''}`} style={{ width: '100%' }}>
          <div style={status.phase === 'preparing' ? undefined : { width: `${Math.round(fraction * 100)}%` }} />
        </span>
        <div className="render-progress-figures" data-testid="render-progress-frames">
          <span>{line}</span>
          <span>
            {clock(elapsed)} elapsed{left !== null && !status.cancelling ? ` · about ${clock(left)} left` : ''}
          </span>
        </div>
      </div>
      <div className="dialog-actions">
        <button className="button" data-testid="render-cancel" disabled={status.cancelling} onClick={cancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
