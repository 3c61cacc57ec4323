/**
 * The parsed view of an MDL model. Every parsed part keeps the statement it came from, so that
 * edits can rewrite exactly its spans; everything the codec does not interpret stays in the text.
 */
import type { Diagnostic } from '../diagnostics';
import type { NodeKind } from '../model/node-kind';
import type { NodeTrackSummary, SequenceInfo } from '../model/summaries';
import type { MdlStatement, MdlTree } from './tree';

/** `{ x, y, z }` */
export type Vector3 = readonly [number, number, number];

/** The `Model "name" { … }` block: what an editor shows about the model. */
export interface MdlModelInfo {
  name: string;
  blendTime: number | null;
  minimumExtent: Vector3 | null;
  maximumExtent: Vector3 | null;
  boundsRadius: number | null;
  animationFile: string | null;
  /** The `NumGeosets 3,`-style counts, by key. */
  counts: Readonly<Record<string, number>>;
  statement: MdlStatement;
}

/** `Anim "name" { Interval { a, b }, NonLooping, MoveSpeed, Rarity, … }`: the document's SequenceInfo plus the rest of
 * the block. */
export interface MdlSequence extends SequenceInfo {
  syncPoint: number;
  minimumExtent: Vector3 | null;
  maximumExtent: Vector3 | null;
  boundsRadius: number | null;
  statement: MdlStatement;
}

/** `Bitmap { Image "path", ReplaceableId n, WrapWidth, WrapHeight }` */
export interface MdlTexture {
  image: string;
  replaceableId: number;
  wrapWidth: boolean;
  wrapHeight: boolean;
  statement: MdlStatement;
}

/** `PivotPoints N { { x, y, z }, … }` */
export interface MdlPivotPoints {
  /** The count in the header, or null when it has none. */
  declaredCount: number | null;
  points: readonly Vector3[];
  /** One `{ x, y, z },` statement per point, in order. */
  entries: readonly MdlStatement[];
  statement: MdlStatement;
}

/** `BindPose { Matrices N { { 12 numbers }, … } }` (Reforged): one matrix per node by objectId, then one per camera. */
export interface MdlBindPose {
  declaredCount: number | null;
  /** One `{ … },` statement per matrix, in order. */
  entries: readonly MdlStatement[];
  /** The `Matrices N { … }` statement, or null when the block has none. */
  matrices: MdlStatement | null;
  statement: MdlStatement;
}

/** A Translation/Rotation/Scaling track of a node, summarised; its text is kept as it is. */
export interface MdlNodeTrack extends NodeTrackSummary {
  declaredCount: number | null;
  statement: MdlStatement;
}

/** The header of any node block (Bone, Light, Helper, Attachment, emitters, EventObject, CollisionShape). */
export interface MdlNode {
  kind: NodeKind;
  /** The block keyword as written (`Bone`, `EventObject`, …). */
  keyword: string;
  name: string;
  /** null when the block has no ObjectId (reported as a diagnostic). */
  objectId: number | null;
  /** -1 when the block has no Parent. */
  parentId: number;
  statement: MdlStatement;
  objectIdStatement: MdlStatement | null;
  parentStatement: MdlStatement | null;
}

/** An `EventObject "name" { ObjectId, Parent, EventTrack N { … }, tracks }` block. */
export interface MdlEventObject extends MdlNode {
  kind: 'eventObject';
  /** Position among the model's event objects (file order). */
  index: number;
  /** From `GlobalSeqId` inside the EventTrack (first) or after it; null when none. */
  globalSequenceId: number | null;
  /** Key times, ms, in file order. */
  frames: readonly number[];
  /** False when the block has no EventTrack at all. */
  hasKeyBlock: boolean;
  /** The count in `EventTrack N {`, or null. */
  declaredFrameCount: number | null;
  tracks: readonly MdlNodeTrack[];
  eventTrack: MdlStatement | null;
  /** `GlobalSeqId n,` written inside the EventTrack block, or null. */
  innerGlobalSequence: MdlStatement | null;
  /** `GlobalSeqId n,` written after the EventTrack block (in the EventObject body), or null. */
  outerGlobalSequence: MdlStatement | null;
}

/** How the file is laid out, so inserted text matches it. */
export interface MdlStyle {
  /** `\r\n` or `\n`, as the file's first line ending. */
  newline: string;
  /** One level of indentation (a tab unless the file indents with spaces). */
  indent: string;
  /** True when the file writes `Parent 1,\t// "Name"` comments (Retera's tools do). */
  parentComments: boolean;
}

/** A parsed MDL model: the text, its block tree, and the parts the codec interprets. */
export interface MdlModel {
  /** The file's bytes (latin1 text), kept as read. */
  readonly bytes: Uint8Array;
  /** The whole text, decoded on first access. */
  readonly text: string;
  readonly tree: MdlTree;
  /** `Version { FormatVersion N }`, or null when the text has no Version block. */
  readonly version: number | null;
  readonly versionStatement: MdlStatement | null;
  readonly info: MdlModelInfo | null;
  readonly sequences: readonly MdlSequence[];
  readonly sequencesStatement: MdlStatement | null;
  /** Global sequence durations, ms. */
  readonly globalSequences: readonly number[];
  readonly textures: readonly MdlTexture[];
  readonly pivotPoints: MdlPivotPoints | null;
  /** Every node block, in file order. */
  readonly nodes: readonly MdlNode[];
  /** The EventObject blocks, in file order (each is also in `nodes`). */
  readonly eventObjects: readonly MdlEventObject[];
  readonly cameraCount: number;
  readonly bindPose: MdlBindPose | null;
  readonly style: MdlStyle;
  /** Problems found while reading that do not stop the model from opening. */
  readonly diagnostics: readonly Diagnostic[];
}
