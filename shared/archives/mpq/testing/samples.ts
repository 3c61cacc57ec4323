/**
 * Sample file contents for the MPQ tests: text that compresses well, noise that does not, WAV files
 * for the ADPCM compressions, all from a seeded generator so failures reproduce.
 */
import { seededRandom } from '../../../random';

/** `count` bytes of seeded noise. */
export function noise(count: number, seed = 1): Uint8Array {
  const random = seededRandom(seed);
  const bytes = new Uint8Array(count);
  for (let index = 0; index < count; index += 1) bytes[index] = Math.floor(random() * 256);
  return bytes;
}

/** Repetitive latin1 text of about `count` bytes (exactly `count`). */
export function text(count: number, seed = 2): Uint8Array {
  const random = seededRandom(seed);
  const words = ['Doodads', 'Cinematic', 'Arthas', 'cape', 'MRFx0006', 'frame', 'hide', 'show', '\r\n', ' '];
  const bytes = new Uint8Array(count);
  let at = 0;
  while (at < count) {
    const word = words[Math.floor(random() * words.length)]!;
    for (let index = 0; index < word.length && at < count; index += 1) bytes[at++] = word.charCodeAt(index);
  }
  return bytes;
}

/** A 16-bit PCM WAV file of `sampleCount` frames: a sine with a little noise, mono or stereo. */
export function wav(sampleCount: number, channels: 1 | 2, seed = 3): Uint8Array {
  const random = seededRandom(seed);
  const dataBytes = sampleCount * channels * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const tag = (at: number, value: string) => {
    for (let index = 0; index < 4; index += 1) bytes[at + index] = value.charCodeAt(index);
  };
  tag(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, 22050, true);
  view.setUint32(28, 22050 * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  tag(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let frame = 0; frame < sampleCount; frame += 1)
    for (let channel = 0; channel < channels; channel += 1) {
      const value = Math.sin((frame * (channel + 1)) / 9) * 12000 + (random() - 0.5) * 800;
      view.setInt16(44 + (frame * channels + channel) * 2, Math.round(value), true);
    }
  return bytes;
}
