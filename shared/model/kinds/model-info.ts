/**
 * MODL: char[80] name, char[260] animationFileName, Extent extent, uint32 blendTime (372 bytes).
 * Both names keep their raw bytes, so the bytes some exporters leave after the NUL survive.
 */
import { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import type { ChunkCodec } from '../chunk-codec';
import { MdxCursor } from '../../mdx/cursor';
import { expectSize } from './body';
import { EXTENT_BYTES, EXTENT_MDL_RULES, extentOfDraft, readExtentMdx, writeExtent, type Extent } from './extent';
import type { MdlStatement } from '../../mdl/tree';
import { blockName, blockRules, nameField, printRules, readRuleBlock } from '../mdl/fields';
import type { MdlEntry, MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of the MODL body. */
export const MODL_BYTES = 372;
/** Bytes of the model name field. */
export const MODL_NAME_BYTES = 80;
/** Bytes of the animation file name field. */
export const MODL_ANIMATION_FILE_BYTES = 260;
/** Byte offsets of the MODL fields. */
export const MODL_FIELD_OFFSET = {
  name: 0,
  animationFileName: 80,
  extent: 340,
  blendTime: 340 + EXTENT_BYTES,
} as const;

/** The MODL chunk. */
export interface ModelInfo {
  readonly name: string;
  /** The raw 80-byte field. */
  readonly nameBytes: Uint8Array;
  readonly animationFileName: string;
  /** The raw 260-byte field (bytes after the NUL included). */
  readonly animationFileNameBytes: Uint8Array;
  readonly extent: Extent;
  readonly blendTime: number;
}

/** Reads MODL at the cursor (the whole body: 372 bytes). */
export function readModelInfoMdx(cursor: MdxCursor): ModelInfo {
  expectSize(cursor.bytes, MODL_BYTES, 'MODL', cursor.origin);
  const { name, nameBytes } = cursor.name(MODL_NAME_BYTES, 'name');
  const animationFile = cursor.name(MODL_ANIMATION_FILE_BYTES, 'animationFileName');
  return {
    name,
    nameBytes,
    animationFileName: animationFile.name,
    animationFileNameBytes: animationFile.nameBytes,
    extent: readExtentMdx(cursor, 'extent'),
    blendTime: cursor.u32('blendTime'),
  };
}

/** Reads MODL; throws CodecError unless the body has 372 bytes. */
export function readModelInfo(body: Uint8Array, bodyOffset = 0): ModelInfo {
  return readModelInfoMdx(new MdxCursor(body, bodyOffset, 'MODL'));
}

/** Writes MODL (names from their original bytes when unchanged). */
export function writeModelInfo(info: ModelInfo): Uint8Array {
  const writer = new BinaryWriter(MODL_BYTES);
  writer.bytes(encodeName(info.name, MODL_NAME_BYTES, info.nameBytes));
  writer.bytes(encodeName(info.animationFileName, MODL_ANIMATION_FILE_BYTES, info.animationFileNameBytes));
  writeExtent(writer, info.extent);
  writer.u32(info.blendTime);
  return writer.finish();
}

/** The MODL chunk. */
export const modelInfoChunkMdx: ChunkCodec<ModelInfo> = {
  read: readModelInfoMdx,
  write: (writer, info) => {
    writer.bytes(writeModelInfo(info));
  },
};

const MODEL_INFO_MDL = blockRules([
  {
    kind: 'scalar',
    keyword: 'BlendTime',
    field: 'blendTime',
    type: 'u32',
    ...mdlDefault('Model.BlendTime'),
    print: 'always',
  },
  ...EXTENT_MDL_RULES,
  {
    kind: 'string',
    keyword: 'AnimationFile',
    field: 'animationFileName',
    print: 'nondefault',
    bytes: MODL_ANIMATION_FILE_BYTES,
    bytesField: 'animationFileNameBytes',
  },
]);

/** A `NumGeosets 3,` statement of the Model block: the count it declares, and where. */
export interface DeclaredCount {
  /** `NumGeosets` */
  readonly key: string;
  readonly declared: number;
  /** The statement's offset in its text. */
  readonly offset: number;
  readonly path: string;
}

/** What a Model block reads into: the model info, and the counts it declares of the other blocks. */
export interface ModelBlockMdl {
  readonly info: ModelInfo;
  readonly counts: readonly DeclaredCount[];
}

/**
 * Reads `Model "name" { … }`. `isCountKey` tells the `Num…` statements (`NumGeosets 3,`) that describe the rest of
 * the model, which come back as its counts; another `Num…` statement is one the block does not hold.
 */
export function readModelInfoMdl(
  context: MdlReadContext,
  block: MdlStatement,
  isCountKey: (key: string) => boolean,
): ModelBlockMdl {
  const counts: DeclaredCount[] = [];
  const { draft } = readRuleBlock(context, block, MODEL_INFO_MDL, (entry: MdlEntry) => {
    if (!isCountKey(entry.key)) return false;
    const declared = context.integer(entry, 'u32');
    if (declared !== undefined)
      counts.push({ key: entry.key, declared, offset: entry.offset, path: entry.statement.path });
    return true;
  });
  const { name, bytes: nameBytes } = nameField(blockName(context, block, MODL_NAME_BYTES), MODL_NAME_BYTES);
  const info: ModelInfo = {
    name,
    nameBytes,
    animationFileName: draft.animationFileName,
    animationFileNameBytes: draft.animationFileNameBytes,
    extent: extentOfDraft(draft),
    blendTime: draft.blendTime,
  };
  return { info, counts };
}

/** Prints the Model block, with `counts` (`NumGeosets 3,` …) first. */
export function printModelInfoMdl(
  writer: MdlWriter,
  info: ModelInfo,
  counts: readonly (readonly [string, number])[],
): void {
  writer.open('Model', info.name);
  for (const [keyword, value] of counts) writer.unsignedStatement(keyword, value);
  printRules(writer, { ...info, ...info.extent }, [], MODEL_INFO_MDL, 'Model');
  writer.close();
}
