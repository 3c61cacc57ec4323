/**
 * The cape's editable properties (issue 14), for a cape opened on its own and for a link's cape: frame interval and
 * fps, initial time, texture path, debug flag, pivot, bounds radius with Recompute, and the cape operators. The
 * panel is the cape's editor: a press or a focus inside it gives the focus to the cape's document, so that Save,
 * Undo and the title act on the cape (see renderer/state/cape-documents.ts). Each typed change is one undo step of
 * the cape's own history; dragging a number sideways is one step too, and Esc during the drag rolls it back.
 */
import { useEffect, useRef, useState } from 'react';
import { setCapeFps, setCapeHeader, setCapeTexturePath, type CapeHeaderPatch } from '../../../shared/capes/edit';
import type { MrfFile } from '../../../shared/mrf/types';
import {
  editCape,
  finishCapeGesture,
  isCapeDirty,
  markCape,
  presentCape,
  rollBackCape,
} from '../../state/cape-documents';
import { focusCapeDocument } from '../../state/document-focus';
import { useApp, useEditor, useRunOperator } from '../../ui/editor-context';
import { Panel, TextField, formatNumber } from './fields';

/** Pixels of sideways drag before a press on a number field becomes a drag. */
const DRAG_THRESHOLD = 3;
let gestures = 0;
/** The marks of the drags under way, by gesture. */
const marks = new Map<string, NonNullable<ReturnType<typeof markCape>>>();

/**
 * A number field: type a value and press Enter (Esc restores), or drag sideways to change it by `step` a pixel
 * (Shift: a tenth), one undo step per drag, Esc rolling the drag back.
 */
export function CapeNumberField({
  cacheKey,
  value,
  label,
  step,
  decimals = 5,
  testId,
  hint,
  edit,
  validate,
}: {
  cacheKey: string;
  value: number;
  label: string;
  step: number;
  decimals?: number;
  testId: string;
  hint: string;
  edit(file: MrfFile, value: number): MrfFile;
  validate?: (value: number) => boolean;
}) {
  const { store } = useApp();
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const drag = useRef<{ startX: number; start: number; dragging: boolean; gesture: string } | null>(null);
  const parsed = draft === null ? value : Number(draft.trim());
  const invalid = draft !== null && (!Number.isFinite(parsed) || (validate ? !validate(parsed) : false));
  const apply = (next: number, gesture?: string) =>
    editCape(store, cacheKey, (file) => edit(file, next), `Set Cape ${label}`, gesture ? { gesture } : {});
  const commit = () => {
    if (draft !== null && !invalid && parsed !== value) apply(parsed);
    setDraft(null);
  };
  useEffect(() => {
    // Esc during a drag: back to the mark, nothing left to redo.
    const onKey = (event: KeyboardEvent) => {
      const active = drag.current;
      if (event.key !== 'Escape' || !active?.dragging) return;
      event.preventDefault();
      event.stopPropagation();
      const mark = marks.get(active.gesture);
      if (mark) rollBackCape(store, cacheKey, mark);
      drag.current = null;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store, cacheKey]);
  return (
    <input
      ref={input}
      className={`field number${invalid ? ' invalid' : ''}`}
      value={draft ?? formatNumber(value, decimals)}
      inputMode="decimal"
      data-hint={invalid ? `${label}: not a valid value` : hint}
      data-testid={testId}
      style={{ cursor: draft === null ? 'ew-resize' : undefined }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onPointerDown={(event) => {
        if (event.button !== 0 || document.activeElement === input.current) return;
        event.preventDefault();
        focusCapeDocument(store, cacheKey);
        (event.target as HTMLElement).setPointerCapture?.(event.pointerId);
        const gesture = `cape-field-${(gestures += 1)}`;
        const mark = markCape(store.getState(), cacheKey);
        if (mark) marks.set(gesture, mark);
        drag.current = { startX: event.clientX, start: value, dragging: false, gesture };
      }}
      onPointerMove={(event) => {
        const active = drag.current;
        if (!active) return;
        const dx = event.clientX - active.startX;
        if (!active.dragging && Math.abs(dx) < DRAG_THRESHOLD) return;
        active.dragging = true;
        const next = active.start + dx * step * (event.shiftKey ? 0.1 : 1);
        const rounded = Number(next.toFixed(decimals));
        if (!validate || validate(rounded)) apply(rounded, active.gesture);
      }}
      onPointerUp={() => {
        const active = drag.current;
        drag.current = null;
        if (!active) return;
        marks.delete(active.gesture);
        if (active.dragging) finishCapeGesture(store, cacheKey, active.gesture);
        else {
          input.current?.focus();
          input.current?.select();
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        if (event.key === 'Escape') {
          setDraft(null);
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}

const header = (patch: (value: number) => CapeHeaderPatch) => (file: MrfFile, value: number) =>
  setCapeHeader(file, patch(value));

/** The panel: the cape's header fields and operators. */
export function CapeProperties({ cacheKey }: { cacheKey: string }) {
  const { files, store } = useApp();
  const runOperator = useRunOperator();
  const file = useEditor((state) => presentCape(state, cacheKey));
  const document = useEditor((state) => state.capeDocuments[cacheKey]);
  const focused = useEditor((state) => state.focusedDocument === cacheKey);
  const standalone = useEditor((state) => state.standaloneCape !== null);
  if (!file) return null;
  const { header: values } = file;
  const dirty = document ? isCapeDirty(document) : false;
  const fps = values.frameInterval > 0 ? 1 / values.frameInterval : 0;
  const number = (
    label: string,
    testId: string,
    value: number,
    step: number,
    hint: string,
    edit: (file: MrfFile, value: number) => MrfFile,
    validate?: (value: number) => boolean,
  ) => (
    <>
      <span className="prop-label" data-hint={hint}>
        {label}
      </span>
      <CapeNumberField
        cacheKey={cacheKey}
        value={value}
        label={label}
        step={step}
        testId={testId}
        hint={hint}
        edit={edit}
        validate={validate}
      />
    </>
  );
  const run = (id: string) => () => {
    focusCapeDocument(store, cacheKey);
    runOperator(id, {}, 'properties');
  };
  return (
    <div
      data-cape-document={cacheKey}
      data-testid="cape-editor"
      style={{ outline: focused && !standalone ? '1px solid var(--accent)' : undefined, borderRadius: 5 }}
    >
      <Panel title={`Cape Properties${dirty ? ' •' : ''}`} icon="cape" testId="cape-edit-properties">
        {number(
          'Interval (s)',
          'cape-interval',
          values.frameInterval,
          0.0005,
          'Seconds between keyframes; 0 hides the cape in game, negative shows its last keyframe only',
          header((frameInterval) => ({ frameInterval })),
          Number.isFinite,
        )}
        {number(
          'FPS',
          'cape-fps',
          fps,
          0.1,
          'Keyframes per second: sets the interval to 1 / fps (Retime resamples instead)',
          (cape, value) => setCapeFps(cape, value),
          (value) => value > 0,
        )}
        {number(
          'Initial time (s)',
          'cape-initial-time',
          values.initialTime,
          0.01,
          'Animation time at the show key: negative delays the start, positive starts part-way in',
          header((initialTime) => ({ initialTime })),
          Number.isFinite,
        )}
        <span className="prop-label">Texture</span>
        <TextField
          value={file.texturePath}
          testId="cape-texture-path"
          hint="The texture's game path (Textures\Cape.blp): the game reads it up to the first dot"
          validate={(value) => (/^[\u0001-\u00ff]*$/.test(value) ? null : 'Latin-1 characters only, no NUL')}
          onCommit={(value) =>
            editCape(store, cacheKey, (cape) => setCapeTexturePath(cape, value.trim()), 'Set Cape Texture')
          }
        />
        {number(
          'Debug flag',
          'cape-debug-flag',
          values.debugFlag,
          1,
          'The uint32 at byte 40, a debug flag of the game’s parser',
          header((debugFlag) => ({ debugFlag: Math.round(debugFlag) })),
          (value) => value >= 0 && value <= 0xffff_ffff,
        )}
        {(['X', 'Y', 'Z'] as const).map((axis, index) => (
          <CapeAxis key={axis} cacheKey={cacheKey} axis={axis} index={index} pivot={values.pivot} />
        ))}
        {number(
          'Bounds radius',
          'cape-bounds-radius',
          values.boundsRadius,
          0.1,
          'The bounds radius around the pivot (the game ignores it in screen space)',
          header((boundsRadius) => ({ boundsRadius })),
          (value) => value >= 0,
        )}
        <div className="wide" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
          <button className="button" data-testid="cape-recompute-bounds" onClick={run('cape.recompute_bounds')}>
            Recompute Bounds
          </button>
          <button className="button" data-testid="cape-retime" onClick={run('cape.retime')}>
            Retime…
          </button>
          <button className="button" data-testid="cape-trim" onClick={run('cape.trim')}>
            Trim…
          </button>
          <button className="button" data-testid="cape-reverse" onClick={run('cape.reverse')}>
            Reverse
          </button>
          <button className="button" data-testid="cape-recompute-normals" onClick={run('cape.recompute_normals')}>
            Recompute Normals
          </button>
          <button className="button" data-testid="cape-export" onClick={run('cape.export_gltf')}>
            Export glTF…
          </button>
          {!standalone ? (
            <button
              className={`button${dirty ? ' primary' : ''}`}
              data-testid="cape-save"
              disabled={!dirty}
              data-hint="Save this cape where it resolved (Ctrl+S while the cape has focus)"
              onClick={() => {
                focusCapeDocument(store, cacheKey);
                void files.save();
              }}
            >
              Save Cape
            </button>
          ) : null}
        </div>
      </Panel>
    </div>
  );
}

function CapeAxis({
  cacheKey,
  axis,
  index,
  pivot,
}: {
  cacheKey: string;
  axis: 'X' | 'Y' | 'Z';
  index: number;
  pivot: readonly [number, number, number];
}) {
  const hint = `Pivot ${axis} (the bounds' centre; the game ignores it)`;
  return (
    <>
      <span className="prop-label" data-hint={hint}>
        {`Pivot ${axis}`}
      </span>
      <CapeNumberField
        cacheKey={cacheKey}
        value={pivot[index]!}
        label={`Pivot ${axis}`}
        step={0.1}
        decimals={4}
        testId={`cape-pivot-${axis.toLowerCase()}`}
        hint={hint}
        edit={(file, value) => {
          const next: [number, number, number] = [...file.header.pivot];
          next[index] = value;
          return setCapeHeader(file, { pivot: next });
        }}
        validate={Number.isFinite}
      />
    </>
  );
}
