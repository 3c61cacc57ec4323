/**
 * Node blocks: the ObjectId/Parent header of every node kind, and EventObject blocks in full
 * (EventTrack frames, GlobalSeqId inside or after the EventTrack, Translation/Rotation/Scaling).
 */
import type { Diagnostic } from '../diagnostics';
import type { TrackInterpolation } from '../model/summaries';
import { NODE_KINDS, type NodeKind } from '../model/registry';
import { checkCount } from './sections';
import { TokenKind } from './lexer';
import type { MdlStatement } from './tree';
import type { MdlEventObject, MdlNode, MdlNodeTrack } from './types';
import { declaredCount, integerAt, integerValue, statementName } from './values';

/** MDL block keyword of each node kind. */
export const NODE_KEYWORDS: Readonly<Record<NodeKind, string>> = {
  bone: 'Bone',
  light: 'Light',
  helper: 'Helper',
  attachment: 'Attachment',
  particleEmitter: 'ParticleEmitter',
  particleEmitter2: 'ParticleEmitter2',
  particleEmitterPopcorn: 'ParticleEmitterPopcorn',
  ribbonEmitter: 'RibbonEmitter',
  eventObject: 'EventObject',
  collisionShape: 'CollisionShape',
};

/** Node kinds in canonical objectId order (the MDX chunk order). */
export const NODE_KIND_ORDER: readonly NodeKind[] = NODE_KINDS;

const KIND_BY_KEYWORD = new Map<string, NodeKind>(NODE_KIND_ORDER.map((kind) => [NODE_KEYWORDS[kind], kind]));

/** The node kind of a top-level block keyword, or undefined when it is not a node. */
export function nodeKindOf(keyword: string): NodeKind | undefined {
  return KIND_BY_KEYWORD.get(keyword);
}

/** MDL interpolation keywords. */
export const INTERPOLATION_KEYWORDS: ReadonlyMap<string, TrackInterpolation> = new Map([
  ['DontInterp', 'none'],
  ['Linear', 'linear'],
  ['Hermite', 'hermite'],
  ['Bezier', 'bezier'],
]);

/** Node track keywords of an event object. */
const TRACK_KINDS: ReadonlyMap<string, MdlNodeTrack['kind']> = new Map([
  ['Translation', 'translation'],
  ['Rotation', 'rotation'],
  ['Scaling', 'scaling'],
]);

/** Reads the header (name, ObjectId, Parent) of a node block. */
export function readNode(statement: MdlStatement, kind: NodeKind, diagnostics: Diagnostic[]): MdlNode {
  const objectIdStatement = statement.child('ObjectId') ?? null;
  const parentStatement = statement.child('Parent') ?? null;
  const objectId = objectIdStatement === null ? null : integerValue(objectIdStatement);
  if (objectId === null) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.missing-object-id',
      message: `${statement.label} has no ObjectId`,
      where: statement.path,
      offset: statement.start,
    });
  }
  return {
    kind,
    keyword: statement.keyword,
    name: statementName(statement),
    objectId,
    parentId: parentStatement === null ? -1 : integerValue(parentStatement),
    statement,
    objectIdStatement,
    parentStatement,
  };
}

/** A `GlobalSeqId n,` value: null for a negative id (none). */
function globalSequenceValue(statement: MdlStatement): number | null {
  const value = integerValue(statement);
  return value < 0 ? null : value;
}

/** Reads an EventObject block in full. */
export function readEventObject(statement: MdlStatement, diagnostics: Diagnostic[]): MdlEventObject {
  const node = readNode(statement, 'eventObject', diagnostics);
  const eventTrack = statement.children.find((child) => child.is('EventTrack') && child.hasBlock) ?? null;
  const outerGlobalSequence = statement.child('GlobalSeqId') ?? null;
  let innerGlobalSequence: MdlStatement | null = null;
  const frames: number[] = [];
  let declaredFrameCount: number | null = null;
  if (eventTrack !== null) {
    declaredFrameCount = declaredCount(eventTrack);
    for (const child of eventTrack.children) {
      if (child.is('GlobalSeqId')) {
        innerGlobalSequence ??= child;
        continue;
      }
      for (let token = child.first; token <= child.last; token += 1) {
        if (child.level.kindOf(token) !== TokenKind.Comma) frames.push(integerAt(child, token, eventTrack));
      }
    }
    checkCount(eventTrack, declaredFrameCount, frames.length, 'frames', diagnostics);
  }
  const inner = innerGlobalSequence === null ? null : globalSequenceValue(innerGlobalSequence);
  const outer = outerGlobalSequence === null ? null : globalSequenceValue(outerGlobalSequence);
  if (innerGlobalSequence !== null && outerGlobalSequence !== null && inner !== outer) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.global-sequence-conflict',
      message:
        `${statement.label} has GlobalSeqId ${inner ?? -1} inside its EventTrack and ${outer ?? -1} after ` +
        `it; the one inside is used`,
      where: statement.path,
      offset: outerGlobalSequence.start,
    });
  }
  const tracks: MdlNodeTrack[] = [];
  for (const child of statement.children) {
    const trackKind = TRACK_KINDS.get(child.keyword);
    if (trackKind !== undefined && child.hasBlock) tracks.push(readTrack(child, trackKind, diagnostics));
  }
  return {
    ...node,
    kind: 'eventObject',
    globalSequenceId: innerGlobalSequence !== null ? inner : outer,
    frames,
    hasKeyBlock: eventTrack !== null,
    declaredFrameCount,
    tracks,
    eventTrack,
    innerGlobalSequence,
    outerGlobalSequence,
  };
}

/** Summarises a `Translation N { Linear, GlobalSeqId g, frame: value, … }` track. */
export function readTrack(
  statement: MdlStatement,
  kind: MdlNodeTrack['kind'],
  diagnostics: Diagnostic[],
): MdlNodeTrack {
  let interpolation: TrackInterpolation | null = null;
  let globalSequenceId: number | null = null;
  const frames: number[] = [];
  for (const child of statement.children) {
    const keyword = child.keyword;
    const named = INTERPOLATION_KEYWORDS.get(keyword);
    if (named !== undefined && child.first === child.last - (child.hasComma ? 1 : 0)) {
      interpolation ??= named;
    } else if (keyword === 'GlobalSeqId') {
      globalSequenceId = globalSequenceValue(child);
    } else if (
      child.level.kindOf(child.first) === TokenKind.Number &&
      child.first + 1 <= child.last &&
      child.level.kindOf(child.first + 1) === TokenKind.Colon
    ) {
      frames.push(integerAt(child, child.first, statement));
    }
  }
  if (interpolation === null) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.track-without-interpolation',
      message: `${statement.path} names no interpolation (DontInterp, Linear, Hermite or Bezier); read as DontInterp`,
      where: statement.path,
      offset: statement.start,
    });
  }
  const declared = declaredCount(statement);
  checkCount(statement, declared, frames.length, 'keys', diagnostics);
  return { kind, interpolation: interpolation ?? 'none', globalSequenceId, frames, declaredCount: declared, statement };
}
