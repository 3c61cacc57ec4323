/**
 * What this platform can render, asked before a render starts (the dialog offers only what it can encode, and a
 * size over the limit is refused up front): the largest canvas WebGL draws (renderbuffer, texture and viewport
 * limits of a WebGL 2 context) and which formats encode at a size — VP9 and H.264 as WebCodecs' VideoEncoder answers
 * through Mediabunny (the same codec strings the encoder then uses), PNG and GIF wherever OffscreenCanvas and
 * VideoFrame exist; Opus for an audio track.
 */
import type { RenderCapabilities, RenderFormat } from '../state/render-settings';

let maxSizeFound: number | null = null;

/** The largest width or height WebGL 2 renders here (0 without WebGL 2). Asked once. */
export function webglMaxSize(): number {
  if (maxSizeFound !== null) return maxSizeFound;
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const gl = canvas.getContext('webgl2');
  if (!gl) return (maxSizeFound = 0);
  const viewport = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
  maxSizeFound = Math.min(
    gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number,
    gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
    viewport[0]!,
    viewport[1]!,
  );
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return maxSizeFound;
}

const cache = new Map<string, Promise<RenderCapabilities>>();

/** The size a probe asks about: the one given, within the limit and even (what a video needs). */
function probeSize(value: number, maxSize: number): number {
  const size = Number.isFinite(value) ? Math.min(Math.max(16, Math.round(value)), Math.max(16, maxSize)) : 1024;
  return size - (size % 2);
}

/** What the platform can render and encode at `width` × `height` and `fps` (asked once per size and rate). */
export function renderCapabilities(width: number, height: number, fps: number): Promise<RenderCapabilities> {
  const maxSize = webglMaxSize();
  const probeWidth = probeSize(width, maxSize);
  const probeHeight = probeSize(height, maxSize);
  const frameRate = Number.isFinite(fps) && fps > 0 ? Math.min(120, fps) : 30;
  const key = `${probeWidth}x${probeHeight}@${frameRate}`;
  let found = cache.get(key);
  if (!found) {
    found = probe(maxSize, probeWidth, probeHeight, frameRate);
    cache.set(key, found);
  }
  return found;
}

async function probe(maxSize: number, width: number, height: number, frameRate: number): Promise<RenderCapabilities> {
  const formats: RenderFormat[] = [];
  const unavailable: Partial<Record<RenderFormat, string>> = {};
  const frames = typeof VideoFrame !== 'undefined' && typeof Worker !== 'undefined';
  const canvas = frames && typeof OffscreenCanvas !== 'undefined' && 'convertToBlob' in OffscreenCanvas.prototype;
  let audio = false;
  if (!frames || typeof VideoEncoder === 'undefined') {
    unavailable.webm = 'this platform has no WebCodecs video encoder';
    unavailable.mp4 = unavailable.webm;
  } else {
    const { canEncodeAudio, canEncodeVideo, QUALITY_HIGH } = await import('mediabunny');
    const options = { width, height, bitrate: QUALITY_HIGH, frameRate };
    const [vp9, avc, opus] = await Promise.all([
      canEncodeVideo('vp9', options).catch(() => false),
      canEncodeVideo('avc', options).catch(() => false),
      typeof OfflineAudioContext === 'undefined'
        ? false
        : canEncodeAudio('opus', { numberOfChannels: 2, sampleRate: 48_000, bitrate: QUALITY_HIGH }).catch(() => false),
    ]);
    if (vp9) formats.push('webm');
    else unavailable.webm = `this platform has no VP9 encoder for ${width} × ${height}`;
    if (avc) formats.push('mp4');
    else unavailable.mp4 = `this platform has no H.264 encoder for ${width} × ${height}`;
    audio = opus;
  }
  if (canvas) formats.push('png', 'gif');
  else {
    unavailable.png = 'this platform cannot encode images off the main thread (no OffscreenCanvas)';
    unavailable.gif = unavailable.png;
  }
  return { maxSize, formats, unavailable, audio };
}
