/**
 * mdx-m3-viewer loading a file to its first frame the way the editor's page does (`npm run bench -- model-preview`):
 * a page served over local HTTP that loads the viewer's script, then its own (viewer-page-script.ts: the model
 * fetched and its first frame drawn, viewer-first-frame.ts). `viewerFirstFrameMs` is then performance.now() — from
 * the navigation's start, like the editor's boot frame time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running page server. */
export interface ViewerPageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the viewer's page for `model` (bytes) drawn on a `width` × `height` canvas; `pageScript` is
 * viewer-page-script.ts bundled for the browser.
 */
export async function serveViewerPage(
  viewerScript: Buffer,
  pageScript: string,
  model: Buffer,
  width: number,
  height: number,
): Promise<ViewerPageServer> {
  const page =
    '<!doctype html><html><head><meta charset="utf-8"><script src="/viewer.min.js"></script></head>' +
    '<body><script src="/first-frame.js"></script></body></html>';
  const server: Server = createServer((request, response) => {
    const [type, body] =
      request.url === '/viewer.min.js'
        ? ['text/javascript', viewerScript]
        : request.url === '/first-frame.js'
          ? ['text/javascript', pageScript]
          : request.url === '/model'
            ? ['application/octet-stream', model]
            : ['text/html', page];
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/?width=${width}&height=${height}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
