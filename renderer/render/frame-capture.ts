/**
 * A render's frames as VideoFrames. An opaque frame is read once into memory the capture keeps and handed over as
 * RGBX bytes (the VideoFrame copies them): a VideoFrame made from the WebGL canvas is read back again by whatever
 * uses it — the video encoder, a 2D canvas — and that read back costs several times the drawing on SwiftShader. A
 * frame with a transparent background still comes from the canvas, which keeps its alpha exactly.
 */
import type { RenderStage } from './render-stage';

/** Captures the stage's current drawing, stamped with a time and a duration (µs). */
export type FrameCapture = (timestamp: number, duration: number) => VideoFrame;

/** A capture of `stage`'s `width` × `height` drawing; with `alpha` the frames keep the transparent background. */
export function createFrameCapture(stage: RenderStage, width: number, height: number, alpha: boolean): FrameCapture {
  if (alpha) return (timestamp, duration) => new VideoFrame(stage.canvas, { timestamp, duration, alpha: 'keep' });
  const pixels = new Uint8Array(width * height * 4);
  return (timestamp, duration) => {
    stage.readPixels(pixels);
    return new VideoFrame(pixels, { format: 'RGBX', codedWidth: width, codedHeight: height, timestamp, duration });
  };
}
