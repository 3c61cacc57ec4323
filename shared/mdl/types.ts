/**
 * The parsed view of an MDL model. Every parsed part keeps the statement it came from, so that
 * edits can rewrite exactly its spans; everything the codec does not interpret stays in the text.
 *
 * The model is a list of blocks (see blocks.ts), each owning a range of the text and the parts read
 * from it; the whole-model view (nodes, event objects, counts, diagnostics…) is gathered from them.
 * Statement offsets are offsets in the statement's own source: the file as read for the blocks an edit
 * has not touched, the block's own bytes for the blocks an edit made (see `mdlOffsetOf`).
 */
import type { Diagnostic } from '../diagnostics';
import type { NodeKind } from '../model/registry';
import type { NodeTrackSummary, SequenceInfo } from '../model/summaries';
import type { MdlSource } from './scan';
import type { MdlStatement } from './tree';

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

/** What the codec reads from one top-level statement, by kind. */
export type MdlPartContent =
  | { readonly kind: 'version'; readonly version: number | null }
  | { readonly kind: 'model'; readonly info: MdlModelInfo }
  | { readonly kind: 'sequences'; readonly sequences: readonly MdlSequence[] }
  | { readonly kind: 'globalSequences'; readonly durations: readonly number[] }
  | { readonly kind: 'textures'; readonly textures: readonly MdlTexture[] }
  | { readonly kind: 'pivotPoints'; readonly pivotPoints: MdlPivotPoints }
  | { readonly kind: 'bindPose'; readonly bindPose: MdlBindPose }
  /** Any node block; an `MdlEventObject` for EventObject blocks. */
  | { readonly kind: 'node'; readonly node: MdlNode }
  | { readonly kind: 'camera' }
  /** Geosets, materials, unknown blocks, and a second Version/Model/… block (`duplicate`, kept but not read). */
  | { readonly kind: 'other'; readonly duplicate: boolean };

/** One top-level statement of a block and what the codec read from it. */
export type MdlPart = MdlPartContent & {
  /** The statement's keyword (`Bone`, `Geoset`, …). */
  readonly keyword: string;
  readonly statement: MdlStatement;
};

/**
 * A top-level block: a range of a text, its top-level statement (several only when statements share a line, as in
 * `A { } B { }`) and what was read from it. Blocks are plain data and immutable: an edit replaces the blocks it
 * changes and shares the others with the model it edited.
 */
export interface MdlBlock {
  /** The scanned text the block's range and statements lie in: the file as read, or the bytes an edit made. */
  readonly source: MdlSource;
  /** The block's range `[start, end)` of `source.bytes`. */
  readonly start: number;
  readonly end: number;
  /** Its top-level statements, in order: one, or several sharing a line; none only in a text that has none. */
  readonly parts: readonly MdlPart[];
  /** What reading the block found, offsets from the block's start (the model places them where the block is). */
  readonly diagnostics: readonly Diagnostic[];
  /** True when a node of the block writes Retera's `Parent N,\t// "Name"` comment. */
  readonly parentComments: boolean;
}

/** The model's top-level statements, in file order. */
export interface MdlTopLevel {
  readonly statements: readonly MdlStatement[];
}

/**
 * A parsed MDL model: its blocks and the parts the codec interprets, gathered from them. Plain data but for the
 * `blockOffsets`, `text` and `tree` getters (on its prototype, computed on demand and not cloned): after a
 * structured clone, `reviveMdl` gives it its prototypes back.
 */
export interface MdlModel {
  /** The blocks, in text order; their ranges laid end to end are the text. */
  readonly blocks: readonly MdlBlock[];
  /** Where each block starts in the text (`blockOffsets[i]` of `blocks[i]`), computed on first access. */
  readonly blockOffsets: readonly number[];
  /** The text's length in bytes. */
  readonly byteLength: number;
  /** The bytes the model was read from, while no edit has changed them (else null). */
  readonly bytesAsRead: Uint8Array | null;
  /** The whole text (latin1), assembled and decoded on first access. */
  readonly text: string;
  readonly tree: MdlTopLevel;
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
  /** Problems found while reading that do not stop the model from opening, offsets in the whole text. */
  readonly diagnostics: readonly Diagnostic[];
}
