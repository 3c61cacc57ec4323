/**
 * mdx-m3-viewer's first frame of a model, as the model-preview bench times it in both of its pages (the in-memory
 * one, model-preview-page.ts, and the one opened from navigation, viewer-page.ts): the viewer (the global
 * `ModelViewer` its script defines) on a new canvas of `width` × `height`, the model loaded with its textures left
 * unfetched, an instance playing its first sequence framed by the camera, one frame drawn and finished (a pixel read
 * back).
 */
import type { viewer as MdxViewerModule } from 'mdx-m3-viewer';
import type { MdxInstance } from './bench-page';

/** Draws the first frame of `bytes` (MDX or MDL) with mdx-m3-viewer. */
export async function drawViewerFirstFrame(bytes: Uint8Array, width: number, height: number): Promise<void> {
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
}
