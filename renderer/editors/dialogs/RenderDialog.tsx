/**
 * The `render` dialog (Render ▸ Render Image, Render ▸ Render Animation): the size (4:3 like the game by default,
 * with presets), and for an animation the frame rate, the range (the sequence at the playhead, the timeline's
 * playback range, or from/to) and the output format — only the formats this platform can encode at that size are
 * offered, the others named with the reason; overlays, a transparent background for a still, and in the browser
 * shell whether the result downloads or goes to a folder. What cannot be rendered is said before Render is pressed.
 * Answered with the settings (askRenderSettings in renderer/state/dialog-actions.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Modal } from './Modal';
import type { Dialog, RenderAnswer } from '../../state/editor-store';
import { renderRange, renderService, sequenceRange } from '../../state/render-service';
import {
  frameCount,
  RENDER_FORMAT_ORDER,
  RENDER_FORMATS,
  type RenderCapabilities,
  type RenderFormat,
  renderProblems,
  type RenderQuality,
  RENDER_QUALITIES,
  type RenderRangeKind,
  type RenderSettings,
} from '../../state/render-settings';
import { activeRange } from '../../state/time-range';
import { rigOfDocument } from '../viewport/model/document-model';
import { activeViewCamera } from '../viewport/camera/view-camera';
import { currentDocument } from '../../state/editor-store';
import { useApp, useEditor } from '../../ui/editor-context';

const PRESETS: readonly { label: string; width: number; height: number }[] = [
  { label: '4:3', width: 1024, height: 768 },
  { label: '16:9', width: 1280, height: 720 },
  { label: 'Square', width: 768, height: 768 },
  { label: 'Forum GIF', width: 480, height: 360 },
];

const rangeText = (range: { startMs: number; endMs: number } | null) =>
  range ? `${Math.round(range.startMs)}–${Math.round(range.endMs)} ms` : 'none';

/** A number field's value: what was typed, as a number (NaN when it is not one). */
const numeric = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The dialog box. */
export function RenderDialog({ dialog }: { dialog: Extract<Dialog, { kind: 'render' }> }) {
  const { store } = useApp();
  const animation = dialog.mode === 'animation';
  const web = useEditor((state) => state.runtime.kind === 'web');
  // Texts, so the selectors give stable values.
  const sequence = useEditor((state) => rangeText(sequenceRange(state)));
  const timeline = useEditor((state) => rangeText(state.file ? activeRange(state) : null));
  const camera = useEditor((state) => {
    const index = activeViewCamera(state);
    return index === null ? null : (rigOfDocument(currentDocument(state))?.cameras[index]?.name ?? null);
  });
  const frame = useEditor((state) => state.session.viewport.cameraFrame);
  const [texts, setTexts] = useState(() => ({
    width: String(dialog.settings.width),
    height: String(dialog.settings.height),
    fps: String(dialog.settings.fps),
    fromMs: String(dialog.settings.fromMs),
    toMs: String(dialog.settings.toMs),
  }));
  const [choices, setChoices] = useState(() => ({
    range: dialog.settings.range,
    format: dialog.settings.format,
    quality: dialog.settings.quality,
    includeOverlays: dialog.settings.includeOverlays,
    transparent: dialog.settings.transparent,
  }));
  const [download, setDownload] = useState(false);
  const [capabilities, setCapabilities] = useState<RenderCapabilities | null>(null);
  const settings: RenderSettings = {
    ...choices,
    width: numeric(texts.width),
    height: numeric(texts.height),
    fps: numeric(texts.fps),
    fromMs: numeric(texts.fromMs),
    toMs: numeric(texts.toMs),
  };
  const { width, height, fps } = settings;
  useEffect(() => {
    let current = true;
    const service = renderService(store);
    if (!service) return;
    const timer = setTimeout(() => {
      void service.capabilities(width, height, fps).then((found) => {
        if (current) setCapabilities(found);
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [store, width, height, fps]);
  // A remembered format this platform cannot encode gives way to the first one it can.
  const offered = useMemo(
    () => RENDER_FORMAT_ORDER.filter((format) => !capabilities || capabilities.formats.includes(format)),
    [capabilities],
  );
  const format: RenderFormat = offered.includes(choices.format) ? choices.format : (offered[0] ?? choices.format);
  const chosen = { ...settings, format };
  const range = animation ? renderRange(store.getState(), chosen) : null;
  const problems = capabilities
    ? renderProblems(chosen, dialog.mode, capabilities, animation ? range : null)
    : ['Checking what this platform can encode…'];
  const frames = range && range.endMs > range.startMs && Number.isFinite(fps) && fps > 0 ? frameCount(range, fps) : 0;
  const answer = (value: RenderAnswer | null) => store.answerDialog?.(value);
  const submit = () => {
    if (problems.length === 0) answer({ settings: chosen, download });
  };
  const field = (key: keyof typeof texts, hint: string, wide = false) => (
    <input
      className={`field number${Number.isFinite(numeric(texts[key])) ? '' : ' invalid'}`}
      style={{ width: wide ? 84 : 64 }}
      value={texts[key]}
      data-hint={hint}
      data-testid={`render-${key}`}
      onChange={(event) => setTexts({ ...texts, [key]: event.target.value })}
      onFocus={(event) => event.target.select()}
    />
  );
  const unavailable = RENDER_FORMAT_ORDER.filter((item) => capabilities && !capabilities.formats.includes(item));
  return (
    <Modal title={animation ? 'Render Animation' : 'Render Image'} onCancel={() => answer(null)} testId="render-dialog">
      <form
        className="dialog-body render-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <span>Size</span>
        <span className="render-row">
          {field('width', 'Width in pixels')} × {field('height', 'Height in pixels')} px
          {PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="button"
              data-hint={`${preset.width} × ${preset.height}`}
              onClick={() => setTexts({ ...texts, width: String(preset.width), height: String(preset.height) })}
            >
              {preset.label}
            </button>
          ))}
        </span>
        {animation ? (
          <>
            <span>Frame rate</span>
            <span className="render-row">
              {field('fps', 'Frames per second (each frame drawn at its exact time)')} fps
            </span>
            <span>Range</span>
            <span className="render-row">
              <select
                className="field"
                style={{ minWidth: 250 }}
                value={choices.range}
                data-testid="render-range"
                data-hint="Which part of the timeline is rendered (the end is not a frame of its own)"
                onChange={(event) => setChoices({ ...choices, range: event.target.value as RenderRangeKind })}
              >
                <option value="sequence" disabled={sequence === 'none'}>
                  Sequence at the playhead · {sequence}
                </option>
                <option value="timeline">Playback range · {timeline}</option>
                <option value="custom">From / to</option>
              </select>
              {choices.range === 'custom' ? (
                <>
                  {field('fromMs', 'First frame’s time, ms', true)} to {field('toMs', 'End of the range, ms', true)} ms
                </>
              ) : null}
            </span>
            <span>Output</span>
            <span className="render-row">
              <select
                className="field"
                value={format}
                data-testid="render-format"
                data-hint="The formats this platform can encode at this size"
                onChange={(event) => setChoices({ ...choices, format: event.target.value as RenderFormat })}
              >
                {offered.map((item) => (
                  <option key={item} value={item}>
                    {RENDER_FORMATS[item].label}
                  </option>
                ))}
              </select>
              {RENDER_FORMATS[format].video ? (
                <select
                  className="field"
                  value={choices.quality}
                  data-testid="render-quality"
                  data-hint="The video's quality: more detail costs bytes and encoding time (Blender's Output Quality)"
                  onChange={(event) => setChoices({ ...choices, quality: event.target.value as RenderQuality })}
                >
                  {RENDER_QUALITIES.map((item) => (
                    <option key={item.value} value={item.value}>
                      {item.label}
                    </option>
                  ))}
                </select>
              ) : null}
            </span>
            {unavailable.length > 0 ? (
              <span className="render-note" data-testid="render-unavailable">
                {unavailable
                  .map((item) => `${RENDER_FORMATS[item].label}: ${capabilities!.unavailable[item]}`)
                  .join('\n')}
              </span>
            ) : null}
          </>
        ) : null}
        <span />
        <span className="render-row">
          <label className="checkbox" data-hint="Draw the grid, axes, gizmos, normals, bounds and the selection too">
            <input
              type="checkbox"
              checked={choices.includeOverlays}
              data-testid="render-overlays"
              onChange={(event) => setChoices({ ...choices, includeOverlays: event.target.checked })}
            />
            Include overlays
          </label>
          {animation ? null : (
            <label className="checkbox" data-hint="A PNG with a transparent background instead of the viewport’s grey">
              <input
                type="checkbox"
                checked={choices.transparent}
                data-testid="render-transparent"
                onChange={(event) => setChoices({ ...choices, transparent: event.target.checked })}
              />
              Transparent background
            </label>
          )}
        </span>
        {web ? (
          <>
            <span>Save</span>
            <span className="render-row">
              <label className="checkbox">
                <input type="radio" checked={!download} onChange={() => setDownload(false)} /> to a folder…
              </label>
              <label className="checkbox">
                <input
                  type="radio"
                  checked={download}
                  data-testid="render-download"
                  onChange={() => setDownload(true)}
                />
                as a download{animation && format === 'png' ? ' (a .zip of the files)' : ''}
              </label>
            </span>
          </>
        ) : null}
        <span className="render-summary" data-testid="render-summary">
          {animation ? `${frames.toLocaleString('en')} frame${frames === 1 ? '' : 's'} · ` : 'The playhead’s frame · '}
          {camera ? `through ${camera} (${frame})` : 'the viewport’s view'}
        </span>
        {problems.length > 0 ? (
          <span className="render-problems" data-testid="render-problems">
            {problems.join('\n')}
          </span>
        ) : null}
        <div className="dialog-actions render-actions">
          <button type="button" className="button" onClick={() => answer(null)}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={problems.length > 0} data-testid="render-ok">
            Render
          </button>
        </div>
      </form>
    </Modal>
  );
}
