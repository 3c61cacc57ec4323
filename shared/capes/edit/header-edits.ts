/**
 * Edits of a cape's header and texture path. Each returns a new MrfFile sharing every array it did not change with
 * the one given (which is never modified), so that an unedited chunk is written back byte for byte and the undo
 * history holds no copies. The writer starts from the header bytes as read and sets only the fields that changed.
 */
import { encodeTextureChunk, texturePathFromChunk } from '../../mrf/texture';
import { mrfPivotAndRadius } from '../../mrf/bounds';
import type { MrfFile, MrfHeader } from '../../mrf/types';
import { CapeEditError } from './cape-edit-error';

/** The header fields the editor changes. */
export type CapeHeaderPatch = Partial<
  Pick<MrfHeader, 'frameInterval' | 'initialTime' | 'debugFlag' | 'pivot' | 'boundsRadius'>
>;

/** The largest value the uint32 debug flag holds. */
export const MAX_DEBUG_FLAG = 0xffff_ffff;

/**
 * Sets header fields. Returns `file` itself when nothing changes (float32 values compared as stored), so that a
 * no-op is no undo step. Refuses a debug flag that is not a uint32.
 */
export function setCapeHeader(file: MrfFile, patch: CapeHeaderPatch): MrfFile {
  const header: MrfHeader = { ...file.header };
  let changed = false;
  const setFloat = (key: 'frameInterval' | 'initialTime' | 'boundsRadius', value: number | undefined) => {
    if (value === undefined || Object.is(Math.fround(value), Math.fround(header[key]))) return;
    header[key] = value;
    changed = true;
  };
  setFloat('frameInterval', patch.frameInterval);
  setFloat('initialTime', patch.initialTime);
  setFloat('boundsRadius', patch.boundsRadius);
  if (
    patch.pivot &&
    patch.pivot.some((value, axis) => !Object.is(Math.fround(value), Math.fround(header.pivot[axis]!)))
  ) {
    header.pivot = [patch.pivot[0], patch.pivot[1], patch.pivot[2]];
    changed = true;
  }
  if (patch.debugFlag !== undefined && patch.debugFlag !== header.debugFlag) {
    if (!Number.isInteger(patch.debugFlag) || patch.debugFlag < 0 || patch.debugFlag > MAX_DEBUG_FLAG)
      throw new CapeEditError('debug flag', `the debug flag is a whole number from 0 to ${MAX_DEBUG_FLAG}`);
    header.debugFlag = patch.debugFlag;
    changed = true;
  }
  return changed ? { ...file, header } : file;
}

/** The frame interval of `fps` keyframes per second (fps must be positive and finite). */
export function setCapeFps(file: MrfFile, fps: number): MrfFile {
  if (!(fps > 0) || !Number.isFinite(fps))
    throw new CapeEditError('fps', `the fps must be a positive number, not ${fps}`);
  return setCapeHeader(file, { frameInterval: 1 / fps });
}

/**
 * Sets the texture path as the game reads it (up to the first '.', so `Textures\Cape.blp` is stored as written and
 * read back as `Textures\Cape`). The same path leaves the chunk's bytes as they were.
 */
export function setCapeTexturePath(file: MrfFile, path: string): MrfFile {
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    if (code === 0 || code > 0xff)
      throw new CapeEditError('texture path', `the texture path cannot hold “${path[index]}” (latin1 only, no NUL)`);
  }
  if (path === file.texturePath || texturePathFromChunk(encodeTextureChunk(path)) === file.texturePath) return file;
  const textureBytes = encodeTextureChunk(path);
  const { layout: _layout, ...rest } = file;
  return { ...rest, textureBytes, texturePath: texturePathFromChunk(textureBytes) };
}

/** Pivot (the bounds' centre) and bounds radius computed from every keyframe's positions. */
export function recomputeCapeBounds(file: MrfFile): MrfFile {
  const { pivot, radius } = mrfPivotAndRadius(file);
  return setCapeHeader(file, { pivot, boundsRadius: radius });
}
