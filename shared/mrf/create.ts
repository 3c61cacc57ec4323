/**
 * Building and copying MRF files in memory.
 */
import { defaultMrfHeader } from './header';
import { MRF_FLOATS_PER_UV, MRF_HEADER_BYTE_SIZE } from './layout';
import { encodeTextureChunk, texturePathFromChunk } from './texture';
import type { MrfFile, MrfHeader } from './types';

/** What a new MRF file is made of; header fields not given take `defaultMrfHeader()` values. */
export interface MrfContent {
  /** Texture path, usually with its extension (`Textures\Cape.blp`); the engine reads up to the dot. */
  texturePath: string;
  faces: Uint16Array;
  uvs: Float32Array;
  keyframes: Float32Array[];
  header?: Partial<Omit<MrfHeader, 'keyframeCount' | 'vertexCount' | 'cornerCount'>>;
}

/** A new MRF file (counts derived from the arrays, ignored header bytes zero). */
export function createMrf(content: MrfContent): MrfFile {
  const textureBytes = encodeTextureChunk(content.texturePath);
  const header: MrfHeader = {
    ...defaultMrfHeader(),
    ...content.header,
    keyframeCount: content.keyframes.length,
    vertexCount: content.uvs.length / MRF_FLOATS_PER_UV,
    cornerCount: content.faces.length,
  };
  return {
    header,
    headerBytes: new Uint8Array(MRF_HEADER_BYTE_SIZE),
    headerEntry: 0,
    texturePath: texturePathFromChunk(textureBytes),
    textureBytes,
    faces: content.faces,
    uvs: content.uvs,
    keyframes: content.keyframes,
  };
}

/** Points the file at another texture (path stored whole; `texturePath` becomes what the engine reads). */
export function setMrfTexturePath(file: MrfFile, path: string): void {
  file.textureBytes = encodeTextureChunk(path);
  file.texturePath = texturePathFromChunk(file.textureBytes);
}

/** A deep copy that shares no memory with the source (nor with the bytes it was read from). */
export function cloneMrf(file: MrfFile): MrfFile {
  return {
    header: { ...file.header, pivot: [...file.header.pivot] },
    headerBytes: file.headerBytes.slice(),
    headerEntry: file.headerEntry,
    texturePath: file.texturePath,
    textureBytes: file.textureBytes.slice(),
    faces: file.faces.slice(),
    uvs: file.uvs.slice(),
    keyframes: file.keyframes.map((keyframe) => keyframe.slice()),
    ...(file.padding ? { padding: new Map([...file.padding].map(([name, bytes]) => [name, bytes.slice()])) } : {}),
    ...(file.layout ? { layout: { ...file.layout, keyframeOffsets: [...file.layout.keyframeOffsets] } } : {}),
  };
}
