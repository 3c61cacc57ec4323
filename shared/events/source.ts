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
import { isMdlModel, reviveMdl, type MdlModel } from '../mdl/index';
import type { MdxModel } from '../model/mdx-file';
import { checkMdxChunks, primeMdxChunkChecks, type MdxChunkCheck } from '../model/mdx-validate';
import type { ModelDocument } from './document';

/** The source of an MDX document: the chunk list and the check of each chunk (`checks[i]` of `chunks[i]`). */
export interface MdxDocumentSource {
  readonly format: 'mdx';
  readonly model: MdxModel;
  readonly checks: readonly MdxChunkCheck[];
}

/**
 * The source of an MDL document: the model's blocks (each a range of the text as read, or of the bytes an edit
 * made, with its statements and what was read from it) and the whole-model view gathered from them.
 */
export interface MdlDocumentSource {
  readonly format: 'mdl';
  readonly model: MdlModel;
}

/** The `source` of every document this module makes. */
export type ModelSource = MdxDocumentSource | MdlDocumentSource;

/**
 * A source for an MDX model. Its chunk checks (memoized per chunk: only new chunks are read) are made when first
 * asked for — by validation, or by the structured clone that carries the source out of the parsing worker (it reads
 * every property) — so that reading a model only to list its events does not validate it.
 */
export function mdxSource(model: MdxModel): MdxDocumentSource {
  let checks: readonly MdxChunkCheck[] | null = null;
  return Object.freeze({
    format: 'mdx' as const,
    model,
    get checks(): readonly MdxChunkCheck[] {
      checks ??= Object.freeze(checkMdxChunks(model));
      return checks;
    },
  });
}

/** A source for an MDL model. */
export function mdlSource(model: MdlModel): MdlDocumentSource {
  return Object.freeze({ format: 'mdl', model });
}

/** Sources whose per-chunk caches were seeded (after a structured clone, the caches are empty). */
const hydrated = new WeakSet<ModelSource>();

/**
 * The document's source; throws TypeError when the document was not made by this module. A source that
 * arrived by structured clone is hydrated on first use: MDX chunk checks seed the per-chunk memo, an MDL model gets
 * its prototypes back (reviveMdl: nothing is read again).
 */
export function sourceOf(document: ModelDocument): ModelSource {
  const source = document.source as Partial<ModelSource> | null | undefined;
  const valid =
    source !== null &&
    typeof source === 'object' &&
    source.format === document.format &&
    ((source.format === 'mdx' && Array.isArray(source.model?.chunks) && Array.isArray(source.checks)) ||
      (source.format === 'mdl' && isMdlModel(source.model)));
  if (!valid) throw new TypeError('the document was not read by the model codec (its source holds no model)');
  const known = source as ModelSource;
  if (!hydrated.has(known)) {
    if (known.format === 'mdx') primeMdxChunkChecks(known.model, known.checks);
    else reviveMdl(known.model);
    hydrated.add(known);
  }
  return known;
}

/** The MDX model of an MDX source. */
export function mdxModelOf(source: MdxDocumentSource): MdxModel {
  return source.model;
}

/** The MDL model of an MDL source. */
export function mdlModelOf(source: MdlDocumentSource): MdlModel {
  return source.model;
}
