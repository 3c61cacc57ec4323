/**
 * The model document as the editor, the CLI and the host see it: one shape for MDX and MDL.
 *
 * This file is the contract between the events module (which implements `ModelCodec` in
 * `shared/events/index.ts` over `shared/mdx` and `shared/mdl`) and its users (the renderer's
 * store, the CLI). Documents are immutable values: an edit returns a new document, which makes
 * undo a stack of documents. Times on the model's timeline are integer milliseconds.
 */
import type { Diagnostic } from '../diagnostics';
import type { NodeKind } from '../model/registry';
import type { NodeTrackSummary, SequenceInfo, TrackInterpolation } from '../model/summaries';

/** Which text or binary format a model came from (and is saved in). */
export type ModelFormat = 'mdx' | 'mdl';

/** An event object's type: its first three letters, upper-cased; `OTHER` for anything else. */
export type EventType = 'SND' | 'FPT' | 'SPN' | 'SPL' | 'UBR' | 'MRF' | 'MRD' | 'OTHER';

/** The node kinds that carry objectIds (derived, in canonical chunk order, from shared/model/registry.ts). */
export type { NodeKind };
/** Sequences and node tracks as every format summarises them (shared/model/summaries.ts). */
export type { NodeTrackSummary, SequenceInfo, TrackInterpolation };

/** Any node with an objectId: for the parent dropdown and the outliner. */
export interface NodeInfo {
  kind: NodeKind;
  name: string;
  objectId: number;
  /** -1 when the node has no parent. */
  parentId: number;
}

/** One event object (an EVTS entry in MDX, an `EventObject` block in MDL). */
export interface EventObject {
  /** Position among the model's event objects; edits address objects by this index. */
  index: number;
  name: string;
  type: EventType;
  /** The text from the fifth character of the name on (e.g. `0001` in `MRFx0001`). */
  id: string;
  objectId: number;
  /** -1 when the object has no parent. */
  parentId: number;
  /** null when the keys follow the sequences rather than a global sequence. */
  globalSequenceId: number | null;
  /** Key times in ms, in file order (validation reports disorder; edits keep them sorted). */
  frames: readonly number[];
  /** False when the object has no key block at all (no KEVT / no EventTrack), as opposed to an empty one. */
  hasKeyBlock: boolean;
  tracks: readonly NodeTrackSummary[];
}

/** An MRF link: the `MRFx<ID>` / `MRDx<ID>` pair sharing an ID (compared case-insensitively). */
export interface MrfLink {
  /** The ID as written in the show object (or the hide object when there is no show object). */
  id: string;
  /** `Doodads\Cinematic\ArthasIllidanFight\ArthasCape<ID>.mrf` */
  path: string;
  /** Index of the `MRFx<ID>` event object, or null when the link has only a hide object. */
  showIndex: number | null;
  /** Index of the `MRDx<ID>` event object, or null when the link has only a show object. */
  hideIndex: number | null;
  showFrames: readonly number[];
  hideFrames: readonly number[];
}

/** A model opened for editing. Immutable: edits return new documents. */
export interface ModelDocument {
  format: ModelFormat;
  /** FormatVersion / VERS: 800, 900, 1000, 1100, 1200 … */
  version: number;
  name: string;
  sequences: readonly SequenceInfo[];
  /** Global sequence durations, ms. */
  globalSequences: readonly number[];
  nodes: readonly NodeInfo[];
  eventObjects: readonly EventObject[];
  links: readonly MrfLink[];
  /**
   * Problems found while reading that `validateModel` does not report again: MDL's (text that is inconsistent,
   * blocks stepped over). Empty for MDX, whose chunk checks report everything through `validateModel`.
   */
  readDiagnostics: readonly Diagnostic[];
  /**
   * The format-specific model, the document's source of truth (MDX: the chunk list with each chunk's checks; MDL:
   * the text). Plain data (it survives a structured clone); opaque to users.
   */
  readonly source: unknown;
}

/** A key of an event object, addressed by object index and position in its frames. */
export interface KeyAddress {
  objectIndex: number;
  frameIndex: number;
}

/** Every change the editor can make to a model. Each is pure and undoable (a new document). */
export type ModelEdit =
  | { kind: 'setFrames'; objectIndex: number; frames: readonly number[] }
  | { kind: 'addKeys'; objectIndex: number; frames: readonly number[] }
  | { kind: 'removeKeys'; keys: readonly KeyAddress[] }
  | { kind: 'moveKeys'; keys: readonly KeyAddress[]; deltaMs: number }
  | { kind: 'setGlobalSequence'; objectIndex: number; globalSequenceId: number | null }
  | { kind: 'setParent'; objectIndex: number; parentId: number }
  | { kind: 'renameEventObject'; objectIndex: number; name: string }
  | { kind: 'addEventObject'; name: string; frames: readonly number[] }
  | { kind: 'removeEventObject'; objectIndex: number }
  | { kind: 'renameLink'; id: string; newId: string }
  | { kind: 'addLink'; id: string; showFrames: readonly number[]; hideFrames: readonly number[] }
  | { kind: 'removeLink'; id: string }
  | { kind: 'batch'; edits: readonly ModelEdit[] };

/** The operations over model documents, implemented in `shared/events/index.ts`. */
export interface ModelCodec {
  /** Reads MDX or MDL (decided by content, with the file name as a hint); throws CodecError. */
  readModel(bytes: Uint8Array, fileName: string): ModelDocument;
  /** Applies an edit; throws EditError (a RangeError subclass) for an impossible edit. */
  applyEdit(document: ModelDocument, edit: ModelEdit): ModelDocument;
  /** Writes the document in its own format; identical bytes when nothing was edited. */
  writeModel(document: ModelDocument): Uint8Array;
  /**
   * The file's bytes as pieces whose concatenation is what `writeModel` writes: views of the bytes the model was
   * read from wherever the edits left them alone, and the bytes the edits made. Nothing is copied, so a worker
   * that holds the file as read can assemble the file from the pieces that are not views of it.
   */
  modelPieces(document: ModelDocument): Uint8Array[];
  /** The validation pass: never throws. */
  validateModel(document: ModelDocument): Diagnostic[];
}
