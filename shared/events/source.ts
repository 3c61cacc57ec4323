/**
 * What a document's opaque `source` holds: the parsed model, which is the document's source of truth — for MDX
 * the chunk list (each chunk a view of the file's bytes as read, or the bytes an edit built) with each chunk's
 * validation, for MDL the block tree with its text spans. Bytes are produced only when the document is written.
 *
 * Sources are plain data, so a document survives the structured clone from the Web Worker that parsed it to the
 * main thread that edits it: the chunks stay views of the transferred buffer, and the chunk checks travel with
 * them so that the main thread never validates the file again. Edits build new sources that share every chunk
 * (and check) they did not touch, so undo entries share unchanged parts.
 */
import { readMdl, type MdlModel } from '../mdl/index';
import { checkMdxChunks, primeMdxChunkChecks, type MdxChunkCheck, type MdxModel } from '../mdx/index';
import type { ModelDocument } from './document';

/** The source of an MDX document: the chunk list and the check of each chunk (`checks[i]` of `chunks[i]`). */
export interface MdxDocumentSource {
  readonly format: 'mdx';
  readonly model: MdxModel;
  readonly checks: readonly MdxChunkCheck[];
}

/**
 * The source of an MDL document: the text's bytes, with the parsed block tree memoized per source (read again
 * from the bytes after a structured clone).
 */
export interface MdlDocumentSource {
  readonly format: 'mdl';
  readonly bytes: Uint8Array;
}

/** The `source` of every document this module makes. */
export type ModelSource = MdxDocumentSource | MdlDocumentSource;

/** A source for an MDX model, checking each chunk (memoized per chunk: only new chunks are read). */
export function mdxSource(model: MdxModel): MdxDocumentSource {
  return Object.freeze({ format: 'mdx', model, checks: Object.freeze(checkMdxChunks(model)) });
}

const mdlModels = new WeakMap<MdlDocumentSource, MdlModel>();

/** A source for MDL `bytes`, remembering the model already parsed from them. */
export function mdlSource(bytes: Uint8Array, model: MdlModel): MdlDocumentSource {
  const source: MdlDocumentSource = Object.freeze({ format: 'mdl', bytes });
  mdlModels.set(source, model);
  return source;
}

/** Sources whose per-chunk caches were seeded (after a structured clone, the caches are empty). */
const hydrated = new WeakSet<ModelSource>();

/**
 * The document's source; throws TypeError when the document was not made by this module. A source that
 * arrived by structured clone is hydrated on first use: MDX chunk checks seed the per-chunk memo, MDL blocks get
 * (for now) are read again from their text.
 */
export function sourceOf(document: ModelDocument): ModelSource {
  const source = document.source as Partial<ModelSource> | null | undefined;
  const valid =
    source !== null &&
    typeof source === 'object' &&
    source.format === document.format &&
    ((source.format === 'mdx' && Array.isArray(source.model?.chunks) && Array.isArray(source.checks)) ||
      (source.format === 'mdl' && source.bytes instanceof Uint8Array));
  if (!valid) throw new TypeError('the document was not read by the model codec (its source holds no model)');
  const known = source as ModelSource;
  if (!hydrated.has(known)) {
    if (known.format === 'mdx') primeMdxChunkChecks(known.model, known.checks);
    hydrated.add(known);
  }
  return known;
}

/** The MDX model of an MDX source. */
export function mdxModelOf(source: MdxDocumentSource): MdxModel {
  return source.model;
}

/** The MDL model of an MDL source (memoized; read again after a structured clone). */
export function mdlModelOf(source: MdlDocumentSource): MdlModel {
  let model = mdlModels.get(source);
  if (!model) {
    model = readMdl(source.bytes);
    mdlModels.set(source, model);
  }
  return model;
}
