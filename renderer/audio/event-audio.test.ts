import { describe, expect, it } from 'vitest';
import { pcmWav, tone } from '../../shared/audio/testing/encoders';
import { loadGameTables } from '../../shared/game-tables';
import { eventTables } from '../../shared/game-tables/testing/event-data';
import type { HostClient } from '../../shared/contract/contract';
import { fixtureCodec, fixtureDocument } from '../testing/fixture-model';
import { openModelDocument } from '../state/document-actions';
import { createEditorStore } from '../state/editor-store';
import { type FrameScheduler, togglePlayback, stopPlayback } from '../state/playback';
import { setPlayhead, updateSession } from '../state/session-actions';
import { EventAudio, type PlayerContext } from './event-audio';

/** A Web Audio context whose clock the test moves; sources record when they were started and stopped. */
function fakeContext() {
  const sources: { startAt: number; stopped: boolean; rate: number }[] = [];
  const node = () => ({ connect: () => undefined, gain: { value: 1 } });
  const context = {
    currentTime: 0,
    state: 'running',
    destination: {},
    resume: async () => undefined,
    createGain: node,
    createBuffer: (channels: number, length: number, sampleRate: number) => ({
      numberOfChannels: channels,
      length,
      sampleRate,
      copyToChannel: () => undefined,
    }),
    decodeAudioData: async () => ({ length: 1 }),
    createBufferSource: () => {
      const record = { startAt: Number.NaN, stopped: false, rate: 1 };
      sources.push(record);
      return {
        buffer: null,
        playbackRate: {
          set value(rate: number) {
            record.rate = rate;
          },
        },
        connect: () => undefined,
        start: (at: number) => (record.startAt = at),
        stop: () => (record.stopped = true),
        onended: null,
      };
    },
  };
  return { context: context as unknown as PlayerContext & { currentTime: number }, sources };
}

function manualScheduler() {
  let callback: ((nowMs: number) => void) | null = null;
  let now = 0;
  const scheduler: FrameScheduler = {
    request: (next) => ((callback = next), 1),
    cancel: () => (callback = null),
  };
  return {
    scheduler,
    tick(stepMs: number) {
      now += stepMs;
      const current = callback;
      callback = null;
      current?.(now);
    },
  };
}

async function setup() {
  const wav = pcmWav(tone(440, 0.2));
  const host = {
    readGamePath: async ({ gamePath }: { gamePath: string }) =>
      gamePath.toLowerCase().endsWith('.wav')
        ? { status: 'found', gamePath, entry: { path: `Data.w3x:${gamePath}` }, bytes: wav.slice().buffer }
        : { status: 'missing', gamePath, tried: [] },
  } as unknown as HostClient;
  const store = createEditorStore({ codec: fixtureCodec, host });
  const document = fixtureDocument([{ name: 'SNDxTPCM', frames: [1000] }], {
    sequences: [{ name: 'Stand', start: 0, end: 3000, moveSpeed: 0, nonLooping: false, rarity: 0 }],
  });
  openModelDocument(store, document, { kind: 'model', path: null, name: 'x.mdx', identity: null });
  const tables = await loadGameTables(async (path) => {
    const text = eventTables()[path];
    return text ? { bytes: new TextEncoder().encode(text), source: 'Data.w3x' } : null;
  });
  const { context, sources } = fakeContext();
  const audio = new EventAudio(
    store,
    () => context,
    () => 0.5,
  ).attach();
  store.setState({ gameTables: tables });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const frames = manualScheduler();
  return { store, audio, context, sources, frames };
}

describe('EventAudio', () => {
  it('schedules a key on the audio clock at its own time even when frames arrive late', async () => {
    const { store, audio, context, sources, frames } = await setup();
    togglePlayback(store, 1, frames.scheduler);
    frames.tick(16);
    // Frames of 200 ms (a slow machine): the audio clock advances with real time.
    for (let step = 0; step < 4; step += 1) {
      context.currentTime += 0.2;
      frames.tick(200);
    }
    // The playhead is at 800 ms: the key at 1000 is already scheduled 200 ms ahead on the audio clock.
    expect(store.getState().session.playback.playheadMs).toBe(800);
    expect(audio.started).toEqual([{ event: 'SNDxTPCM', file: 'Sound\\Test\\Pcm.wav', atMs: 1000 }]);
    expect(sources[0]!.startAt).toBeCloseTo(context.currentTime + 0.2, 9);
    expect(sources[0]!.rate).toBe(1);
    for (let step = 0; step < 5; step += 1) {
      context.currentTime += 0.2;
      frames.tick(200);
    }
    expect(audio.started).toHaveLength(1);
  });

  it('starts once per pass of a loop, and not while paused', async () => {
    const { store, audio, context, frames } = await setup();
    togglePlayback(store, 1, frames.scheduler);
    frames.tick(16);
    for (let step = 0; step < 40; step += 1) {
      context.currentTime += 0.2;
      frames.tick(200);
    }
    // 8 s of a 3 s loop from 0: the key at 1000 passed in the first, second and third passes.
    expect(audio.started.map((sound) => sound.atMs)).toEqual([1000, 1000, 1000]);
    stopPlayback(store);
    setPlayhead(store, 700);
    togglePlayback(store, 1, frames.scheduler);
    frames.tick(16);
    context.currentTime += 0.1;
    frames.tick(100);
    expect(audio.started).toHaveLength(4);
    // Paused before the key: the scheduled sound is cancelled and not reported as started.
    stopPlayback(store);
    expect(audio.started).toHaveLength(3);
    // A slow frame: the audio clock passed the key (1,000 ms) while the screen still showed 800 ms, and playback
    // stops there — the key after the playhead shown is not heard (a loaded machine in the e2e test).
    setPlayhead(store, 700);
    togglePlayback(store, 1, frames.scheduler);
    frames.tick(16);
    context.currentTime += 0.1;
    frames.tick(100);
    expect(audio.started).toHaveLength(4);
    context.currentTime += 0.35;
    stopPlayback(store);
    expect(audio.started).toHaveLength(3);
  });

  it('is silent while scrubbing unless Scrub Audio is on, and while muted', async () => {
    const { store, audio } = await setup();
    setPlayhead(store, 900);
    setPlayhead(store, 1100);
    expect(audio.started).toHaveLength(0);
    updateSession(store, (session) => ({ ...session, playback: { ...session.playback, scrubAudio: true } }));
    setPlayhead(store, 900);
    expect(audio.started).toHaveLength(1);
    updateSession(store, (session) => ({ ...session, playback: { ...session.playback, muted: true } }));
    setPlayhead(store, 1100);
    expect(audio.started).toHaveLength(1);
  });
});
