/**
 * The script of viewer-page.ts's page: fetches the model, draws mdx-m3-viewer's first frame of it on a canvas of the
 * size the page's address gives, and records performance.now() then (from the navigation's start) — then, untimed,
 * what that frame drew (`viewerFrameCheck`).
 */
import { drawViewerFirstFrame, type ViewerFrameCheck } from './viewer-first-frame';

type Page = { viewerFirstFrameMs: number; viewerFrameCheck: ViewerFrameCheck };

void (async () => {
  const size = new URLSearchParams(location.search);
  const bytes = new Uint8Array(await (await fetch('/model')).arrayBuffer());
  const frame = await drawViewerFirstFrame(bytes, Number(size.get('width')), Number(size.get('height')));
  const page = window as unknown as Page;
  page.viewerFirstFrameMs = performance.now();
  page.viewerFrameCheck = frame.check();
})();
