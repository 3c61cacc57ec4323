/**
 * The app's render service (state/render-service.ts), registered for a store: Render ▸ Render Image and Render ▸
 * Render Animation ask for the settings (unless the operator's properties give them), for where to write (a place the
 * user chooses: the native save dialog in Electron, the in-app file browser or a download in the browser shell),
 * then run the render (render-job.ts) with its progress in the store, and say how it ended in the Info log.
 */
import { type RenderFormat, renderRequest } from '../files/path-requests';
import { askPath, askRenderSettings, notify } from '../state/dialog-actions';
import type { EditorStore } from '../state/editor-store';
import {
  type RenderKind,
  type RenderProperties,
  registerRenderService,
  type RenderService,
  type RenderStatus,
} from '../state/render-service';
import {
  outputStem,
  RENDER_FORMATS,
  renderProblems,
  type RenderSettings,
  renderSettingsFromJson,
} from '../state/render-settings';
import { updateSession } from '../state/session-actions';
import type { EditorApp } from '../ui/editor-context';
import type { TextureSource } from '../editors/viewport/cape-texture';
import { renderCapabilities } from './capabilities';
import { renderSounds } from './render-audio';
import {
  type RenderControl,
  type RenderDestination,
  type RenderEnvironment,
  requestFrames,
  runRender,
} from './render-job';

/** The settings a render runs with: the session's, with the properties given over them (each checked). */
export function settingsWithProperties(session: RenderSettings, properties: RenderProperties): RenderSettings {
  const number = (key: string) => {
    const value = properties[key];
    return typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : undefined;
  };
  const json: Record<string, string | number | boolean> = { ...session };
  for (const key of ['width', 'height', 'fps', 'fromMs', 'toMs']) {
    const value = number(key);
    if (value !== undefined) json[key] = value;
  }
  if (properties.fromMs !== undefined || properties.toMs !== undefined) json.range = 'custom';
  for (const key of ['range', 'format', 'includeOverlays', 'transparent'])
    if (properties[key] !== undefined) json[key] = properties[key]!;
  const checked = renderSettingsFromJson(json, session);
  // A value given that is out of range is kept as given, for the checks to refuse it by name.
  return { ...checked, width: number('width') ?? checked.width, height: number('height') ?? checked.height };
}

/** The name a render is offered under: the open file's, with the output's extension (a sequence: a folder). */
function defaultName(store: EditorStore, kind: RenderKind, settings: RenderSettings): string {
  const stem = outputStem(store.getState().file?.name ?? 'render');
  if (kind === 'image') return `${stem}.png`;
  return settings.format === 'png' ? stem : `${stem}.${RENDER_FORMATS[settings.format].extension}`;
}

function renderFormat(kind: RenderKind, settings: RenderSettings): RenderFormat {
  return kind === 'image' ? 'png' : settings.format === 'png' ? 'sequence' : settings.format;
}

/** Offers bytes as a browser download. */
function download(bytes: Uint8Array, name: string): void {
  const type = name.endsWith('.zip')
    ? 'application/zip'
    : name.endsWith('.gif')
      ? 'image/gif'
      : 'application/octet-stream';
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Registers the render service of `app`'s store; returns the function that removes it. */
export function installRender(app: EditorApp, textureSource: TextureSource): () => void {
  const store = app.store;
  let control: RenderControl | null = null;
  const environment: RenderEnvironment = {
    app,
    textureSource,
    capabilities: renderCapabilities,
    download,
    mixAudio: (range, sampleRate) => renderSounds(store, range, sampleRate),
  };

  const setStatus = (update: Partial<RenderStatus>) =>
    store.setState((state) => (state.render ? { render: { ...state.render, ...update } } : {}));

  /** Where to write: the properties' path, a download, or a place the user chooses now (null: cancelled). */
  async function destination(
    kind: RenderKind,
    settings: RenderSettings,
    properties: RenderProperties,
    downloadAsked: boolean,
  ): Promise<RenderDestination | null> {
    const name = defaultName(store, kind, settings);
    if (typeof properties.path === 'string' && properties.path) return { kind: 'path', path: properties.path };
    if (downloadAsked || properties.download === true) return { kind: 'download', name };
    const path = await askPath(store, renderRequest(name, renderFormat(kind, settings)));
    return path ? { kind: 'path', path } : null;
  }

  const service: RenderService = {
    capabilities: renderCapabilities,
    cancel() {
      if (!control || control.cancelled) return;
      control.cancelled = true;
      setStatus({ cancelling: true });
    },
    async render(kind, properties) {
      if (store.getState().render) {
        notify(store, 'A render is under way: wait for it or cancel it first', 'warning');
        return;
      }
      let settings = settingsWithProperties(store.getState().session.render, properties);
      let downloadAsked = false;
      const given = typeof properties.path === 'string' || properties.download === true;
      if (!given) {
        const answer = await askRenderSettings(store, kind, settings);
        if (!answer) return;
        settings = answer.settings;
        downloadAsked = answer.download;
      }
      updateSession(store, (session) => ({ ...session, render: settings }));
      const what = kind === 'image' ? 'Render Image' : 'Render Animation';
      // Refused before anything is asked or written: a size over the limit, a format this platform cannot encode.
      const { range } = requestFrames(store, kind, settings);
      const problems = renderProblems(
        settings,
        kind,
        await renderCapabilities(settings.width, settings.height, settings.fps),
        range,
      );
      if (problems.length > 0) {
        notify(store, `${what} refused: ${problems.join(' ')}`, 'error');
        return;
      }
      const where = await destination(kind, settings, properties, downloadAsked);
      if (!where) return;
      const label = where.kind === 'path' ? (where.path.split(/[\\/]/).pop() ?? where.path) : where.name;
      const current: RenderControl = { cancelled: false };
      control = current;
      store.setState({
        render: {
          kind,
          label,
          phase: 'preparing',
          frame: 0,
          frames: 0,
          startedAt: performance.now(),
          cancelling: false,
        },
      });
      try {
        const outcome = await runRender(environment, { kind, settings, destination: where }, current, setStatus);
        switch (outcome.status) {
          case 'done': {
            const { result } = outcome;
            const frames =
              kind === 'image'
                ? `${settings.width} × ${settings.height}`
                : `${outcome.frames} frames at ${settings.fps} fps, ${settings.width} × ${settings.height}, ` +
                  `${RENDER_FORMATS[settings.format].label}${outcome.sound ? ' with sound' : ''}`;
            const kept = result.backupPath ? `; the one it replaced is kept as ${result.backupPath}` : '';
            notify(
              store,
              `Rendered ${frames} to ${result.where}${where.kind === 'download' ? ' (download)' : ''}: ` +
                `${result.files > 1 ? `${result.files} files, ` : ''}${sizeText(result.bytes)} in ` +
                `${outcome.seconds.toFixed(1)} s${kept}`,
            );
            return;
          }
          case 'refused':
            notify(store, `${what} refused: ${outcome.reason}`, 'error');
            return;
          case 'cancelled':
            notify(
              store,
              `${what} cancelled${outcome.frames > 0 ? ` at frame ${outcome.frame} of ${outcome.frames}` : ''}: ` +
                `nothing was written (${label})`,
              'warning',
            );
            return;
          case 'failed':
            notify(
              store,
              `${what} failed${outcome.frames > 1 ? ` at frame ${outcome.frame + 1} of ${outcome.frames}` : ''}: ` +
                `${outcome.reason}; nothing was written (${label})`,
              'error',
            );
            return;
        }
      } finally {
        if (control === current) control = null;
        store.setState({ render: null });
      }
    },
  };
  return registerRenderService(store, service);
}
