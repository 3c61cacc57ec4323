/**
 * mdx-m3-viewer's first frame of a model, as the model-preview bench times it in both of its pages (the in-memory
 * one, model-preview-page.ts, and the one opened from navigation, viewer-page.ts): the viewer (the global
 * `ModelViewer` its script defines) on a new canvas of `width` × `height`, the model loaded with its textures left
 * unfetched, an instance playing its first sequence framed by the camera, one frame drawn and finished (a pixel read
 * back).
 *
 * Whether that frame drew the model is checked after it is timed (`ViewerFrame.check`): the viewer does not check
 * its WebGL errors, so a frame whose draw calls WebGL rejected looks finished but holds nothing of the file (the
 * largest corpus MDX: every draw call rejected, "no buffer is bound to enabled attribute").
 */
import type { viewer as MdxViewerModule } from 'mdx-m3-viewer';
import type { MdxInstance } from './bench-page';

/** What the viewer's first frame drew, found after it was timed. */
export interface ViewerFrameCheck {
  /** Draw calls the frame made. */
  drawCalls: number;
  /** Of those, the ones WebGL rejected (an error raised by the call: nothing drawn). */
  rejectedDrawCalls: number;
  /** The first WebGL error a rejected call raised (e.g. 1282, INVALID_OPERATION), or 0. */
  error: number;
}

/** The viewer's drawn first frame. */
export interface ViewerFrame {
  /** Draws the frame again, checking WebGL's error after every draw call (slow: only after timing). */
  check(): ViewerFrameCheck;
}

/** Draws the first frame of `bytes` (MDX or MDL) with mdx-m3-viewer. */
export async function drawViewerFirstFrame(bytes: Uint8Array, width: number, height: number): Promise<ViewerFrame> {
  const mdxViewer = (globalThis as unknown as { ModelViewer: { viewer: typeof MdxViewerModule } }).ModelViewer.viewer;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.appendChild(canvas);
  const modelViewer = new mdxViewer.ModelViewer(canvas);
  modelViewer.addHandler(mdxViewer.handlers.mdx);
  const scene = modelViewer.addScene();
  const model = (await modelViewer.load(bytes.buffer, (src: unknown) => (typeof src === 'string' ? 'data:,' : src))) as
    InstanceType<typeof mdxViewer.Model> | undefined;
  if (!model) throw new Error('mdx-m3-viewer did not load the model');
  const instance = model.addInstance() as unknown as MdxInstance;
  instance.setScene(scene);
  instance.setSequence(0);
  const radius = model.bounds.r > 0 ? model.bounds.r : 100;
  scene.camera.perspective(Math.PI / 4, width / height, radius / 100, radius * 100);
  scene.camera.moveToAndFace(
    new Float32Array([0, -3 * radius, radius]),
    new Float32Array([0, 0, radius / 2]),
    new Float32Array([0, 0, 1]),
  );
  modelViewer.updateAndRender();
  const gl = modelViewer.gl;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  return { check: () => checkFrame(gl, () => modelViewer.render()) };
}

/** Draws the frame (`render`) again with every draw call's WebGL error read after it. */
function checkFrame(gl: WebGLRenderingContext, render: () => void): ViewerFrameCheck {
  const checked: ViewerFrameCheck = { drawCalls: 0, rejectedDrawCalls: 0, error: 0 };
  const drawElements = gl.drawElements;
  const drawArrays = gl.drawArrays;
  const counted =
    <A extends unknown[]>(draw: (...args: A) => void) =>
    (...args: A) => {
      draw.apply(gl, args);
      const error = gl.getError();
      checked.drawCalls += 1;
      if (error !== gl.NO_ERROR) {
        checked.rejectedDrawCalls += 1;
        checked.error ||= error;
      }
    };
  for (let cleared = 0; cleared < 16 && gl.getError() !== gl.NO_ERROR; cleared += 1);
  gl.drawElements = counted(drawElements);
  gl.drawArrays = counted(drawArrays);
  try {
    render();
  } finally {
    gl.drawElements = drawElements;
    gl.drawArrays = drawArrays;
  }
  return checked;
}
