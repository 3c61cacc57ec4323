/**
 * Settings in the user's config folder (`settings.json`): recent files, the data folder stack,
 * the renderer's session state and the window bounds. Written atomically (debounced); a corrupt
 * file is set aside as `settings.corrupt-<time>.json` with a notice, never a crash.
 */
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue, SettingsSnapshot } from '../../shared/contract/contract';
import { limits } from '../../shared/contract/contract';
import { writeFileAtomic } from './atomic-write';

/** File name inside the config folder. */
export const settingsFileName = 'settings.json';
const formatVersion = 1;
/** How long writes are gathered before the file is rewritten (ms). */
const writeDelayMs = 250;

/** Window position and size, remembered between runs. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** Everything persisted. */
export interface PersistedSettings {
  version: number;
  recentFiles: string[];
  dataFolders: string[];
  session: Record<string, JsonValue>;
  window: WindowBounds | null;
}

function emptySettings(): PersistedSettings {
  return {
    version: formatVersion,
    recentFiles: [],
    dataFolders: [],
    session: Object.create(null) as Record<string, JsonValue>,
    window: null,
  };
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= limits.pathLength);

function isBounds(value: unknown): value is WindowBounds {
  if (typeof value !== 'object' || value === null) return false;
  const bounds = value as Record<string, unknown>;
  return (
    ['x', 'y', 'width', 'height'].every((key) => typeof bounds[key] === 'number' && Number.isFinite(bounds[key])) &&
    typeof bounds.maximized === 'boolean'
  );
}

/** Check a parsed settings file; returns the problem, or null when it is sound. */
export function settingsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the file is not a JSON object';
  const settings = value as Record<string, unknown>;
  if (settings.version !== formatVersion) return `unknown version ${JSON.stringify(settings.version)}`;
  if (!isStringArray(settings.recentFiles)) return '"recentFiles" is not a list of paths';
  if (!isStringArray(settings.dataFolders)) return '"dataFolders" is not a list of paths';
  if (typeof settings.session !== 'object' || settings.session === null || Array.isArray(settings.session))
    return '"session" is not an object';
  if (settings.window !== null && !isBounds(settings.window)) return '"window" is not a set of bounds';
  return null;
}

/** The settings store. */
export class SettingsStore {
  private settings: PersistedSettings = emptySettings();
  private notice: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly directory: string) {}

  /** Path of the settings file. */
  get file(): string {
    return join(this.directory, settingsFileName);
  }

  /** Read the settings file; a missing file gives defaults, a corrupt one is set aside with a notice. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.notice = `Settings could not be read (${(error as Error).message}); defaults are used.`;
      return;
    }
    let parsed: unknown;
    let problem: string | null;
    try {
      parsed = JSON.parse(text);
      problem = settingsProblem(parsed);
    } catch (error) {
      problem = `not valid JSON (${(error as Error).message})`;
    }
    if (problem) {
      const aside = join(this.directory, `settings.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      await rename(this.file, aside).catch(() => undefined);
      this.notice = `The settings file was corrupt (${problem}); it was set aside as ${aside} and defaults are used.`;
      return;
    }
    const loaded = parsed as PersistedSettings;
    const session = Object.create(null) as Record<string, JsonValue>;
    for (const [key, value] of Object.entries(loaded.session)) session[key] = value;
    this.settings = { ...loaded, recentFiles: loaded.recentFiles.slice(0, limits.recentFiles), session };
  }

  /** The notice from loading (or from a failed write), if any. */
  peekNotice(): string | null {
    return this.notice;
  }

  /** What the renderer sees. */
  snapshot(): SettingsSnapshot {
    return {
      recentFiles: [...this.settings.recentFiles],
      dataFolders: [...this.settings.dataFolders],
      session: { ...this.settings.session },
      notice: this.notice,
    };
  }

  get recentFiles(): readonly string[] {
    return this.settings.recentFiles;
  }

  get dataFolders(): readonly string[] {
    return this.settings.dataFolders;
  }

  get window(): WindowBounds | null {
    return this.settings.window;
  }

  /** Put a file first in the recent list. */
  addRecent(path: string): void {
    this.settings.recentFiles = [path, ...this.settings.recentFiles.filter((existing) => existing !== path)].slice(
      0,
      limits.recentFiles,
    );
    this.scheduleWrite();
  }

  removeRecent(path: string): void {
    this.settings.recentFiles = this.settings.recentFiles.filter((existing) => existing !== path);
    this.scheduleWrite();
  }

  clearRecent(): void {
    this.settings.recentFiles = [];
    this.scheduleWrite();
  }

  setDataFolders(paths: string[]): void {
    this.settings.dataFolders = [...paths];
    this.scheduleWrite();
  }

  /** Set a session value; null deletes it. */
  setSession(key: string, value: JsonValue): void {
    if (value === null) delete this.settings.session[key];
    else this.settings.session[key] = value;
    this.scheduleWrite();
  }

  setWindow(bounds: WindowBounds): void {
    this.settings.window = bounds;
    this.scheduleWrite();
  }

  private scheduleWrite(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.flush().catch((error: Error) => {
        this.notice = `Settings could not be saved (${error.message}).`;
      });
    }, writeDelayMs);
  }

  /** Write pending changes now (also on quit). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const text = `${JSON.stringify(this.settings, null, 2)}\n`;
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(this.directory, { recursive: true });
        await writeFileAtomic(this.file, new TextEncoder().encode(text));
      });
    await this.writing;
  }
}
