/**
 * The texture path chunk: reader and writer. The engine reads the path from the start of the
 * chunk up to the first '.', NUL or (here) the end of the chunk; what follows the dot — usually
 * the extension and zero padding — is kept byte for byte.
 */
import { encodeLatin1 } from '../binary/text';

const DOT = 0x2e;
const NUL = 0x00;

/** Length of the path the engine reads from `bytes`, and whether a terminator ('.' or NUL) ends it. */
export function texturePathExtent(bytes: Uint8Array): { length: number; terminated: boolean } {
  for (let index = 0; index < bytes.length; index += 1) {
    const code = bytes[index]!;
    if (code === DOT || code === NUL) return { length: index, terminated: true };
  }
  return { length: bytes.length, terminated: false };
}

/** The texture path as the engine reads it (latin1, lossless). */
export function texturePathFromChunk(bytes: Uint8Array): string {
  const { length } = texturePathExtent(bytes);
  let path = '';
  for (let index = 0; index < length; index += 1) path += String.fromCharCode(bytes[index]!);
  return path;
}

/** Reads the texture chunk that spans `[offset, end)` of `bytes` (a view, no copy). */
export function readMrfTexture(
  bytes: Uint8Array,
  offset: number,
  end: number,
): { texturePath: string; textureBytes: Uint8Array } {
  const textureBytes = bytes.subarray(offset, end);
  return { texturePath: texturePathFromChunk(textureBytes), textureBytes };
}

/**
 * The bytes the writer stores for a texture path: the raw chunk while `texturePath` still is what
 * the engine reads from it; otherwise the path itself. Either way a terminator follows (a NUL is
 * appended when the bytes have none), so the engine never reads on into the face data.
 */
export function textureChunkContent(texturePath: string, textureBytes: Uint8Array): Uint8Array {
  const content = texturePathFromChunk(textureBytes) === texturePath ? textureBytes : encodeLatin1(texturePath);
  if (texturePathExtent(content).terminated) return content;
  const terminated = new Uint8Array(content.length + 1);
  terminated.set(content);
  return terminated;
}

/**
 * New texture chunk bytes for `path` (latin1). A path with an extension (`Textures\Cape.blp`) is
 * stored whole — the engine stops at the dot and the host resolves .blp/.tga/.dds.
 */
export function encodeTextureChunk(path: string): Uint8Array {
  return textureChunkContent(path, encodeLatin1(path));
}

/** Writes the texture chunk content at `offset`; returns the bytes written (before padding). */
export function writeMrfTexture(target: Uint8Array, offset: number, content: Uint8Array): number {
  target.set(content, offset);
  return content.length;
}
