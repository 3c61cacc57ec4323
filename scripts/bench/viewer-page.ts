/**
 * mdx-m3-viewer loading a file to its first frame the way the editor's page does (`npm run bench -- model-preview`):
 * a page served over local HTTP that loads the viewer's script, fetches the model, draws one frame on a canvas of the
 * viewport's size with the model framed (textures left unfetched) and waits until it is drawn (one pixel read back).
 * `viewerFirstFrameMs` is then performance.now() — from the navigation's start, like the editor's boot frame time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The page's script: load, frame, draw, read back. */
const PAGE_SCRIPT = `
(async () => {
  const bytes = new Uint8Array(await (await fetch('/model')).arrayBuffer());
  const mdxViewer = ModelViewer.viewer;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  document.body.appendChild(canvas);
  const modelViewer = new mdxViewer.ModelViewer(canvas);
  modelViewer.addHandler(mdxViewer.handlers.mdx);
  const scene = modelViewer.addScene();
  const model = await modelViewer.load(bytes.buffer, (src) => (typeof src === 'string' ? 'data:,' : src));
  const instance = model.addInstance();
  instance.setScene(scene);
  instance.setSequence(0);
  const radius = model.bounds.r > 0 ? model.bounds.r : 100;
  scene.camera.perspective(Math.PI / 4, WIDTH / HEIGHT, radius / 100, radius * 100);
  scene.camera.moveToAndFace(
    new Float32Array([0, -3 * radius, radius]),
    new Float32Array([0, 0, radius / 2]),
    new Float32Array([0, 0, 1]),
  );
  modelViewer.updateAndRender();
  const gl = modelViewer.gl;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  window.viewerFirstFrameMs = performance.now();
})();
`;

/** A running page server. */
export interface ViewerPageServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the viewer's page for `model` (bytes) drawn on a `width` × `height` canvas. */
export async function serveViewerPage(
  viewerScript: Buffer,
  model: Buffer,
  width: number,
  height: number,
): Promise<ViewerPageServer> {
  const script = PAGE_SCRIPT.replaceAll('WIDTH', String(width)).replaceAll('HEIGHT', String(height));
  const page =
    '<!doctype html><html><head><meta charset="utf-8"><script src="/viewer.min.js"></script></head>' +
    '<body><script src="/first-frame.js"></script></body></html>';
  const server: Server = createServer((request, response) => {
    const [type, body] =
      request.url === '/viewer.min.js'
        ? ['text/javascript', viewerScript]
        : request.url === '/first-frame.js'
          ? ['text/javascript', script]
          : request.url === '/model'
            ? ['application/octet-stream', model]
            : ['text/html', page];
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
