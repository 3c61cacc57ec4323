/**
 * Reading a model into the document the editor shows: MDX or MDL, decided by content (the file
 * name is a hint for bytes that are neither). For MDX the chunk table is walked, MODL, SEQS, GLBS, EVTS and the
 * node headers are read, and every chunk is checked once (the checks travel with the document). Event objects,
 * sequences and nodes are plain data, so documents can be cloned. An edited MDX model becomes a document again
 * through {@link mdxDocumentOf}, which reads only the chunks the edit replaced.
 */
import type { MdlEventObject, MdlModel, MdlNode, MdlSequence } from '../mdl/index';
import {
  EVTS_TAG,
  findChunk,
  interpolationName,
  isMdx,
  listNodes,
  NODE_TRACK_KINDS,
  readEvents,
  readMdx,
  readMdxHeader,
  type MdxEventObject,
  type MdxModel,
  type NodeTrackTag,
  type Sequence,
  type Track,
} from '../mdx/index';
import { readMdl } from '../mdl/index';
import type { EventObject, ModelDocument, NodeInfo, NodeTrackSummary, SequenceInfo } from './document';
import { deriveLinks } from './links';
import { eventIdOf, eventTypeOf } from './names';
import { mdlSource, mdxSource, sourceOf } from './source';

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
  if (looksLikeText(bytes) || /\.mdl$/i.test(fileName)) return mdlDocument(readMdl(bytes));
  return mdxDocument(bytes);
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
  return mdxDocumentOf(readMdx(bytes), null);
}

/** True when `model` and `previous` hold the very same chunk for `tag` (or neither has one). */
function sameChunk(model: MdxModel, previous: MdxModel, tag: string): boolean {
  return findChunk(model, tag) === findChunk(previous, tag);
}

function nodeInfos(model: MdxModel): NodeInfo[] {
  return listNodes(model).map((node) => ({
    kind: node.kind,
    name: node.name,
    objectId: node.objectId,
    parentId: node.parentId,
  }));
}

/**
 * The document of an MDX model. With `previous` (the document the model was edited from), whatever the edit did
 * not touch is taken from it rather than read again: the header when MODL, SEQS and GLBS are the same chunks,
 * the nodes when only EVTS changed (its objects' entries are replaced).
 */
export function mdxDocumentOf(model: MdxModel, previous: ModelDocument | null): ModelDocument {
  const before = previous === null ? null : sourceOf(previous);
  const previousModel = before?.format === 'mdx' ? before.model : null;
  const events = readEvents(model);
  const eventObjects = events.objects.map(mdxEventObject);
  const reuseHeader =
    previous !== null &&
    previousModel !== null &&
    sameChunk(model, previousModel, 'MODL') &&
    sameChunk(model, previousModel, 'SEQS') &&
    sameChunk(model, previousModel, 'GLBS');
  const header = reuseHeader ? null : readMdxHeader(model);
  let nodes: readonly NodeInfo[];
  if (previous !== null && previousModel !== null && onlyEventsChanged(model, previousModel)) {
    const eventNodes = eventObjects.map((object): NodeInfo => ({
      kind: 'eventObject',
      name: object.name,
      objectId: object.objectId,
      parentId: object.parentId,
    }));
    const others = previous.nodes.filter((node) => node.kind !== 'eventObject');
    const at = previous.nodes.findIndex((node) => node.kind === 'eventObject');
    nodes = at === -1 ? [...others, ...eventNodes] : [...others.slice(0, at), ...eventNodes, ...others.slice(at)];
  } else {
    nodes = nodeInfos(model);
  }
  return {
    format: 'mdx',
    version: model.version,
    name: header ? (header.info?.name ?? '') : previous!.name,
    sequences: header ? header.sequences.map(sequenceInfo) : previous!.sequences,
    globalSequences: header ? [...header.globalSequences] : previous!.globalSequences,
    nodes,
    eventObjects,
    links: deriveLinks(eventObjects),
    // Everything reading finds about an MDX model is a chunk's own finding: the chunk checks report it.
    readDiagnostics: [],
    source: mdxSource(model),
  };
}

/** True when the two models differ at most in their EVTS chunk (same chunks otherwise, in the same order). */
function onlyEventsChanged(model: MdxModel, previous: MdxModel): boolean {
  if (model.chunks.length !== previous.chunks.length) return false;
  return model.chunks.every((chunk, index) => chunk === previous.chunks[index] || chunk.tag === EVTS_TAG);
}

/**
 * What an MDL document is made of, kept per part of the model: a document made after an edit shares the event
 * objects, nodes and sequences of every block the edit did not touch (undo entries share them too).
 */
const mdlEventObjects = new WeakMap<MdlEventObject, EventObject>();
const mdlNodeInfos = new WeakMap<MdlNode, NodeInfo>();
const mdlSequenceInfos = new WeakMap<readonly MdlSequence[], readonly SequenceInfo[]>();

function mdlEventObject(object: MdlEventObject, index: number): EventObject {
  const known = mdlEventObjects.get(object);
  if (known?.index === index) return known;
  const made: EventObject = {
    index,
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
  mdlEventObjects.set(object, made);
  return made;
}

function mdlNodeInfo(node: MdlNode): NodeInfo {
  let info = mdlNodeInfos.get(node);
  if (!info) {
    info = { kind: node.kind, name: node.name, objectId: node.objectId ?? -1, parentId: node.parentId };
    mdlNodeInfos.set(node, info);
  }
  return info;
}

function mdlSequences(sequences: readonly MdlSequence[]): readonly SequenceInfo[] {
  let infos = mdlSequenceInfos.get(sequences);
  if (!infos) {
    infos = sequences.map(sequenceInfo);
    mdlSequenceInfos.set(sequences, infos);
  }
  return infos;
}

/** The document of an MDL model (read, or made by edits: nothing is read again). */
export function mdlDocument(model: MdlModel): ModelDocument {
  const eventObjects = model.eventObjects.map(mdlEventObject);
  return {
    format: 'mdl',
    version: model.version ?? DEFAULT_MDL_VERSION,
    name: model.info?.name ?? '',
    sequences: mdlSequences(model.sequences),
    globalSequences: model.globalSequences,
    nodes: model.nodes.map(mdlNodeInfo),
    eventObjects,
    links: deriveLinks(eventObjects),
    readDiagnostics: model.diagnostics,
    source: mdlSource(model),
  };
}
