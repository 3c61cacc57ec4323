/**
 * WAV files as Warcraft III ships them, decoded to float samples for Web Audio: PCM (8, 16, 24 and 32-bit integers,
 * 32-bit floats, also inside WAVE_FORMAT_EXTENSIBLE) and IMA ADPCM (format 0x11, the game's compressed sounds, which
 * browsers do not decode: blocks of a 4-byte header per channel then 4-bit codes, 8 per 32-bit word per channel, low
 * nibble first), with the step table of the archive code's ADPCM decoder (shared/archives/mpq/adpcm.ts).
 *
 * Refused, as a {@link CodecError} (format `wav`) naming the field and byte offset: not RIFF/WAVE, no `fmt ` or
 * `data` chunk, a chunk running past the end, an encoding other than these, more than {@link MAX_WAV_CHANNELS}
 * channels or a rate outside 1 Hz–384 kHz. Nothing is sized from a declared count: the samples come from the bytes
 * present (a `data` chunk cut short decodes what is there, as players do).
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';
import { IMA_STEP_SIZES } from '../archives/mpq/adpcm';

/** Channels a file may have. */
export const MAX_WAV_CHANNELS = 8;
/** The highest sample rate accepted. */
export const MAX_WAV_RATE = 384000;

/** WAVE format tags. */
export const WAV_FORMAT = { pcm: 1, float: 3, imaAdpcm: 0x11, extensible: 0xfffe } as const;

/** Decoded audio: one Float32Array in [-1, 1] per channel. */
export interface DecodedWav {
  sampleRate: number;
  channels: Float32Array[];
  /** The format tag the file used (after unwrapping WAVE_FORMAT_EXTENSIBLE). */
  formatTag: number;
}

const IMA_INDEX_STEP = [-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8];

function wavError(kind: CodecErrorKind, where: string, offset: number, detail: string, fileName?: string) {
  return new CodecError({ format: 'wav', kind, where, offset, detail, ...(fileName ? { fileName } : {}) });
}

function fourcc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** True when `bytes` start like a WAV file. */
export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && fourcc(bytes, 0) === 'RIFF' && fourcc(bytes, 8) === 'WAVE';
}

/** Decodes a WAV file; `fileName` names it in errors. */
export function readWav(bytes: Uint8Array, fileName?: string): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isWav(bytes)) throw wavError('invalid', 'header', 0, 'not a RIFF WAVE file', fileName);
  let format: { offset: number; size: number } | null = null;
  let data: { offset: number; size: number } | null = null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = fourcc(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + size > bytes.length)
        throw wavError('truncated', 'fmt ', offset, 'the chunk runs past the end', fileName);
      format = { offset: body, size };
    } else if (id === 'data') data = { offset: body, size: Math.min(size, bytes.length - body) };
    if (format && data) break;
    offset = body + size + (size & 1);
  }
  if (!format || format.size < 16) throw wavError('invalid', 'fmt ', 12, 'no fmt chunk of 16 bytes or more', fileName);
  if (!data) throw wavError('invalid', 'data', 12, 'no data chunk', fileName);
  let tag = view.getUint16(format.offset, true);
  const channelCount = view.getUint16(format.offset + 2, true);
  const sampleRate = view.getUint32(format.offset + 4, true);
  const blockAlign = view.getUint16(format.offset + 12, true);
  const bits = view.getUint16(format.offset + 14, true);
  if (tag === WAV_FORMAT.extensible && format.size >= 40) tag = view.getUint16(format.offset + 24, true);
  if (channelCount < 1 || channelCount > MAX_WAV_CHANNELS)
    throw wavError('limit', 'fmt .channels', format.offset + 2, `${channelCount} channels`, fileName);
  if (sampleRate < 1 || sampleRate > MAX_WAV_RATE)
    throw wavError('limit', 'fmt .sampleRate', format.offset + 4, `${sampleRate} Hz`, fileName);
  const samples = bytes.subarray(data.offset, data.offset + data.size);
  if (tag === WAV_FORMAT.imaAdpcm) {
    if (bits !== 4 || blockAlign < 4 * channelCount || blockAlign % (4 * channelCount) !== 0)
      throw wavError(
        'invalid',
        'fmt .blockAlign',
        format.offset + 12,
        `IMA ADPCM with ${bits}-bit codes and ` + `${blockAlign}-byte blocks for ${channelCount} channels`,
        fileName,
      );
    return { sampleRate, channels: decodeImaAdpcm(samples, channelCount, blockAlign), formatTag: tag };
  }
  if (tag === WAV_FORMAT.pcm || tag === WAV_FORMAT.float) {
    const width = bits / 8;
    if (!Number.isInteger(width) || width < 1 || width > 4 || (tag === WAV_FORMAT.float && width !== 4))
      throw wavError('unsupported', 'fmt .bitsPerSample', format.offset + 14, `${bits}-bit samples`, fileName);
    return { sampleRate, channels: decodePcm(samples, channelCount, width, tag === WAV_FORMAT.float), formatTag: tag };
  }
  throw wavError('unsupported', 'fmt .formatTag', format.offset, `format 0x${tag.toString(16)}`, fileName);
}

function decodePcm(bytes: Uint8Array, channelCount: number, width: number, float: boolean): Float32Array[] {
  const frames = Math.floor(bytes.length / (width * channelCount));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame += 1)
    for (let channel = 0; channel < channelCount; channel += 1) {
      const at = (frame * channelCount + channel) * width;
      let value: number;
      if (float) value = view.getFloat32(at, true);
      else if (width === 1) value = (bytes[at]! - 128) / 128;
      else if (width === 2) value = view.getInt16(at, true) / 32768;
      else if (width === 3)
        value = (((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) << 8) >> 8) / 8388608;
      else value = view.getInt32(at, true) / 2147483648;
      channels[channel]![frame] = value;
    }
  return channels;
}

/** IMA ADPCM blocks: per channel a header (first sample, step index, reserved), then interleaved 4-byte groups. */
function decodeImaAdpcm(bytes: Uint8Array, channelCount: number, blockAlign: number): Float32Array[] {
  const samplesPerBlock = ((blockAlign - 4 * channelCount) * 2) / channelCount + 1;
  const fullBlocks = Math.floor(bytes.length / blockAlign);
  const tail = bytes.length - fullBlocks * blockAlign;
  const tailSamples = tail >= 4 * channelCount ? ((tail - 4 * channelCount) * 2) / channelCount + 1 : 0;
  const total = fullBlocks * samplesPerBlock + Math.floor(tailSamples);
  const channels = Array.from({ length: channelCount }, () => new Float32Array(total));
  const predicted = new Int32Array(channelCount);
  const stepIndex = new Int32Array(channelCount);
  let written = 0;
  for (let block = 0; block * blockAlign + 4 * channelCount <= bytes.length; block += 1) {
    const start = block * blockAlign;
    const end = Math.min(bytes.length, start + blockAlign);
    for (let channel = 0; channel < channelCount; channel += 1) {
      const at = start + channel * 4;
      predicted[channel] = ((bytes[at]! | (bytes[at + 1]! << 8)) << 16) >> 16;
      stepIndex[channel] = Math.min(88, bytes[at + 2]!);
      channels[channel]![written] = predicted[channel]! / 32768;
    }
    written += 1;
    // Then groups of 4 bytes per channel, each 8 samples, low nibble first.
    for (let group = start + 4 * channelCount; group + 4 * channelCount <= end; group += 4 * channelCount) {
      for (let channel = 0; channel < channelCount; channel += 1) {
        const out = channels[channel]!;
        for (let index = 0; index < 8; index += 1) {
          const byte = bytes[group + channel * 4 + (index >> 1)]!;
          const code = index & 1 ? byte >> 4 : byte & 15;
          const step = IMA_STEP_SIZES[stepIndex[channel]!]!;
          let difference = step >> 3;
          if (code & 4) difference += step;
          if (code & 2) difference += step >> 1;
          if (code & 1) difference += step >> 2;
          const sample = predicted[channel]! + (code & 8 ? -difference : difference);
          predicted[channel] = Math.max(-32768, Math.min(32767, sample));
          stepIndex[channel] = Math.max(0, Math.min(88, stepIndex[channel]! + IMA_INDEX_STEP[code]!));
          if (written + index < total) out[written + index] = predicted[channel]! / 32768;
        }
      }
      written += 8;
    }
  }
  return written >= total ? channels : channels.map((channel) => channel.subarray(0, written));
}
