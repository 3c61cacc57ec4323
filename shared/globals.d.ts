// Web-standard globals that every runtime Morf Studio targets provides (browsers, Web Workers,
// Node 20). Declared here, minimally, because tsconfig.shared.json has neither the DOM nor the
// Node types: that is how a stray `document` or `Buffer` in shared/ fails to type-check.
// The main tsconfig excludes this file (the DOM lib declares these already).

interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
interface TextDecoder {
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: TextDecoderOptions): TextDecoder;
};
interface TextEncoder {
  encode(input?: string): Uint8Array;
}
declare var TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};
