/**
 * A render's sound, mixed deterministically with an OfflineAudioContext: each sound starts at its event's time in the
 * rendered range (a sound started before the range and still playing joins part-way through), at its gain and
 * playback rate, summed into stereo at the render's sample rate — the same every time for the same sounds.
 */
import type { EncodedAudio } from './encoder-protocol';

/** One sound in the mix. */
export interface MixedSound {
  buffer: AudioBuffer;
  /** When it starts, seconds from the range's start (negative: it started before the range). */
  atSeconds: number;
  /** Linear gain (0–1). */
  gain: number;
  /** Playback rate (pitch): 1 plays as recorded. */
  rate: number;
}

/** Whether a sound is heard in a range of `seconds` (it starts before the end and is still playing after 0). */
export function heardIn(
  sound: Pick<MixedSound, 'atSeconds' | 'rate'> & { duration: number },
  seconds: number,
): boolean {
  return sound.atSeconds < seconds && sound.atSeconds + sound.duration / sound.rate > 0;
}

/** Mixes `sounds` over `seconds` at `sampleRate` into two channels (null when nothing is heard). */
export async function mixSounds(
  sounds: readonly MixedSound[],
  seconds: number,
  sampleRate: number,
): Promise<EncodedAudio | null> {
  const heard = sounds.filter((sound) => heardIn({ ...sound, duration: sound.buffer.duration }, seconds));
  if (heard.length === 0 || !(seconds > 0)) return null;
  const context = new OfflineAudioContext(2, Math.ceil(seconds * sampleRate), sampleRate);
  for (const sound of heard) {
    const source = context.createBufferSource();
    source.buffer = sound.buffer;
    source.playbackRate.value = sound.rate;
    const gain = context.createGain();
    gain.gain.value = sound.gain;
    source.connect(gain).connect(context.destination);
    if (sound.atSeconds >= 0) source.start(sound.atSeconds);
    // Started before the range: join it where it is by then (buffer time runs at the playback rate).
    else source.start(0, -sound.atSeconds * sound.rate);
  }
  const mixed = await context.startRendering();
  return { sampleRate, channels: [mixed.getChannelData(0).slice(), mixed.getChannelData(1).slice()] };
}
