/**
 * Types of gifenc 1.0.3 (MIT; it ships none): the parts renderer/render uses — the streaming GIF encoder, the
 * PnnQuant palette quantizer and palette application.
 */
declare module 'gifenc' {
  /** A palette: [r, g, b] (or [r, g, b, a]) entries. */
  export type Palette = number[][];

  export interface GifFrameOptions {
    palette?: Palette;
    /** Milliseconds (stored as whole hundredths of a second). */
    delay?: number;
    /** -1 once, 0 forever, n times (first frame only). */
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    dispose?: number;
  }

  export interface GifStream {
    reset(): void;
    bytesView(): Uint8Array;
    bytes(): Uint8Array;
  }

  export interface GifEncoderInstance {
    writeFrame(index: Uint8Array, width: number, height: number, options?: GifFrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    reset(): void;
    readonly stream: GifStream;
  }

  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): GifEncoderInstance;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444'; oneBitAlpha?: boolean | number },
  ): Palette;
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: 'rgb565' | 'rgb444' | 'rgba4444',
  ): Uint8Array;
}
