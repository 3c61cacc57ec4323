/**
 * Sound objects heard during playback, through Web Audio. Each update of a forwards playback looks
 * {@link LOOKAHEAD_MS} of model time ahead and schedules every SND key in that window on the audio clock at the key's
 * own time (`currentTime + (key − playhead) / speed`), not at whichever frame crosses it — so a sound starts on time
 * even when frames drop. Each key is scheduled once per pass of the playback range (a loop back to its start begins
 * a new pass); pausing, stopping, seeking and muting cancel what has not started yet. Scrubbing is silent unless
 * Scrub Audio is on; then a key the playhead is dragged across plays a short snippet at once. Playing backwards is
 * silent.
 *
 * A sound plays one of its files picked at random, at the table's volume (0–127) times the header's volume, and at
 * its pitch varied by ± its pitch variance. Files are read and decoded ahead (the model's sounds when the document or
 * tables change). `started` lists every sound started, `atMs` the model time its start corresponds to.
 */
import type { EventObject, ModelDocument } from '../../shared/events/document';
import type { SoundMeaning } from '../../shared/game-tables';
import { notify } from '../state/dialog-actions';
import { currentDocument, type EditorState, type EditorStore } from '../state/editor-store';
import { meaningOf } from '../state/game-tables';
import { playbackRange } from '../state/playback';
import { SoundBank } from './sound-bank';

/** How far ahead (model ms at 1×) keys are scheduled: wider than any frame a loaded machine drops. */
export const LOOKAHEAD_MS = 400;
/** The longest step playback makes in one frame (renderer/state/playback.ts caps a frame's step at 250 ms). */
const MAX_FRAME_MS = 250;
/** How long a scrubbed sound plays, seconds. */
export const SCRUB_SNIPPET_SECONDS = 0.25;
/** The most `started` entries kept (the oldest go first). */
export const MAX_STARTED = 1000;

/** One sound started: the event object, the file (game path) and the model time it starts at. */
export interface StartedSound {
  event: string;
  file: string;
  atMs: number;
}

/** The Web Audio context the player needs (a fake in unit tests). */
export type PlayerContext = Pick<
  AudioContext,
  | 'currentTime'
  | 'state'
  | 'resume'
  | 'createGain'
  | 'createBufferSource'
  | 'destination'
  | 'createBuffer'
  | 'decodeAudioData'
>;

interface Scheduled {
  source: AudioBufferSourceNode;
  startAt: number;
  record: StartedSound;
}

const players = new WeakMap<EditorStore, EventAudio>();

/** The player attached to a store (for the automation surface). */
export function eventAudioOf(store: EditorStore): EventAudio | undefined {
  return players.get(store);
}

/** The sound meaning of an object, or null (not a sound, on a global sequence, unresolved, or naming no file). */
export function soundOf(state: EditorState, object: EventObject): SoundMeaning | null {
  if (object.type !== 'SND' || object.globalSequenceId !== null) return null;
  const resolution = meaningOf(state.gameTables, object);
  return resolution?.status === 'resolved' && resolution.meaning.kind === 'sound' && resolution.meaning.files.length
    ? resolution.meaning
    : null;
}

/** How one start of a sound plays: which of its files, at what gain and playback rate. */
export interface SoundStart {
  file: string;
  gain: number;
  rate: number;
}

/**
 * One start of `sound` by the game's rules: a file picked at random, the table's volume (0–127) as a gain, its pitch
 * varied by ± its pitch variance. Playback and renders (renderer/render, with a seeded `random`) both start sounds so.
 */
export function soundStart(sound: SoundMeaning, random: () => number): SoundStart {
  const file = sound.files[Math.min(sound.files.length - 1, Math.floor(random() * sound.files.length))]!;
  return {
    file,
    gain: Math.max(0, Math.min(1, sound.volume / 127)),
    rate: Math.max(0.05, sound.pitch * (1 + (random() * 2 - 1) * sound.pitchVariance)),
  };
}

/** Plays a store's sound objects (see the module comment). */
export class EventAudio {
  readonly started: StartedSound[] = [];
  private context: PlayerContext | null = null;
  private master: GainNode | null = null;
  private scheduled: Scheduled[] = [];
  /** Model time up to which keys of this pass are scheduled. */
  private scheduledUntilMs = Number.NaN;
  private lastPlayheadMs = Number.NaN;
  /** The audio clock when playback last showed a frame (its playhead). */
  private frameAudioTime = Number.NaN;
  private readonly bank: SoundBank;
  private readonly reported = new Set<string>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly store: EditorStore,
    private readonly createContext: () => PlayerContext = () => new AudioContext(),
    private readonly random: () => number = Math.random,
  ) {
    const host = store.services.host;
    this.bank = new SoundBank(host ?? { readGamePath: () => Promise.reject(new Error('no host')) }, () =>
      this.audioContext(),
    );
  }

  /** Follows the store until {@link detach}. */
  attach(): this {
    players.set(this.store, this);
    this.unsubscribe = this.store.subscribe((state, previous) => this.onChange(state, previous));
    this.preload(this.store.getState());
    return this;
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.cancelPending();
    if (players.get(this.store) === this) players.delete(this.store);
  }

  /** The audio context's state, or 'none' before the first sound. */
  contextState(): string {
    return this.context?.state ?? 'none';
  }

  private audioContext(): PlayerContext {
    if (!this.context) {
      this.context = this.createContext();
      this.master = this.context.createGain();
      this.master.connect(this.context.destination);
      this.applyVolume(this.store.getState());
    }
    return this.context;
  }

  private applyVolume(state: EditorState): void {
    if (this.master) this.master.gain.value = state.session.playback.muted ? 0 : state.session.playback.volume;
  }

  private onChange(state: EditorState, previous: EditorState): void {
    const playback = state.session.playback;
    if (playback.muted !== previous.session.playback.muted || playback.volume !== previous.session.playback.volume) {
      this.applyVolume(state);
      if (playback.muted) this.cancelPending();
    }
    if (
      state.history !== previous.history ||
      state.gameTables !== previous.gameTables ||
      state.textureGeneration !== previous.textureGeneration
    )
      this.preload(state);
    if (state.playing !== previous.playing) {
      // Stopped: also what the audio clock reached after the last frame shown (a slow frame still showing an earlier
      // time) — a key after the playhead where playback stopped is not heard.
      this.cancelPending(state.playing > 0 ? undefined : this.frameAudioTime);
      if (state.playing > 0) {
        // Keys at the playhead when play starts sound too.
        this.scheduledUntilMs = playback.playheadMs - 1e-6;
        this.lastPlayheadMs = playback.playheadMs;
        void this.audioContext().resume?.();
        this.update(state);
      }
      return;
    }
    if (playback.playheadMs === previous.session.playback.playheadMs) return;
    if (state.playing > 0) this.update(state);
    else if (state.playing === 0 && playback.scrubAudio && !playback.muted)
      this.scrub(state, previous.session.playback.playheadMs, playback.playheadMs);
  }

  /** Reads and decodes the sounds of the open model ahead of playback. */
  private preload(state: EditorState): void {
    this.bank.useGeneration(state.textureGeneration);
    const document = currentDocument(state);
    if (!document || !state.gameTables || !this.store.services.host) return;
    for (const object of document.eventObjects) {
      const sound = soundOf(state, object);
      if (sound) for (const file of sound.files) void this.bank.load(file).then((loaded) => this.report(loaded, file));
    }
  }

  private report(loaded: { buffer: AudioBuffer | null; reason?: string }, file: string): void {
    if (loaded.buffer || this.reported.has(file)) return;
    this.reported.add(file);
    notify(this.store, `Cannot play ${file}: ${loaded.reason ?? 'unknown reason'}`, 'warning');
  }

  /** Schedules the keys of the window ahead of the playhead (forwards playback). */
  private update(state: EditorState): void {
    const document = currentDocument(state);
    const { playheadMs, speed, muted } = state.session.playback;
    const range = playbackRange(this.store);
    const last = this.lastPlayheadMs;
    if (playheadMs < last) {
      // Back to the range's start from near its end: the loop's next pass (what was scheduled before the end still
      // plays). Any other jump back is a seek: what was scheduled ahead goes.
      const wrapped = range.endMs - last <= LOOKAHEAD_MS * speed && playheadMs - range.startMs <= LOOKAHEAD_MS * speed;
      if (!wrapped) this.cancelPending();
      this.scheduledUntilMs = (wrapped ? range.startMs : playheadMs) - 1e-6;
    } else if (playheadMs - last > MAX_FRAME_MS * speed + LOOKAHEAD_MS * speed) {
      // A jump forwards (a click ahead while playing): the keys jumped over stay silent.
      this.cancelPending();
      this.scheduledUntilMs = playheadMs - 1e-6;
    }
    this.lastPlayheadMs = playheadMs;
    this.frameAudioTime = this.context?.currentTime ?? Number.NaN;
    if (!document || muted) return;
    const horizon = Math.min(range.endMs, playheadMs + LOOKAHEAD_MS * speed);
    if (!(horizon > this.scheduledUntilMs)) return;
    const from = this.scheduledUntilMs;
    this.scheduledUntilMs = horizon;
    this.scheduleWindow(state, document, from, horizon, playheadMs, speed, range.startMs);
  }

  private scheduleWindow(
    state: EditorState,
    document: ModelDocument,
    fromMs: number,
    toMs: number,
    playheadMs: number,
    speed: number,
    rangeStartMs: number,
  ): void {
    for (const object of document.eventObjects) {
      if (object.type !== 'SND') continue;
      const sound = soundOf(state, object);
      if (!sound) continue;
      for (const key of object.frames)
        if (key > fromMs && key <= toMs && key >= rangeStartMs) this.play(object, sound, key, playheadMs, speed);
    }
  }

  /** Starts one of the sound's files at the audio time of `keyMs` (at once when it is already past). */
  private play(object: EventObject, sound: SoundMeaning, keyMs: number, playheadMs: number, speed: number): void {
    const { file, gain: level, rate } = soundStart(sound, this.random);
    const loaded = this.bank.peek(file);
    if (!loaded?.buffer) {
      void this.bank.load(file).then((later) => this.report(later, file));
      return;
    }
    const context = this.audioContext();
    const now = context.currentTime;
    const startAt = now + Math.max(0, keyMs - playheadMs) / speed / 1000;
    const source = context.createBufferSource();
    source.buffer = loaded.buffer;
    source.playbackRate.value = rate;
    const gain = context.createGain();
    gain.gain.value = level;
    source.connect(gain);
    gain.connect(this.master!);
    source.start(startAt);
    // The model time the start corresponds to: the key's own when it lies ahead (startAt − now = its distance), else
    // the playhead's (a key already passed, e.g. in the first frame of a loop's next pass, starts at once).
    const record = { event: object.name, file, atMs: keyMs > playheadMs ? keyMs : playheadMs };
    this.started.push(record);
    if (this.started.length > MAX_STARTED) this.started.shift();
    const entry = { source, startAt, record };
    this.scheduled.push(entry);
    source.onended = () => {
      this.scheduled = this.scheduled.filter((item) => item !== entry);
    };
  }

  /** Scrub Audio: keys the playhead was dragged across play a snippet now. */
  private scrub(state: EditorState, fromMs: number, toMs: number): void {
    const document = currentDocument(state);
    if (!document || !Number.isFinite(fromMs)) return;
    const low = Math.min(fromMs, toMs);
    const high = Math.max(fromMs, toMs);
    for (const object of document.eventObjects) {
      const sound = soundOf(state, object);
      if (!sound) continue;
      for (const key of object.frames)
        if (key > low && key <= high) {
          this.play(object, sound, toMs, toMs, 1);
          const last = this.scheduled[this.scheduled.length - 1];
          if (last?.record.event === object.name) last.source.stop(last.startAt + SCRUB_SNIPPET_SECONDS);
        }
    }
  }

  /**
   * Stops every sound scheduled that has not started yet — or that starts after the audio time `since` (the last
   * frame shown, when playback stops) — and forgets it was started.
   */
  private cancelPending(since?: number): void {
    if (!this.context) return;
    const now = this.context.currentTime;
    const from = since !== undefined && Number.isFinite(since) ? Math.min(now, since) : now;
    const keep: Scheduled[] = [];
    for (const entry of this.scheduled) {
      if (entry.startAt > from + 1e-3) {
        entry.source.onended = null;
        entry.source.stop();
        const index = this.started.lastIndexOf(entry.record);
        if (index >= 0) this.started.splice(index, 1);
      } else keep.push(entry);
    }
    this.scheduled = keep;
  }
}
