/**
 * The messages between a render (main thread: it draws each frame) and its encoding worker (encoder-worker.ts: it
 * encodes and muxes). Frames cross as transferred VideoFrames, output bytes come back as transferred buffers with
 * the position (and, for a PNG sequence, the file name) they go to; the worker waits for each write's
 * acknowledgement, so a slow disk throttles the encoder and the encoder throttles the drawing.
 */
import type { RenderFormat, RenderQuality } from '../state/render-settings';

/** What is encoded: an animation format, or a single PNG (Render Image). */
export type EncodedFormat = RenderFormat | 'still';

/** The audio track of a video: planar float samples, mixed on the main thread (OfflineAudioContext). */
export interface EncodedAudio {
  sampleRate: number;
  /** One array per channel, all of one length. */
  channels: Float32Array[];
}

/** What the worker is asked to encode. */
export interface EncoderConfig {
  format: EncodedFormat;
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** The stem of a PNG sequence's file names (`Shot` → `Shot_0001.png`). */
  stem: string;
  /** A still keeps its alpha (a transparent background). */
  alpha: boolean;
  /** A video's quality. */
  quality: RenderQuality;
  audio: EncodedAudio | null;
}

/** Main thread → worker. */
export type ToEncoder =
  | { type: 'start'; config: EncoderConfig }
  | { type: 'frame'; index: number; frame: VideoFrame }
  | { type: 'written'; sequence: number }
  | { type: 'writeFailed'; sequence: number; message: string }
  | { type: 'finish' }
  | { type: 'cancel' };

/** Worker → main thread. */
export type FromEncoder =
  | { type: 'started' }
  /** Frame `index` is taken (the worker can take another). */
  | { type: 'accepted'; index: number }
  /** Bytes to write at `position` of the file (`name` '') or of the sequence's file `name`; answer `written`. */
  | { type: 'write'; sequence: number; name: string; position: number; bytes: ArrayBuffer }
  | { type: 'finished' }
  | { type: 'cancelled' }
  | { type: 'failed'; message: string };
