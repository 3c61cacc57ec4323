/**
 * The Timeline / Dope Sheet area: a header with the sequence selector, playback controls, the
 * current time, unit, speed, loop and snapping; the canvas below (TimelineController).
 */
import { useEffect, useRef, useState } from 'react';
import { contextFor } from '../../operators/operator';
import { createShortcuts, keyPlatform } from '../../operators/shortcuts';
import { useApp, useEditor, useRunOperator, useShortcuts } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { currentDocument } from '../../state/editor-store';
import { PLAYBACK_SPEEDS } from '../../state/session';
import { setPlayhead, updateSession } from '../../state/session-actions';
import { Area } from '../layout/Area';
import { type MenuEntry, MenuPopup } from '../layout/Menu';
import { type TimeUnit, formatTime, unitToMs } from './layout';
import { TimelineController } from './timeline-controller';

function TimeField() {
  const { store } = useApp();
  const playheadMs = useEditor((state) => state.session.playback.playheadMs);
  const unit = useEditor((state) => state.session.timeline.unit);
  const frameStepMs = useEditor((state) => state.session.playback.frameStepMs);
  const [text, setText] = useState<string | null>(null);
  /**
   * Whether anything was typed since the field got focus. Typing the value the field already shows (1033 for
   * 1033.33 ms) is an edit React does not see (the text is unchanged), yet it means "exactly this"; Enter without
   * typing changes nothing.
   */
  const typed = useRef(false);
  /** Set by Enter and Esc, which blur the field themselves: the blur that follows must not commit again. */
  const handled = useRef(false);
  const shown = text ?? formatTime(playheadMs, unit, frameStepMs);
  /** Puts the playhead at the time in the field when something was typed. */
  const commit = (field: HTMLInputElement) => {
    const value = Number(field.value);
    if (typed.current && field.value.trim() !== '' && Number.isFinite(value))
      setPlayhead(store, Math.round(unitToMs(value, unit, frameStepMs)));
    typed.current = false;
    setText(null);
  };
  return (
    <input
      className="field number time-field"
      value={shown}
      data-hint="Playhead time: type a value and press Enter"
      data-testid="playhead-field"
      onChange={(event) => setText(event.target.value)}
      onInput={() => {
        typed.current = true;
      }}
      onFocus={() => {
        handled.current = false;
        typed.current = false;
      }}
      onBlur={(event) => {
        if (!handled.current) commit(event.target);
      }}
      onKeyDown={(event) => {
        const field = event.target as HTMLInputElement;
        if (event.key === 'Enter') {
          commit(field);
          handled.current = true;
          field.blur();
        } else if (event.key === 'Escape') {
          typed.current = false;
          setText(null);
          handled.current = true;
          field.blur();
        }
      }}
    />
  );
}

function TimelineHeader() {
  const { store } = useApp();
  const run = useRunOperator();
  const document = useEditor(currentDocument);
  const sequenceIndex = useEditor((state) => state.session.timeline.sequenceIndex);
  const unit = useEditor((state) => state.session.timeline.unit);
  const speed = useEditor((state) => state.session.playback.speed);
  const loop = useEditor((state) => state.session.playback.loop);
  const muted = useEditor((state) => state.session.playback.muted);
  const volume = useEditor((state) => state.session.playback.volume);
  const scrubAudio = useEditor((state) => state.session.playback.scrubAudio);
  const snapping = useEditor((state) => state.session.timeline.snapping);
  const playing = useEditor((state) => state.playing);
  const frameStepMs = useEditor((state) => state.session.playback.frameStepMs);
  const hasFile = useEditor((state) => state.file !== null);
  const keys = useShortcuts();
  return (
    <>
      <select
        className="field"
        value={sequenceIndex}
        disabled={!document}
        data-hint="Show one sequence (playback loops inside it) or the whole time line"
        data-testid="sequence-select"
        onChange={(event) => run('action.select_sequence', { index: Number(event.target.value) })}
      >
        <option value={-1}>All sequences</option>
        {document?.sequences.map((sequence, index) => (
          <option key={index} value={index}>
            {sequence.name} ({sequence.start}–{sequence.end})
          </option>
        ))}
      </select>
      <span className="separator-v" />
      <span className="button-group">
        <button
          className="button icon"
          disabled={!hasFile}
          data-hint={keys.hint('Jump to start', 'screen.frame_jump_start')}
          onClick={() => run('screen.frame_jump_start')}
        >
          <Icon name="skip-start" size={12} />
        </button>
        <button
          className="button icon"
          disabled={!hasFile}
          data-hint={keys.hint('Previous key', 'screen.keyframe_jump_prev')}
          onClick={() => run('screen.keyframe_jump_prev')}
        >
          <Icon name="key-prev" size={12} />
        </button>
        <button
          className={`button icon${playing < 0 ? ' active' : ''}`}
          disabled={!hasFile}
          data-hint={keys.hint('Play backwards', 'screen.animation_play_reverse')}
          onClick={() => run('screen.animation_play_reverse')}
        >
          <Icon name={playing < 0 ? 'pause' : 'play-reverse'} size={12} />
        </button>
        <button
          className={`button icon${playing > 0 ? ' active' : ''}`}
          disabled={!hasFile}
          data-hint={keys.hint('Play / pause', 'screen.animation_play')}
          data-testid="play-button"
          onClick={() => run('screen.animation_play')}
        >
          <Icon name={playing > 0 ? 'pause' : 'play'} size={12} />
        </button>
        <button
          className="button icon"
          disabled={!hasFile}
          data-hint={keys.hint('Next key', 'screen.keyframe_jump_next')}
          onClick={() => run('screen.keyframe_jump_next')}
        >
          <Icon name="key-next" size={12} />
        </button>
        <button
          className="button icon"
          disabled={!hasFile}
          data-hint={keys.hint('Jump to end', 'screen.frame_jump_end')}
          onClick={() => run('screen.frame_jump_end')}
        >
          <Icon name="skip-end" size={12} />
        </button>
      </span>
      <TimeField />
      <select
        className="field"
        value={unit}
        data-hint={keys.hint('Time unit of the ruler and fields', 'action.cycle_time_unit', undefined, 'cycles')}
        onChange={(event) =>
          updateSession(store, (session) => ({
            ...session,
            timeline: { ...session.timeline, unit: event.target.value as TimeUnit },
          }))
        }
      >
        <option value="ms">ms</option>
        <option value="frames">frames</option>
        <option value="seconds">seconds</option>
      </select>
      <span className="spacer" />
      <label className="checkbox" data-hint="Frame step for ←/→ and the frames unit, in frames per second">
        Step
        <select
          className="field"
          value={String(Math.round((1000 / frameStepMs) * 1000) / 1000)}
          onChange={(event) =>
            updateSession(store, (session) => ({
              ...session,
              playback: { ...session.playback, frameStepMs: 1000 / Number(event.target.value) },
            }))
          }
        >
          {[15, 24, 25, 30, 60].map((fps) => (
            <option key={fps} value={fps}>
              {fps} fps
            </option>
          ))}
        </select>
      </label>
      <select
        className="field"
        value={speed}
        data-hint="Playback speed"
        data-testid="speed-select"
        onChange={(event) =>
          updateSession(store, (session) => ({
            ...session,
            playback: { ...session.playback, speed: Number(event.target.value) },
          }))
        }
      >
        {PLAYBACK_SPEEDS.map((value) => (
          <option key={value} value={value}>
            {value}×
          </option>
        ))}
      </select>
      <button
        className={`button icon${loop ? ' active' : ''}`}
        data-hint="Loop playback within the sequence"
        onClick={() => run('screen.toggle_loop')}
      >
        <Icon name="loop" size={13} />
      </button>
      <span className="separator-v" />
      <button
        className={`button icon${muted ? ' active' : ''}`}
        data-hint={muted ? 'Sound objects are muted: click to hear them' : 'Mute the sound objects'}
        data-testid="mute-button"
        aria-pressed={muted}
        onClick={() => run('screen.toggle_mute')}
      >
        <Icon name={muted ? 'speaker-muted' : 'speaker'} size={13} />
      </button>
      <input
        className="volume-slider"
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        disabled={muted}
        data-hint={`Volume of the sound objects: ${Math.round(volume * 100)}%`}
        data-testid="volume-slider"
        onChange={(event) =>
          updateSession(store, (session) => ({
            ...session,
            playback: { ...session.playback, volume: Number(event.target.value) },
          }))
        }
      />
      <button
        className={`button icon${scrubAudio ? ' active' : ''}`}
        data-hint="Scrub Audio: hear sound objects while dragging the playhead across their keys"
        data-testid="scrub-audio-button"
        aria-pressed={scrubAudio}
        onClick={() => run('screen.toggle_scrub_audio')}
      >
        <Icon name="scrub-audio" size={13} />
      </button>
      <button
        className={`button icon${snapping ? ' active' : ''}`}
        data-hint="Snap moved keys to other keys and sequence bounds (hold Ctrl to invert)"
        onClick={() => run('action.toggle_snapping')}
      >
        <Icon name="magnet" size={13} />
      </button>
    </>
  );
}

const CONTEXT_MENU: MenuEntry[] = [
  { kind: 'operator', id: 'action.keyframe_insert' },
  { kind: 'separator' },
  { kind: 'operator', id: 'action.copy' },
  { kind: 'operator', id: 'action.paste' },
  { kind: 'operator', id: 'action.duplicate_move' },
  { kind: 'operator', id: 'transform.transform' },
  { kind: 'operator', id: 'action.delete' },
  { kind: 'separator' },
  { kind: 'operator', id: 'action.select_all', label: 'Select All', properties: { action: 'select' } },
  { kind: 'operator', id: 'action.select_all', label: 'Select None', properties: { action: 'deselect' } },
  { kind: 'operator', id: 'action.select_all', label: 'Invert Selection', properties: { action: 'invert' } },
  { kind: 'separator' },
  { kind: 'operator', id: 'action.view_all' },
  { kind: 'operator', id: 'action.view_selected' },
];

/** The area. */
export function TimelineEditor() {
  const { store, operators, keymap } = useApp();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new TimelineController(store, canvas, (x, y) => setMenu({ x, y }), {
      run: (id, properties, event) => operators.run(id, contextFor(store, 'timeline', properties), event),
      shortcuts: () => createShortcuts(keymap, operators, keyPlatform(store.getState())),
    });
    controller.attach();
    return () => controller.detach();
  }, [store, operators, keymap]);
  return (
    <Area kind="timeline" title="Dope Sheet" icon="key" header={<TimelineHeader />} bodyClassName="timeline-body">
      <canvas ref={canvasRef} className="timeline-canvas" data-testid="timeline-canvas" />
      {menu ? (
        <MenuPopup entries={CONTEXT_MENU} x={menu.x} y={menu.y} area="timeline" onClose={() => setMenu(null)} />
      ) : null}
    </Area>
  );
}
