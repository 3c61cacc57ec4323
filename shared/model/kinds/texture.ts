/**
 * TEXS: 268-byte textures — uint32 replaceableId, char[260] fileName, uint32 flags.
 */
import { BinaryWriter } from '../../binary/writer';
import { decodeName, encodeName } from '../../mdx/names';
import type { ChunkCodec } from '../chunk-codec';
import { bodyView, entryCount } from './body';
import type { MdlStatement } from '../../mdl/tree';
import { blockRules, printRules, readCountedList, readRuleBlock } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of one texture. */
export const TEXTURE_BYTES = 268;
/** Bytes of the file name field. */
export const TEXTURE_FILE_NAME_BYTES = 260;
/** Byte offsets of a texture's fields. */
export const TEXTURE_FIELD_OFFSET = { replaceableId: 0, fileName: 4, flags: 264 } as const;

/** One texture reference. */
export interface Texture {
  readonly replaceableId: number;
  readonly fileName: string;
  readonly fileNameBytes: Uint8Array;
  /** 0x1 wrap width, 0x2 wrap height. */
  readonly flags: number;
}

/** Reads TEXS; throws CodecError when the size is not a multiple of 268. */
export function readTextures(body: Uint8Array, bodyOffset = 0): Texture[] {
  const count = entryCount(body, TEXTURE_BYTES, 'TEXS', bodyOffset);
  const view = bodyView(body);
  const textures: Texture[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = index * TEXTURE_BYTES;
    const fileNameBytes = body.subarray(
      at + TEXTURE_FIELD_OFFSET.fileName,
      at + TEXTURE_FIELD_OFFSET.fileName + TEXTURE_FILE_NAME_BYTES,
    );
    textures.push({
      replaceableId: view.getUint32(at + TEXTURE_FIELD_OFFSET.replaceableId, true),
      fileName: decodeName(fileNameBytes),
      fileNameBytes,
      flags: view.getUint32(at + TEXTURE_FIELD_OFFSET.flags, true),
    });
  }
  return textures;
}

/** Writes TEXS. */
export function writeTextures(textures: readonly Texture[]): Uint8Array {
  const writer = new BinaryWriter(textures.length * TEXTURE_BYTES);
  for (const texture of textures) {
    writer.u32(texture.replaceableId);
    writer.bytes(encodeName(texture.fileName, TEXTURE_FILE_NAME_BYTES, texture.fileNameBytes));
    writer.u32(texture.flags);
  }
  return writer.finish();
}

/** The TEXS chunk. */
export const texturesChunkMdx: ChunkCodec<Texture[]> = {
  read: (cursor) => readTextures(cursor.bytes, cursor.origin),
  write: (writer, textures) => {
    writer.bytes(writeTextures(textures));
  },
};

const TEXTURE_MDL = blockRules([
  {
    kind: 'string',
    keyword: 'Image',
    field: 'fileName',
    print: 'always',
    bytes: TEXTURE_FILE_NAME_BYTES,
    bytesField: 'fileNameBytes',
  },
  {
    kind: 'scalar',
    keyword: 'ReplaceableId',
    field: 'replaceableId',
    type: 'u32',
    ...mdlDefault('Bitmap.ReplaceableId'),
    print: 'nondefault',
  },
  { kind: 'flag', keyword: 'WrapWidth', field: 'flags', bit: 0x1 },
  { kind: 'flag', keyword: 'WrapHeight', field: 'flags', bit: 0x2 },
  { kind: 'flags', keyword: 'Flags', field: 'flags' },
]);

/** Reads `Textures N { Bitmap { Image "…", … } … }`. */
export function readTexturesMdl(context: MdlReadContext, block: MdlStatement): Texture[] {
  return readCountedList(context, block, 'Bitmap', (child) => {
    const { draft } = readRuleBlock(context, child, TEXTURE_MDL);
    return {
      replaceableId: draft.replaceableId,
      fileName: draft.fileName,
      fileNameBytes: draft.fileNameBytes,
      flags: draft.flags,
    };
  });
}

/** Prints the Textures block. */
export function printTexturesMdl(writer: MdlWriter, textures: readonly Texture[]): void {
  writer.open('Textures', undefined, textures.length);
  textures.forEach((texture, index) => {
    writer.open('Bitmap');
    printRules(writer, texture, [], TEXTURE_MDL, `Textures[${index}]`);
    writer.close();
  });
  writer.close();
}
