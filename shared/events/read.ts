/**
 * Reading a model into the document the editor shows: MDX or MDL, decided by content (the file
 * name is a hint for bytes that are neither). For MDX the chunk table is walked, MODL, SEQS, GLBS, EVTS and the
 * node headers are read, and every chunk is checked once (the checks travel with the document). Event objects,
 * sequences and nodes are plain data, so documents can be cloned. An edited MDX model becomes a document again
 * through {@link mdxDocumentOf}, which reads only the chunks the edit replaced.
 */
import type { MdlEventObject, MdlModel, MdlNode, MdlSequence } from '../mdl/index';
import { findChunk, isMdx } from '../mdx/container';
import { interpolationName } from '../mdx/tracks';
import type { EventObject as EventObjectKind } from '../model/kinds/event-object';
import { NODE_TRACK_KINDS, type NodeTrackTag } from '../model/kinds/node';
import type { Sequence } from '../model/kinds/sequence';
import { readMdx, type MdxModel } from '../model/mdx-file';
import { modelNodes } from '../model/model-nodes';
import { trackFrames, type Track } from '../model/track';
import { parsedChunkOf, typedChunkOf } from '../model/typed-chunks';
import { canonicalRank } from '../mdl/completeness';
import { readMdl } from '../mdl/index';
import { CodecError } from '../binary/codec-error';
import type { EventObject, ModelDocument, ModelFormat, NodeInfo, NodeTrackSummary, SequenceInfo } from './document';
import { deriveLinks } from './links';
import { eventIdOf, eventTypeOf } from './names';
import { mdlSource, mdxSource, sourceOf } from './source';

/** The version a text model without a Version block is read as (the classic format). */
export const DEFAULT_MDL_VERSION = 800;
/** Bytes looked at to find the first word of a text model. */
const TEXT_PROBE_BYTES = 4096;

/** Whether `byte` is white space in MDL. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c || byte === 0x0b;
}

/**
 * The first word of `bytes` as MDL text — after white space, `//` and `/* … *\/` comments and a UTF-8 byte order
 * mark — or null when the text does not start with a word (or has a NUL where a word should be).
 */
function firstMdlWord(bytes: Uint8Array): string | null {
  const end = Math.min(bytes.byteLength, TEXT_PROBE_BYTES);
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < end) {
    const byte = bytes[at]!;
    if (isSpace(byte)) at += 1;
    else if (byte === 0x2f && bytes[at + 1] === 0x2f) {
      while (at < end && bytes[at] !== 0x0a) at += 1;
    } else if (byte === 0x2f && bytes[at + 1] === 0x2a) {
      at += 2;
      while (at < end && !(bytes[at] === 0x2a && bytes[at + 1] === 0x2f)) at += 1;
      at += 2;
    } else break;
  }
  let word = '';
  while (at < end) {
    const byte = bytes[at]!;
    const letter = (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39);
    if (!letter) break;
    word += String.fromCharCode(byte);
    at += 1;
  }
  return word === '' ? null : word;
}

/**
 * Which model format `bytes` hold, by content: `MDLX` first is MDX; text is MDL when its first word is a
 * top-level MDL block (`Version`, `Model`, `Geoset`, `EventObject`, …); anything else is neither (null).
 */
export function sniffModelFormat(bytes: Uint8Array): ModelFormat | null {
  if (isMdx(bytes)) return 'mdx';
  const word = firstMdlWord(bytes);
  return word !== null && canonicalRank(word) !== -1 ? 'mdl' : null;
}

/** What the first bytes look like, for the refusal of a file that is not a model. */
function describeStart(bytes: Uint8Array): string {
  const word = firstMdlWord(bytes);
  if (word !== null) return `its text starts with "${word.slice(0, 24)}", which is not an MDL block`;
  const shown = Array.from(bytes.subarray(0, 4), (byte) =>
    byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`,
  ).join('');
  return `it starts with "${shown}", not "MDLX" nor an MDL block`;
}

/**
 * Reads MDX or MDL bytes, decided by content ({@link sniffModelFormat}); the file name only names the format of
 * the refusal. Throws CodecError for an empty file, for bytes that are neither format, and for input the format's
 * codec cannot read.
 */
export function readModel(bytes: Uint8Array, fileName: string): ModelDocument {
  const format = /\.mdl$/i.test(fileName) ? 'mdl' : 'mdx';
  if (bytes.byteLength === 0) {
    throw new CodecError({ format, kind: 'truncated', where: 'file', offset: 0, detail: 'the file is empty' });
  }
  switch (sniffModelFormat(bytes)) {
    case 'mdx':
      return mdxDocument(bytes);
    case 'mdl':
      return mdlDocument(readMdl(bytes));
    default:
      throw new CodecError({
        format,
        kind: 'invalid',
        where: 'file',
        offset: 0,
        detail: `not an MDX or MDL model: ${describeStart(bytes)}`,
      });
  }
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

function trackSummary(track: Track): NodeTrackSummary {
  return {
    kind: NODE_TRACK_KINDS[track.tag as NodeTrackTag],
    interpolation: interpolationName(track.interpolation),
    globalSequenceId: track.globalSequenceId < 0 ? null : track.globalSequenceId,
    frames: trackFrames(track),
  };
}

/** The document's view of an event object of the EVTS kind. */
function eventObjectOf(object: EventObjectKind, index: number): EventObject {
  const { node, keys } = object;
  return {
    index,
    name: node.name,
    type: eventTypeOf(node.name),
    id: eventIdOf(node.name),
    objectId: node.objectId,
    parentId: node.parentId,
    globalSequenceId: keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
    frames: keys === null ? [] : Array.from(keys.frames),
    hasKeyBlock: keys !== null,
    tracks: node.tracks.filter((track) => track.tag in NODE_TRACK_KINDS).map(trackSummary),
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
  const chunks = model.chunks.map((chunk) => typedChunkOf(chunk, model.version).chunk);
  return modelNodes({ chunks }).map(({ kind, object: { node } }) => ({
    kind,
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
  const eventObjects = (parsedChunkOf(model, 'EVTS') ?? []).map(eventObjectOf);
  const reuseHeader =
    previous !== null &&
    previousModel !== null &&
    sameChunk(model, previousModel, 'MODL') &&
    sameChunk(model, previousModel, 'SEQS') &&
    sameChunk(model, previousModel, 'GLBS');
  // MODL, SEQS and GLBS are read when first asked for (as the node list below): listing events reads only EVTS.
  let header: { name: string; sequences: readonly SequenceInfo[]; globalSequences: readonly number[] } | null =
    reuseHeader
      ? { name: previous!.name, sequences: previous!.sequences, globalSequences: previous!.globalSequences }
      : null;
  const headerOf = () => {
    header ??= {
      name: parsedChunkOf(model, 'MODL')?.name ?? '',
      sequences: (parsedChunkOf(model, 'SEQS') ?? []).map(sequenceInfo),
      globalSequences: [...(parsedChunkOf(model, 'GLBS') ?? [])],
    };
    return header;
  };
  let nodes: readonly NodeInfo[] | null;
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
    nodes = null;
  }
  let nodeList = nodes;
  return {
    // The node list walks every node chunk: made when first asked for (the editor's outliner, the structured clone
    // out of the worker), not when a model is read only to list its events.
    get nodes(): readonly NodeInfo[] {
      nodeList ??= nodeInfos(model);
      return nodeList;
    },
    format: 'mdx',
    version: model.version,
    get name(): string {
      return headerOf().name;
    },
    get sequences(): readonly SequenceInfo[] {
      return headerOf().sequences;
    },
    get globalSequences(): readonly number[] {
      return headerOf().globalSequences;
    },
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
  return model.chunks.every((chunk, index) => chunk === previous.chunks[index] || chunk.tag === 'EVTS');
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
