/**
 * Reading a model into the document the editor shows: MDX or MDL, decided by content (the file
 * name is a hint for bytes that are neither). For MDX the chunk table is walked, MODL, SEQS, GLBS, EVTS and the
 * node headers are read, and every chunk is checked once (the checks travel with the document). Event objects,
 * sequences and nodes are plain data, so documents can be cloned. An edited MDX model becomes a document again
 * through {@link mdxDocumentOf}, which reads only the chunks the edit replaced.
 */
import type { Diagnostic } from '../diagnostics';
import type { MdlText } from '../mdl/types';
import { findChunk } from '../mdx/container';
import { interpolationName } from '../mdx/tracks';
import type { EventObject as EventObjectKind } from '../model/kinds/event-object';
import { NODE_TRACK_KINDS, type NodeObject, type NodeTrackTag } from '../model/kinds/node';
import type { Sequence } from '../model/kinds/sequence';
import { statementName } from '../mdl/values';
import {
  mdlEventObjects,
  mdlJoined,
  mdlModelBlock,
  mdlNodes,
  mdlVersionOf,
  partsOf,
  type MdlPartAt,
} from '../model/mdl-parts';
import type { MdxModel } from '../model/mdx-file';
import { openModelFile } from '../model/model-file';
import { MemoSlot } from '../model/memo-slot';
import { nodeKindOfTag } from '../model/registry';
import { isParsedChunk } from '../model/typed-model';
import { trackFrames, type Track } from '../model/track';
import { parsedChunkOf, typedChunkOf } from '../model/typed-chunks';
import type { EventObject, ModelDocument, NodeInfo, NodeTrackSummary, SequenceInfo } from './document';
import { deriveLinks } from './links';
import { eventIdOf, eventTypeOf } from './names';
import { mdlModelOf, mdlSource, mdxSource, sourceOf, type MdlDocumentSource, type MdxDocumentSource } from './source';

export { sniffModelFormat } from '../model/model-file';

/** The version a text model without a Version block is read as (the classic format). */
export const DEFAULT_MDL_VERSION = 800;

/**
 * Reads MDX or MDL bytes, decided by content (shared/model/model-file.ts, the one place that decides what a file
 * is); the file name only names the format of the refusal. Throws CodecError for an empty file, for bytes that are
 * neither format, and for input the format's reader cannot walk or split.
 */
export function readModel(bytes: Uint8Array, fileName: string): ModelDocument {
  const opened = openModelFile(bytes, fileName);
  return opened.format === 'mdx' ? mdxDocumentOf(opened.mdx, null) : mdlDocument(opened.mdl);
}

function sequenceInfo(sequence: Sequence): SequenceInfo {
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

/**
 * The document's view of an event object of the EVTS kind. `name` is the name as the file writes it: an MDL text may
 * hold a longer one than the MDX field the kind cuts it to (validation reports it, naming what MDX cannot store).
 */
function eventObjectOf(object: EventObjectKind, index: number, name = object.node.name): EventObject {
  const { node, keys } = object;
  return {
    index,
    name,
    type: eventTypeOf(name),
    id: eventIdOf(name),
    objectId: node.objectId,
    parentId: node.parentId,
    globalSequenceId: keys === null || keys.globalSequenceId < 0 ? null : keys.globalSequenceId,
    frames: keys === null ? [] : Array.from(keys.frames),
    hasKeyBlock: keys !== null,
    tracks: node.tracks.filter((track) => track.tag in NODE_TRACK_KINDS).map(trackSummary),
  };
}

/** True when `model` and `previous` hold the very same chunk for `tag` (or neither has one). */
function sameChunk(model: MdxModel, previous: MdxModel, tag: string): boolean {
  return findChunk(model, tag) === findChunk(previous, tag);
}

/** What reading finds that validation does not: nothing, for every document (frozen, shared). */
const NO_READ_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/** A node's entry in a document's node list. */
function nodeInfoOf(kind: NodeInfo['kind'], node: NodeObject['node']): NodeInfo {
  return { kind, name: node.name, objectId: node.objectId, parentId: node.parentId };
}

/** The node list of each node chunk's objects (shared by every document that holds the chunk). */
const nodeInfoLists = new WeakMap<readonly NodeObject[], readonly NodeInfo[]>();

function nodeInfos(model: MdxModel): NodeInfo[] {
  const nodes: NodeInfo[] = [];
  for (const chunk of model.chunks) {
    const kind = nodeKindOfTag(chunk.tag);
    const typed = kind === undefined ? undefined : typedChunkOf(chunk, model.version).chunk;
    if (kind === undefined || typed === undefined || !isParsedChunk(typed)) continue;
    const objects = typed.parsed as readonly NodeObject[];
    let infos = nodeInfoLists.get(objects);
    if (infos === undefined) {
      infos = objects.map(({ node }) => nodeInfoOf(kind, node));
      nodeInfoLists.set(objects, infos);
    }
    for (const info of infos) nodes.push(info);
  }
  return nodes;
}

/** What an MDX document reads from MODL, SEQS and GLBS. */
interface MdxHeader {
  readonly name: string;
  readonly sequences: readonly SequenceInfo[];
  readonly globalSequences: readonly number[];
}

/** The header and the node list of each MDX document, made when first asked for (in slots, not closures). */
const mdxHeaders = new MemoSlot<ModelDocument, MdxHeader>('MDX document header');
const mdxNodeLists = new MemoSlot<ModelDocument, readonly NodeInfo[]>('MDX document nodes');

const mdxModelOfDocument = (document: ModelDocument) => (document.source as MdxDocumentSource).model;

/** The document's header: read from its MODL, SEQS and GLBS when first asked for (listing events reads only EVTS). */
function mdxHeaderOf(document: ModelDocument): MdxHeader {
  let header = mdxHeaders.get(document);
  if (header === undefined) {
    const model = mdxModelOfDocument(document);
    header = {
      name: parsedChunkOf(model, 'MODL')?.name ?? '',
      sequences: (parsedChunkOf(model, 'SEQS') ?? []).map(sequenceInfo),
      globalSequences: [...(parsedChunkOf(model, 'GLBS') ?? [])],
    };
    mdxHeaders.set(document, header);
  }
  return header;
}

/**
 * The getters of every MDX document: one function each for all documents, so that documents share their hidden class
 * (a getter made per document is a closure and a class of its own per document, its properties a dictionary). The
 * node list walks every node chunk (each chunk's list made once and shared): made when first asked for (the outliner,
 * the structured clone out of the worker), not when a model is read only to list its events.
 */
const MDX_DOCUMENT_GETTERS: Record<
  'nodes' | 'name' | 'sequences' | 'globalSequences',
  (this: ModelDocument) => unknown
> = {
  nodes(this: ModelDocument): readonly NodeInfo[] {
    let nodes = mdxNodeLists.get(this);
    if (nodes === undefined) {
      nodes = nodeInfos(mdxModelOfDocument(this));
      mdxNodeLists.set(this, nodes);
    }
    return nodes;
  },
  name(this: ModelDocument): string {
    return mdxHeaderOf(this).name;
  },
  sequences(this: ModelDocument): readonly SequenceInfo[] {
    return mdxHeaderOf(this).sequences;
  },
  globalSequences(this: ModelDocument): readonly number[] {
    return mdxHeaderOf(this).globalSequences;
  },
};

/**
 * The document of an MDX model. With `previous` (the document the model was edited from), the header is taken from
 * it when MODL, SEQS and GLBS are the same chunks; every node chunk the edit did not replace keeps its node list.
 */
export function mdxDocumentOf(model: MdxModel, previous: ModelDocument | null): ModelDocument {
  const before = previous === null ? null : sourceOf(previous);
  const previousModel = before?.format === 'mdx' ? before.model : null;
  const eventObjects = (parsedChunkOf(model, 'EVTS') ?? []).map((object, index) => eventObjectOf(object, index));
  const document = {
    format: 'mdx' as const,
    version: model.version,
    eventObjects,
    links: deriveLinks(eventObjects),
    // Everything reading finds about an MDX model is a chunk's own finding: the chunk checks report it.
    readDiagnostics: NO_READ_DIAGNOSTICS,
    source: mdxSource(model),
  };
  for (const [key, get] of Object.entries(MDX_DOCUMENT_GETTERS))
    Object.defineProperty(document, key, { get, enumerable: true, configurable: true });
  const made = document as typeof document & Pick<ModelDocument, 'nodes' | 'name' | 'sequences' | 'globalSequences'>;
  const reuseHeader =
    previous !== null &&
    previousModel !== null &&
    sameChunk(model, previousModel, 'MODL') &&
    sameChunk(model, previousModel, 'SEQS') &&
    sameChunk(model, previousModel, 'GLBS');
  // The previous version's header (read now if it was not yet: the two share it rather than read it twice).
  if (reuseHeader) mdxHeaders.set(made, mdxHeaderOf(previous!));
  return made;
}

/**
 * What an MDL document is made of, kept per part of the model: a document made after an edit shares the event
 * objects, nodes and sequences of every block the edit did not touch (undo entries share them too).
 */
const mdlEventObjectViews = new WeakMap<EventObjectKind, EventObject>();
const sequenceViews = new WeakMap<object, readonly SequenceInfo[]>();

function mdlEventObject(part: MdlPartAt<EventObjectKind>, index: number): EventObject {
  const object = part.value;
  const known = mdlEventObjectViews.get(object);
  if (known?.index === index) return known;
  const made = eventObjectOf(object, index, statementName(part.statement));
  mdlEventObjectViews.set(object, made);
  return made;
}

const SEQUENCE_TAGS: ReadonlySet<string> = new Set(['SEQS']);

/** The sequences of the text (shared with the previous document's while its Sequences block is the same). */
function mdlSequences(text: MdlText): readonly SequenceInfo[] {
  const parts = partsOf(text, SEQUENCE_TAGS);
  if (parts.length !== 1) return (mdlJoined(text, 'SEQS') ?? []).map(sequenceInfo);
  const sequences = parts[0]!.value as readonly Sequence[];
  let infos = sequenceViews.get(sequences);
  if (infos === undefined) {
    infos = sequences.map(sequenceInfo);
    sequenceViews.set(sequences, infos);
  }
  return infos;
}

/** The node list of each MDL document, made when first asked for (in a slot on the document, not a closure). */
const mdlNodeLists = new MemoSlot<ModelDocument, readonly NodeInfo[]>('MDL document nodes');

/**
 * The `nodes` getter of every MDL document: one function for all, so that documents share their hidden class (a
 * getter made per document is a class of its own per document, and its object's properties a dictionary).
 */
function mdlDocumentNodes(this: ModelDocument): readonly NodeInfo[] {
  let nodes = mdlNodeLists.get(this);
  if (nodes === undefined) {
    nodes = mdlNodes(mdlModelOf(this.source as MdlDocumentSource)).map(({ kind, value: { node } }) =>
      nodeInfoOf(kind, node),
    );
    mdlNodeLists.set(this, nodes);
  }
  return nodes;
}

const GLOBAL_SEQUENCE_TAGS: ReadonlySet<string> = new Set(['GLBS']);

/**
 * The global sequences of the text: the GlobalSequences block's own list when there is one block (shared by every
 * document whose text shares the block), else the blocks' lists joined.
 */
function mdlGlobalSequences(text: MdlText): readonly number[] {
  const parts = partsOf(text, GLOBAL_SEQUENCE_TAGS);
  if (parts.length === 1) return parts[0]!.value as readonly number[];
  return mdlJoined(text, 'GLBS') ?? NO_GLOBAL_SEQUENCES;
}

const NO_GLOBAL_SEQUENCES: readonly number[] = Object.freeze([]);

/** The document of an MDL text (read, or made by edits: only the blocks an edit made are read). */
export function mdlDocument(text: MdlText): ModelDocument {
  const eventObjects = mdlEventObjects(text).map(mdlEventObject);
  const document = {
    format: 'mdl' as const,
    version: mdlVersionOf(text).hasVersion ? mdlVersionOf(text).version : DEFAULT_MDL_VERSION,
    name: mdlModelBlock(text)?.value.info.name ?? '',
    sequences: mdlSequences(text),
    globalSequences: mdlGlobalSequences(text),
    eventObjects,
    links: deriveLinks(eventObjects),
    // Everything reading finds is a finding of the validation pass (the typed model's, placed in the text).
    readDiagnostics: NO_READ_DIAGNOSTICS,
    source: mdlSource(text),
  };
  // The node list reads every node block: made when first asked for (the outliner, the structured clone out of the
  // worker, which reads an own getter), not when a model is read only to list its events.
  Object.defineProperty(document, 'nodes', { get: mdlDocumentNodes, enumerable: true, configurable: true });
  return document as typeof document & { readonly nodes: readonly NodeInfo[] };
}
