/**
 * The script of viewer-page.ts's page: fetches the model, draws mdx-m3-viewer's first frame of it on a canvas of the
 * size the page's address gives, and records performance.now() then (from the navigation's start).
 */
import { drawViewerFirstFrame } from './viewer-first-frame';

void (async () => {
  const size = new URLSearchParams(location.search);
  const bytes = new Uint8Array(await (await fetch('/model')).arrayBuffer());
  await drawViewerFirstFrame(bytes, Number(size.get('width')), Number(size.get('height')));
  (window as unknown as { viewerFirstFrameMs: number }).viewerFirstFrameMs = performance.now();
})();
