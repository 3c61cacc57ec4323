import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { imaAdpcmWav, pcmWav, tone } from './testing/encoders';
import { readWav } from './wav';

describe('readWav', () => {
  it('decodes 16-bit PCM exactly', () => {
    const samples = tone(440, 0.1);
    const decoded = readWav(pcmWav(samples));
    expect(decoded.sampleRate).toBe(22050);
    expect(decoded.channels).toHaveLength(1);
    expect(Array.from(decoded.channels[0]!.subarray(0, 50))).toEqual(
      Array.from(samples.subarray(0, 50), (s) => s / 32768),
    );
  });

  it('decodes IMA ADPCM close to the samples it was encoded from', () => {
    const samples = tone(440, 0.5);
    const decoded = readWav(imaAdpcmWav(samples), 'Sound\\Adpcm.wav');
    expect(decoded.formatTag).toBe(0x11);
    const channel = decoded.channels[0]!;
    expect(channel.length).toBeGreaterThanOrEqual(samples.length);
    let squares = 0;
    for (let index = 0; index < samples.length; index += 1) squares += (channel[index]! * 32768 - samples[index]!) ** 2;
    const rms = Math.sqrt(squares / samples.length);
    // A 4-bit code per sample: close, not exact (the step adapts over the first samples of the file).
    expect(rms).toBeLessThan(400);
    expect(rms).toBeGreaterThan(0);
  });

  it('names the file, field and offset of what it refuses', () => {
    const wav = pcmWav(tone(440, 0.01));
    const noRiff = wav.slice();
    noRiff[0] = 0;
    expect(() => readWav(noRiff, 'a.wav')).toThrow('a.wav: WAV invalid at header (byte 0): not a RIFF WAVE file');
    const mp2 = wav.slice();
    mp2[20] = 0x50;
    expect(() => readWav(mp2, 'b.wav')).toThrow('b.wav: WAV unsupported at fmt .formatTag (byte 20): format 0x50');
    const many = wav.slice();
    many[22] = 200;
    expect(() => readWav(many, 'c.wav')).toThrow(CodecError);
    expect(() => readWav(wav.subarray(0, 30), 'd.wav')).toThrow('d.wav: WAV truncated at fmt  (byte 12)');
  });
});
