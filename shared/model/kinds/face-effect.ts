/**
 * FAFX (Reforged, 900+): FaceFX face effects, 340 bytes each — char[80] target (the node the
 * effect drives, "Node" in the game's files), char[260] path (a .facefx file).
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import type { MdlStatement } from '../../mdl/tree';
import { blockName, fittedString, nameField } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';

/** Bytes of one face effect. */
export const FACE_EFFECT_BYTES = 340;
/** Bytes of its target field. */
export const FACE_EFFECT_TARGET_BYTES = 80;
/** Bytes of its path field. */
export const FACE_EFFECT_PATH_BYTES = 260;

/** A face effect. */
export interface FaceEffect {
  readonly target: string;
  readonly targetBytes?: Uint8Array;
  readonly path: string;
  readonly pathBytes?: Uint8Array;
}

/** Reads the face effect at the cursor. */
export function readFaceEffectMdx(cursor: MdxCursor): FaceEffect {
  cursor.need(FACE_EFFECT_BYTES, '');
  const target = cursor.name(FACE_EFFECT_TARGET_BYTES, 'target');
  const path = cursor.name(FACE_EFFECT_PATH_BYTES, 'path');
  return { target: target.name, targetBytes: target.nameBytes, path: path.name, pathBytes: path.nameBytes };
}

/** Writes a face effect. */
export function writeFaceEffectMdx(writer: BinaryWriter, effect: FaceEffect): void {
  writer.bytes(encodeName(effect.target, FACE_EFFECT_TARGET_BYTES, effect.targetBytes));
  writer.bytes(encodeName(effect.path, FACE_EFFECT_PATH_BYTES, effect.pathBytes));
}

/** The FAFX chunk. */
export const faceEffectsChunkMdx: ChunkCodec<FaceEffect[]> = {
  read: (cursor) => readObjects(cursor, 'FAFX', readFaceEffectMdx),
  write: (writer, effects) => effects.forEach((effect) => writeFaceEffectMdx(writer, effect)),
};

// MDL ---------------------------------------------------------------------------------------------

/** Reads a `FaceFX "target" { Path "…", }` block (one per face effect). */
export function readFaceEffectMdl(context: MdlReadContext, block: MdlStatement): FaceEffect {
  const target = blockName(context, block, FACE_EFFECT_TARGET_BYTES);
  let path = '';
  context.entries(block, (entry) => {
    if (entry.key !== 'Path') return false;
    path = fittedString(context, entry, context.string(entry) ?? '', FACE_EFFECT_PATH_BYTES);
    return true;
  });
  const targetField = nameField(target, FACE_EFFECT_TARGET_BYTES);
  const pathField = nameField(path, FACE_EFFECT_PATH_BYTES);
  return { target: targetField.name, targetBytes: targetField.bytes, path: pathField.name, pathBytes: pathField.bytes };
}

/** Prints a `FaceFX` block. */
export function printFaceEffectMdl(writer: MdlWriter, effect: FaceEffect): void {
  writer.open('FaceFX', effect.target);
  writer.stringStatement('Path', effect.path, `FaceFX "${effect.target}" Path`);
  writer.close();
}
