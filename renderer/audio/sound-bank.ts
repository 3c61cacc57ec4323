/**
 * Sound files by game path, read through the host's data sources and decoded once into Web Audio buffers: WAV (PCM
 * and IMA ADPCM — the game's compressed sounds, which browsers do not decode) by shared/audio/wav.ts, anything else
 * (MP3) by the browser's decodeAudioData. A file that is missing or cannot be decoded is null, with the reason kept
 * for the message the editor shows once.
 */
import type { HostClient } from '../../shared/contract/contract';
import { isWav, readWav } from '../../shared/audio/wav';

/** The part of an AudioContext the bank needs (a fake in unit tests). */
export type DecodingContext = Pick<BaseAudioContext, 'createBuffer' | 'decodeAudioData'>;

/** A decoded sound, or why there is none. */
export type LoadedSound = { buffer: AudioBuffer; resolvedPath: string } | { buffer: null; reason: string };

/** Decodes a file's bytes into a buffer (WAV ourselves, the rest through the browser). */
export async function decodeSound(context: DecodingContext, bytes: Uint8Array, name: string): Promise<AudioBuffer> {
  if (isWav(bytes)) {
    const wav = readWav(bytes, name);
    const length = wav.channels[0]!.length;
    const buffer = context.createBuffer(wav.channels.length, Math.max(1, length), wav.sampleRate);
    wav.channels.forEach((samples, channel) => buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, channel));
    return buffer;
  }
  return context.decodeAudioData(bytes.slice().buffer);
}

/** Sounds by game path (case-insensitive), each read and decoded once per data-source generation. */
export class SoundBank {
  private readonly sounds = new Map<string, Promise<LoadedSound>>();
  /** Decoded sounds ready to play now (filled as the promises settle). */
  private readonly ready = new Map<string, LoadedSound>();
  private generation = -1;

  constructor(
    private readonly host: Pick<HostClient, 'readGamePath'>,
    private readonly context: () => DecodingContext,
  ) {}

  /** Forgets every sound when the data sources changed. */
  useGeneration(generation: number): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.sounds.clear();
    this.ready.clear();
  }

  /** The sound if it is decoded already (null when not yet, or when it cannot be played). */
  peek(gamePath: string): LoadedSound | null {
    return this.ready.get(gamePath.toLowerCase()) ?? null;
  }

  /** Reads and decodes a sound (once). */
  load(gamePath: string): Promise<LoadedSound> {
    const key = gamePath.toLowerCase();
    let sound = this.sounds.get(key);
    if (!sound) {
      sound = this.read(gamePath).then((loaded) => {
        if (this.sounds.get(key) === sound) this.ready.set(key, loaded);
        return loaded;
      });
      this.sounds.set(key, sound);
    }
    return sound;
  }

  private async read(gamePath: string): Promise<LoadedSound> {
    try {
      const read = await this.host.readGamePath({ gamePath, kind: 'sound' });
      if (read.status !== 'found') return { buffer: null, reason: `${gamePath} is not in any data source` };
      const buffer = await decodeSound(this.context(), new Uint8Array(read.bytes), read.entry.path);
      return { buffer, resolvedPath: read.entry.path };
    } catch (error) {
      return { buffer: null, reason: `${gamePath}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
}
