/**
 * Readers for the model-level MDL blocks: Version, Model, Sequences, GlobalSequences, Textures,
 * PivotPoints and BindPose. One reader per block; keys they do not know are left in the text.
 */
import type { Diagnostic } from '../diagnostics';
import { TokenKind } from './lexer';
import type { MdlStatement } from './tree';
import type { MdlBindPose, MdlModelInfo, MdlPivotPoints, MdlSequence, MdlTexture, Vector3 } from './types';
import { declaredCount, integerValue, numberValue, statementName, stringValue, vectorValue } from './values';
import { mdlError } from './text';

/** Reports a block whose header count differs from the entries it holds. */
export function checkCount(
  statement: MdlStatement,
  declared: number | null,
  actual: number,
  what: string,
  diagnostics: Diagnostic[],
): void {
  if (declared === null || declared === actual) return;
  diagnostics.push({
    severity: 'warning',
    code: 'mdl.count-mismatch',
    message: `${statement.label} declares ${declared} ${what} but holds ${actual}`,
    where: statement.path,
    offset: statement.start,
  });
}

/** `FormatVersion N` of a Version block, or null when the block has none. */
export function readVersion(statement: MdlStatement): number | null {
  const formatVersion = statement.child('FormatVersion');
  return formatVersion === undefined ? null : integerValue(formatVersion);
}

function vector3(statement: MdlStatement | undefined): Vector3 | null {
  if (statement === undefined) return null;
  const values = vectorValue(statement);
  if (values.length !== 3) {
    throw mdlError(
      statement.level.source.bytes,
      'invalid',
      statement.path,
      statement.start,
      `expected 3 numbers, found ${values.length}`,
    );
  }
  return [values[0]!, values[1]!, values[2]!];
}

function optionalNumber(statement: MdlStatement | undefined): number | null {
  return statement === undefined ? null : numberValue(statement);
}

/** The Model block: name, blend time, extent, animation file and the `Num…` counts. */
export function readModelInfo(statement: MdlStatement): MdlModelInfo {
  const counts: Record<string, number> = {};
  for (const child of statement.children) {
    if (child.keyword.startsWith('Num') && !child.hasBlock) counts[child.keyword] = integerValue(child);
  }
  const animationFile = statement.child('AnimationFile');
  return {
    name: statementName(statement),
    blendTime: optionalNumber(statement.child('BlendTime')),
    minimumExtent: vector3(statement.child('MinimumExtent')),
    maximumExtent: vector3(statement.child('MaximumExtent')),
    boundsRadius: optionalNumber(statement.child('BoundsRadius')),
    animationFile: animationFile === undefined ? null : stringValue(animationFile),
    counts,
    statement,
  };
}

/** The Anim entries of a Sequences block. */
export function readSequences(statement: MdlStatement, diagnostics: Diagnostic[]): MdlSequence[] {
  const sequences: MdlSequence[] = [];
  for (const anim of statement.children) {
    if (anim.keyword !== 'Anim') continue;
    const interval = anim.child('Interval');
    let start = 0;
    let end = 0;
    if (interval === undefined) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdl.sequence-without-interval',
        message: `${anim.label} has no Interval`,
        where: anim.path,
        offset: anim.start,
      });
    } else {
      const values = vectorValue(interval);
      if (values.length !== 2) {
        throw mdlError(
          statement.level.source.bytes,
          'invalid',
          interval.path,
          interval.start,
          `expected 2 numbers, found ${values.length}`,
        );
      }
      [start, end] = values as [number, number];
    }
    sequences.push({
      name: statementName(anim),
      start,
      end,
      moveSpeed: optionalNumber(anim.child('MoveSpeed')) ?? 0,
      nonLooping: anim.child('NonLooping') !== undefined,
      rarity: optionalNumber(anim.child('Rarity')) ?? 0,
      syncPoint: optionalNumber(anim.child('SyncPoint')) ?? 0,
      minimumExtent: vector3(anim.child('MinimumExtent')),
      maximumExtent: vector3(anim.child('MaximumExtent')),
      boundsRadius: optionalNumber(anim.child('BoundsRadius')),
      statement: anim,
    });
  }
  checkCount(statement, declaredCount(statement), sequences.length, 'sequences', diagnostics);
  return sequences;
}

/** The `Duration N,` entries of a GlobalSequences block, in ms. */
export function readGlobalSequences(statement: MdlStatement, diagnostics: Diagnostic[]): number[] {
  const durations = statement.children
    .filter((child) => child.keyword === 'Duration')
    .map((child) => integerValue(child));
  checkCount(statement, declaredCount(statement), durations.length, 'global sequences', diagnostics);
  return durations;
}

/** The Bitmap entries of a Textures block. */
export function readTextures(statement: MdlStatement, diagnostics: Diagnostic[]): MdlTexture[] {
  const textures: MdlTexture[] = [];
  for (const bitmap of statement.children) {
    if (bitmap.keyword !== 'Bitmap') continue;
    const image = bitmap.child('Image');
    const replaceableId = bitmap.child('ReplaceableId');
    textures.push({
      image: image === undefined ? '' : (stringValue(image) ?? ''),
      replaceableId: replaceableId === undefined ? 0 : integerValue(replaceableId),
      wrapWidth: bitmap.child('WrapWidth') !== undefined,
      wrapHeight: bitmap.child('WrapHeight') !== undefined,
      statement: bitmap,
    });
  }
  checkCount(statement, declaredCount(statement), textures.length, 'textures', diagnostics);
  return textures;
}

/** The `{ x, y, z },` entries of a PivotPoints block. */
export function readPivotPoints(statement: MdlStatement, diagnostics: Diagnostic[]): MdlPivotPoints {
  const entries = statement.children.filter((child) => child.level.kindOf(child.first) === TokenKind.OpenBrace);
  const points = entries.map((entry) => vector3(entry)!);
  const declared = declaredCount(statement);
  checkCount(statement, declared, points.length, 'pivot points', diagnostics);
  return { declaredCount: declared, points, entries, statement };
}

/** The `Matrices N { … }` of a BindPose block. */
export function readBindPose(statement: MdlStatement, diagnostics: Diagnostic[]): MdlBindPose {
  const matrices = statement.child('Matrices') ?? null;
  if (matrices === null) return { declaredCount: null, entries: [], matrices, statement };
  const entries = matrices.children.filter((child) => child.level.kindOf(child.first) === TokenKind.OpenBrace);
  const declared = declaredCount(matrices);
  checkCount(matrices, declared, entries.length, 'matrices', diagnostics);
  return { declaredCount: declared, entries, matrices, statement };
}
