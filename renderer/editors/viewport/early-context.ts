/**
 * The viewport's WebGL context, made while the page loads. Creating a WebGL context blocks the main thread for a long
 * while without a GPU (SwiftShader: 0.2–1 s), so this module is a script of its own that the page runs before the
 * editor's (electron.vite.config.ts puts it first): the context is made while the editor's script downloads and the
 * startup file is read, and the viewport's renderer adopts the canvas and its context (Viewport.tsx).
 */

/** The attributes the viewport's context is made with: react-three-fiber's defaults and the viewport's own. */
export const VIEWPORT_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  antialias: true,
  depth: true,
  stencil: false,
  premultipliedAlpha: true,
  // Kept for screenshots and the canvas' pixels read back.
  preserveDrawingBuffer: true,
  powerPreference: 'high-performance',
  failIfMajorPerformanceCaveat: false,
};

/** A canvas with its WebGL 2 context. */
export interface EarlyContext {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
}

function makeContext(): EarlyContext | null {
  if (typeof document === 'undefined' || typeof WebGL2RenderingContext === 'undefined') return null;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('webgl2', VIEWPORT_CONTEXT_ATTRIBUTES);
  return context ? { canvas, context } : null;
}

let early: EarlyContext | null = makeContext();

/** The context made as the page loaded, once (null after, or when none could be made). */
export function takeEarlyContext(): EarlyContext | null {
  const taken = early;
  early = null;
  return taken && !taken.context.isContextLost() ? taken : null;
}
