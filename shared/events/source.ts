/**
 * What a document's opaque `source` holds: the parsed model, which is the document's source of truth — for MDX
 * the chunk list (each chunk a view of the file's bytes as read, or the bytes an edit built) with each chunk's
 * validation, for MDL its blocks with their text spans and what the kinds read from each. Bytes are produced only
 * when the document is written.
 *
 * Sources are plain data, so a document survives the structured clone from the Web Worker that parsed it to the
 * main thread that edits it: the chunks stay views of the transferred buffer, and the chunk checks (MDX) and block
 * reads (MDL) travel with them so that the main thread never reads or validates the file again. Edits build new
 * sources that share every chunk (and check) or block (and read) they did not touch, so undo entries share
 * unchanged parts.
 */
import { isMdlText, reviveMdlText } from '../mdl/mdl-text';
import type { MdlText } from '../mdl/types';
import { primeBlockReads, readAllBlocks, type MdlBlockRead } from '../model/mdl-parts';
import type { MdxModel } from '../model/mdx-file';
import { checkMdxChunks, primeMdxChunkChecks, type MdxChunkCheck } from '../model/mdx-validate';
import { mdlTypedModel } from '../model/mdl-model';
import { typedModelOf } from '../model/typed-chunks';
import type { TypedMdxModel } from '../model/typed-model';
import type { ModelDocument } from './document';

/** The source of an MDX document: the chunk list and the check of each chunk (`checks[i]` of `chunks[i]`). */
export interface MdxDocumentSource {
  readonly format: 'mdx';
  readonly model: MdxModel;
  readonly checks: readonly MdxChunkCheck[];
}

/**
 * The source of an MDL document: the text's blocks (each a range of the text as read, or of the bytes an edit made,
 * with its statements) and what the kinds read from each block (`reads[i]` of `blocks[i]`).
 */
export interface MdlDocumentSource {
  readonly format: 'mdl';
  readonly model: MdlText;
  readonly reads: readonly MdlBlockRead[];
}

/** The `source` of every document this module makes. */
export type ModelSource = MdxDocumentSource | MdlDocumentSource;

/**
 * The `checks` getter of every MDX source: one function for all (a getter made per source would give each source a
 * closure and a hidden class of its own). The checks are made each time they are asked for — by validation, or by the
 * structured clone that carries the source out of the parsing worker (it reads every property) — from the per-chunk
 * memo (only new chunks are checked), so that reading a model only to list its events does not validate it, and a
 * kept source holds no list of its own.
 */
function mdxSourceChecks(this: MdxDocumentSource): readonly MdxChunkCheck[] {
  return Object.freeze(checkMdxChunks(this.model));
}

/** A source for an MDX model (its chunk checks: see {@link mdxSourceChecks}). */
export function mdxSource(model: MdxModel): MdxDocumentSource {
  const source = { format: 'mdx' as const, model };
  Object.defineProperty(source, 'checks', { get: mdxSourceChecks, enumerable: true });
  return Object.freeze(source) as MdxDocumentSource;
}

/**
 * The `reads` getter of every MDL source: one function for all (a getter made per source would give each source a
 * hidden class of its own). The reads are made each time it is asked — by validation, or by the structured clone
 * out of the parsing worker — from the per-block memo (only the blocks an edit made are read), so that reading a
 * text only to list its events reads only the blocks that hold them, and a kept source holds no list of its own.
 */
function mdlSourceReads(this: MdlDocumentSource): readonly MdlBlockRead[] {
  return Object.freeze(readAllBlocks(this.model));
}

/** A source for an MDL text (its block reads: see {@link mdlSourceReads}). */
export function mdlSource(model: MdlText): MdlDocumentSource {
  const source = { format: 'mdl' as const, model };
  Object.defineProperty(source, 'reads', { get: mdlSourceReads, enumerable: true });
  return Object.freeze(source) as MdlDocumentSource;
}

/** Sources whose per-chunk caches were seeded (after a structured clone, the caches are empty). */
const hydrated = new WeakSet<ModelSource>();

/** True when `key` of `source` is plain data (as after a structured clone), not a getter still to run. */
function carried(source: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(source, key);
  return descriptor !== undefined && descriptor.get === undefined;
}

/**
 * The document's source; throws TypeError when the document was not made by this module. A source that
 * arrived by structured clone is hydrated on first use: MDX chunk checks seed the per-chunk memo, an MDL text gets
 * its prototypes back and its block reads seed the per-block memo (nothing is read again). A source made in this
 * thread keeps its checks and reads unmade until they are asked for.
 */
export function sourceOf(document: ModelDocument): ModelSource {
  const source = document.source as Partial<ModelSource> | null | undefined;
  const valid =
    source !== null &&
    typeof source === 'object' &&
    source.format === document.format &&
    ((source.format === 'mdx' && Array.isArray(source.model?.chunks) && 'checks' in source) ||
      (source.format === 'mdl' && isMdlText(source.model) && 'reads' in source));
  if (!valid) throw new TypeError('the document was not read by the model codec (its source holds no model)');
  const known = source as ModelSource;
  // A source made in this thread has its checks or reads as a getter: nothing to hydrate (and none to remember).
  if (carried(known, known.format === 'mdx' ? 'checks' : 'reads') && !hydrated.has(known)) {
    if (known.format === 'mdx') primeMdxChunkChecks(known.model, known.checks);
    else primeBlockReads(reviveMdlText(known.model), known.reads);
    hydrated.add(known);
  }
  return known;
}

/** The MDX model of an MDX source. */
export function mdxModelOf(source: MdxDocumentSource): MdxModel {
  return source.model;
}

/** The MDL text of an MDL source. */
export function mdlModelOf(source: MdlDocumentSource): MdlText {
  return source.model;
}

/**
 * The typed model of a document (shared/model): its MDX chunks typed once each, or its MDL blocks read once each and
 * assembled — the same reads the events view and the validation made, so nothing is read twice. Throws TypeError
 * for a document this module did not make.
 */
export function typedModelOfDocument(document: ModelDocument): TypedMdxModel {
  const source = sourceOf(document);
  return source.format === 'mdx' ? typedModelOf(source.model) : mdlTypedModel(source.model).model;
}
