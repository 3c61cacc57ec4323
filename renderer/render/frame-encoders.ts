/**
 * The encoders a render's worker runs, one per output format, each taking the drawn frames in order:
 *  - WebM (VP9) and MP4 (H.264) through WebCodecs and Mediabunny's muxer (MPL-2.0, used unmodified; it also runs
 *    the VideoEncoder/AudioEncoder and their backpressure), written as it goes at the positions the muxer asks
 *    (it patches sizes and cues at the end); the audio track, when there is one, is Opus, fed in step with the video
 *    so the muxer can interleave them;
 *  - a PNG sequence and a PNG still through OffscreenCanvas.convertToBlob (the browser's own PNG encoder);
 *  - an animated GIF through gifenc (MIT): a 256-colour palette per frame, streamed out frame by frame.
 * Only runs where WebCodecs and OffscreenCanvas exist (the worker); the pure helpers are tested in Node.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import {
  AudioSample,
  AudioSampleSource,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  QUALITY_LOW,
  QUALITY_MEDIUM,
  type Quality,
  StreamTarget,
  type StreamTargetChunk,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import { type RenderQuality, sequenceFileName } from '../state/render-settings';
import type { EncodedAudio, EncoderConfig } from './encoder-protocol';

/** Writes bytes at a position of the output (`name` '') or of a sequence's file. */
export type WriteBytes = (name: string, position: number, bytes: Uint8Array) => Promise<void>;

/** Takes frames in order, then finishes (or is cancelled). `add` resolves when it can take the next frame. */
export interface FrameEncoder {
  add(frame: VideoFrame, index: number): Promise<void>;
  finish(): Promise<void>;
  cancel(): Promise<void>;
}

/** Bytes the muxer gathers before a write (fewer, larger writes to the host). */
const MUX_CHUNK_BYTES = 4 * 1024 * 1024;
/** How far ahead of the video the audio is fed (s). */
const AUDIO_LEAD_SECONDS = 0.5;
/** Audio samples per chunk handed to the encoder (per channel). */
const AUDIO_CHUNK_FRAMES = 24_000;

/**
 * Each frame's GIF delay in ms, chosen so the delays (whole hundredths of a second in the file) add up to the
 * frames' exact times: at 30 fps, 30, 30, 40, 30, 30, 40… (3.33 cs a frame on average).
 */
export function gifDelayMs(fps: number, index: number): number {
  const end = Math.round(((index + 1) * 100) / fps);
  const start = Math.round((index * 100) / fps);
  return (end - start) * 10;
}

/** The encoder for `config`, ready for its first frame. */
export async function createFrameEncoder(config: EncoderConfig, write: WriteBytes): Promise<FrameEncoder> {
  switch (config.format) {
    case 'webm':
    case 'mp4':
      return createVideoEncoder(config, write);
    case 'png':
    case 'still':
      return createPngEncoder(config, write);
    case 'gif':
      return createGifEncoder(config, write);
  }
}

/** Planar audio from `start` to `end` (sample frames) as one AudioSample. */
function audioSlice(audio: EncodedAudio, start: number, end: number): AudioSample {
  const count = end - start;
  const data = new Float32Array(count * audio.channels.length);
  audio.channels.forEach((channel, index) => data.set(channel.subarray(start, end), index * count));
  return new AudioSample({
    data,
    format: 'f32-planar',
    numberOfChannels: audio.channels.length,
    sampleRate: audio.sampleRate,
    timestamp: start / audio.sampleRate,
  });
}

/** Each quality's setting of the encoder (mediabunny's levels: a constant quantizer where the codec takes one). */
const VIDEO_QUALITY: Readonly<Record<RenderQuality, Quality>> = {
  high: QUALITY_HIGH,
  medium: QUALITY_MEDIUM,
  low: QUALITY_LOW,
};

async function createVideoEncoder(config: EncoderConfig, write: WriteBytes): Promise<FrameEncoder> {
  const writable = new WritableStream<StreamTargetChunk>({
    write: (chunk) => write('', chunk.position, chunk.data),
  });
  const output = new Output({
    format: config.format === 'mp4' ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat(),
    target: new StreamTarget(writable, { chunked: true, chunkSize: MUX_CHUNK_BYTES }),
  });
  const video = new VideoSampleSource({
    codec: config.format === 'mp4' ? 'avc' : 'vp9',
    bitrate: VIDEO_QUALITY[config.quality],
    keyFrameInterval: 2,
    latencyMode: 'realtime',
  });
  output.addVideoTrack(video, { frameRate: config.fps });
  const audio = config.audio;
  const sound = audio ? new AudioSampleSource({ codec: 'opus', bitrate: QUALITY_HIGH }) : null;
  if (sound) output.addAudioTrack(sound);
  await output.start();
  let audioFed = 0;
  const audioLength = audio?.channels[0]?.length ?? 0;
  /** Feeds the audio up to `seconds` (all of it with Infinity). */
  const feedAudio = async (seconds: number) => {
    if (!audio || !sound) return;
    const until = Math.min(audioLength, Math.ceil(seconds * audio.sampleRate));
    while (audioFed < until) {
      const end = Math.min(until, audioFed + AUDIO_CHUNK_FRAMES);
      const sample = audioSlice(audio, audioFed, end);
      audioFed = end;
      await sound.add(sample);
      sample.close();
    }
  };
  return {
    async add(frame, index) {
      await feedAudio((index + 1) / config.fps + AUDIO_LEAD_SECONDS);
      const sample = new VideoSample(frame, { timestamp: index / config.fps, duration: 1 / config.fps });
      try {
        await video.add(sample);
      } finally {
        sample.close();
      }
    },
    async finish() {
      await feedAudio(Infinity);
      video.close();
      sound?.close();
      await output.finalize();
    },
    async cancel() {
      if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel();
    },
  };
}

/** Draws a frame onto a 2D canvas (closing the frame). */
function drawFrame(context: OffscreenCanvasRenderingContext2D, frame: VideoFrame, width: number, height: number) {
  try {
    context.clearRect(0, 0, width, height);
    context.drawImage(frame, 0, 0, width, height);
  } finally {
    frame.close();
  }
}

function createPngEncoder(config: EncoderConfig, write: WriteBytes): FrameEncoder {
  const canvas = new OffscreenCanvas(config.width, config.height);
  const context = canvas.getContext('2d', { alpha: config.alpha })!;
  return {
    async add(frame, index) {
      drawFrame(context, frame, config.width, config.height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const name = config.format === 'still' ? '' : sequenceFileName(config.stem, index, config.frames);
      await write(name, 0, new Uint8Array(await blob.arrayBuffer()));
    },
    finish: async () => undefined,
    cancel: async () => undefined,
  };
}

function createGifEncoder(config: EncoderConfig, write: WriteBytes): FrameEncoder {
  const canvas = new OffscreenCanvas(config.width, config.height);
  const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true })!;
  const gif = GIFEncoder({ initialCapacity: 1024 * 1024 });
  let position = 0;
  /** Writes what was encoded since the last flush (the encoder keeps only the frame being written). */
  const flush = async () => {
    const bytes = gif.bytes();
    gif.stream.reset();
    await write('', position, bytes);
    position += bytes.byteLength;
  };
  return {
    async add(frame, index) {
      drawFrame(context, frame, config.width, config.height);
      const { data } = context.getImageData(0, 0, config.width, config.height);
      const palette = quantize(data, 256);
      gif.writeFrame(applyPalette(data, palette), config.width, config.height, {
        palette,
        delay: gifDelayMs(config.fps, index),
      });
      await flush();
    },
    async finish() {
      gif.finish();
      await flush();
    },
    cancel: async () => undefined,
  };
}
