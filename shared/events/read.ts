/**
 * Reading a model into the document the editor shows: MDX or MDL, decided by content (the file
 * name is a hint for bytes that are neither). Lazy: for MDX only the chunk table, MODL, SEQS, GLBS
 * and EVTS are read; the node list (for the parent dropdown and the outliner) is read on first
 * access. Event objects, sequences and nodes are plain data, so documents can be cloned.
 */
import type { MdlEventObject, MdlModel, MdlSequence } from '../mdl/index';
import {
  interpolationName,
  isMdx,
  listNodes,
  NODE_TRACK_KINDS,
  openMdx,
  type MdxEventObject,
  type NodeTrackTag,
  type Sequence,
  type Track,
} from '../mdx/index';
import { readMdl } from '../mdl/index';
import type { EventObject, ModelDocument, NodeInfo, NodeTrackSummary, SequenceInfo } from './document';
import { deriveLinks } from './links';
import { eventIdOf, eventTypeOf } from './names';
import { mdlSource, mdxSource } from './source';

/** The version a text model without a Version block is read as (the classic format). */
export const DEFAULT_MDL_VERSION = 800;
/** Bytes looked at to tell text from binary. */
const TEXT_PROBE_BYTES = 1024;

/**
 * True when the first bytes read like MDL text: no NUL, and nearly all of them printable ASCII or
 * whitespace (names may carry a few latin1 bytes). Random or binary data fails this, so it gets
 * the MDX reader's "not MDLX" error rather than an MDL syntax error about garbage.
 */
function looksLikeText(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.byteLength, TEXT_PROBE_BYTES);
  let textual = 0;
  for (let index = 0; index < end; index += 1) {
    const byte = bytes[index]!;
    if (byte === 0) return false;
    if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) textual += 1;
  }
  return textual >= end * 0.9;
}

/**
 * Reads MDX or MDL bytes: `MDLX` first means MDX, text means MDL; for other bytes the file name
 * decides whose error is thrown. Throws CodecError for input neither codec can read.
 */
export function readModel(bytes: Uint8Array, fileName: string): ModelDocument {
  if (isMdx(bytes)) return mdxDocument(bytes);
  if (looksLikeText(bytes) || /\.mdl$/i.test(fileName)) return mdlDocument(bytes, readMdl(bytes));
  return mdxDocument(bytes);
}

/** Defines `key` on `target` as a value computed on first access (enumerable, so clones carry it). */
function lazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  let value: T[K] | undefined;
  let done = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: false,
    get() {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
}

function sequenceInfo(sequence: Sequence | MdlSequence): SequenceInfo {
  return {
    name: sequence.name,
    start: sequence.start,
    end: sequence.end,
    moveSpeed: sequence.moveSpeed,
    nonLooping: sequence.nonLooping,
    rarity: sequence.rarity,
  };
}

function mdxTrack(track: Track): NodeTrackSummary {
  return {
    kind: NODE_TRACK_KINDS[track.tag as NodeTrackTag],
    interpolation: interpolationName(track.interpolation),
    globalSequenceId: track.globalSequenceId < 0 ? null : track.globalSequenceId,
    frames: track.keys.map((key) => key.frame),
  };
}

function mdxEventObject(object: MdxEventObject, index: number): EventObject {
  const keys = object.keys;
  return {
    index,
    name: object.name,
    type: eventTypeOf(object.name),
    id: eventIdOf(object.name),
    objectId: object.objectId,
    parentId: object.parentId,
    globalSequenceId: keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
    frames: keys === null ? [] : keys.frames,
    hasKeyBlock: keys !== null,
    tracks: object.tracks.map(mdxTrack),
  };
}

/** The document of MDX `bytes` (throws CodecError when they are not a walkable MDX file). */
export function mdxDocument(bytes: Uint8Array): ModelDocument {
  const { model, header, events, diagnostics } = openMdx(bytes);
  const eventObjects = events.objects.map(mdxEventObject);
  const document = {
    format: 'mdx',
    version: model.version,
    name: header.info?.name ?? '',
    sequences: header.sequences.map(sequenceInfo),
    globalSequences: [...header.globalSequences],
    nodes: [],
    eventObjects,
    links: deriveLinks(eventObjects),
    readDiagnostics: diagnostics,
    source: mdxSource(bytes, model),
  } satisfies ModelDocument as ModelDocument;
  lazy(document, 'nodes', (): NodeInfo[] =>
    listNodes(model).map((node) => ({
      kind: node.kind,
      name: node.name,
      objectId: node.objectId,
      parentId: node.parentId,
    })),
  );
  return document;
}

function mdlEventObject(object: MdlEventObject): EventObject {
  return {
    index: object.index,
    name: object.name,
    type: eventTypeOf(object.name),
    id: eventIdOf(object.name),
    objectId: object.objectId ?? -1,
    parentId: object.parentId,
    globalSequenceId: object.globalSequenceId,
    frames: object.frames,
    hasKeyBlock: object.hasKeyBlock,
    tracks: object.tracks.map((track) => ({
      kind: track.kind,
      interpolation: track.interpolation,
      globalSequenceId: track.globalSequenceId,
      frames: track.frames,
    })),
  };
}

/** The document of MDL `bytes`, already parsed into `model`. */
export function mdlDocument(bytes: Uint8Array, model: MdlModel): ModelDocument {
  const eventObjects = model.eventObjects.map(mdlEventObject);
  return {
    format: 'mdl',
    version: model.version ?? DEFAULT_MDL_VERSION,
    name: model.info?.name ?? '',
    sequences: model.sequences.map(sequenceInfo),
    globalSequences: [...model.globalSequences],
    nodes: model.nodes.map((node) => ({
      kind: node.kind,
      name: node.name,
      objectId: node.objectId ?? -1,
      parentId: node.parentId,
    })),
    eventObjects,
    links: deriveLinks(eventObjects),
    readDiagnostics: [...model.diagnostics],
    source: mdlSource(bytes, model),
  };
}
