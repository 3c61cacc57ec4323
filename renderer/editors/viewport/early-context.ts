/**
 * The viewport's WebGL context, made while the page loads. Creating a WebGL context blocks the main thread for a long
 * while without a GPU (SwiftShader: 0.2–1 s), so the boot script (renderer/boot) makes it before the editor's script
 * has loaded — after the boot frame when it draws one, at the viewport's size it laid out — and the viewport's
 * renderer adopts the canvas and its context (Viewport.tsx).
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

let early: EarlyContext | null = null;

/**
 * The viewport's context, made now if it is not yet, its canvas `width` × `height` pixels when a size is given (the
 * boot frame's, known before the context is made: a drawing buffer made at its size is not made twice). Null where
 * WebGL 2 is missing.
 */
export function makeEarlyContext(width?: number, height?: number): EarlyContext | null {
  if (!early) {
    if (typeof document === 'undefined' || typeof WebGL2RenderingContext === 'undefined') return null;
    const canvas = document.createElement('canvas');
    if (width !== undefined && height !== undefined) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext('webgl2', VIEWPORT_CONTEXT_ATTRIBUTES);
    early = context ? { canvas, context } : null;
  } else if (width !== undefined && height !== undefined) {
    early.canvas.width = width;
    early.canvas.height = height;
  }
  return early;
}

/** The context made as the page loaded, once (null after, or when none could be made). */
export function takeEarlyContext(): EarlyContext | null {
  const taken = early;
  early = null;
  return taken && !taken.context.isContextLost() ? taken : null;
}
