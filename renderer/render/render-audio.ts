/**
 * The sound of a rendered range: every key of the model's sound objects (SND, resolved through the game's tables as
 * playback resolves them: renderer/audio's soundOf) that is heard in the range starts at its key's time, by
 * playback's rules (soundStart: the file, the table's volume, the pitch and its variance) with a random seeded by the
 * object's name and the key's time — so the same range always mixes to the same samples — from files read and
 * decoded by playback's SoundBank, mixed by render-mix.ts. The editor's mute and volume are listening preferences and
 * are not applied. A file that cannot be played is reported once in the Info log; the render goes on without it.
 */
import { seededRandom } from '../../shared/random';
import { soundOf, soundStart } from '../audio/event-audio';
import { SoundBank } from '../audio/sound-bank';
import { notify } from '../state/dialog-actions';
import { currentDocument, type EditorStore } from '../state/editor-store';
import type { TimeRange } from '../state/time-range';
import type { EncodedAudio } from './encoder-protocol';
import { heardIn, type MixedSound, mixSounds } from './render-mix';

/** A seed from an event object's name and a key's time (FNV-1a). */
export function soundSeed(name: string, keyMs: number): number {
  let hash = 0x811c9dc5;
  for (const character of `${name}@${keyMs}`) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** The range's sounds mixed at `sampleRate` (null when none is heard, or the tables or host are missing). */
export async function renderSounds(
  store: EditorStore,
  range: TimeRange,
  sampleRate: number,
): Promise<EncodedAudio | null> {
  const state = store.getState();
  const document = currentDocument(state);
  const host = store.services.host;
  if (!document || !state.gameTables || !host) return null;
  const seconds = (range.endMs - range.startMs) / 1000;
  let decoding: OfflineAudioContext | null = null;
  const bank = new SoundBank(host, () => (decoding ??= new OfflineAudioContext(2, 1, sampleRate)));
  const reported = new Set<string>();
  const sounds: MixedSound[] = [];
  for (const object of document.eventObjects) {
    const sound = soundOf(state, object);
    if (!sound) continue;
    for (const keyMs of object.frames) {
      if (keyMs >= range.endMs) continue;
      const start = soundStart(sound, seededRandom(soundSeed(object.name, keyMs)));
      const loaded = await bank.load(start.file);
      if (!loaded.buffer) {
        if (!reported.has(start.file)) notify(store, `Render: cannot play ${start.file}: ${loaded.reason}`, 'warning');
        reported.add(start.file);
        continue;
      }
      const atSeconds = (keyMs - range.startMs) / 1000;
      if (!heardIn({ atSeconds, rate: start.rate, duration: loaded.buffer.duration }, seconds)) continue;
      sounds.push({ buffer: loaded.buffer, atSeconds, gain: start.gain, rate: start.rate });
    }
  }
  return mixSounds(sounds, seconds, sampleRate);
}
