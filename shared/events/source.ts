/**
 * What a document's opaque `source` holds: the format and the file's bytes (the bytes as read, or
 * as the last edit wrote them). Plain data, so a document survives a structured clone (the
 * renderer parses in a Web Worker and edits on the main thread); the parsed MDX or MDL model is
 * memoized per source object and read again from the bytes when the memo is gone.
 */
import { readMdl, type MdlModel } from '../mdl/index';
import { readMdx, type MdxModel } from '../mdx/index';
import type { ModelDocument, ModelFormat } from './document';

/** The `source` of every document this module makes. */
export interface ModelSource {
  readonly format: ModelFormat;
  /** The whole file: identical to what was read until an edit changes it. */
  readonly bytes: Uint8Array;
}

const mdxModels = new WeakMap<ModelSource, MdxModel>();
const mdlModels = new WeakMap<ModelSource, MdlModel>();

/** A source for `bytes`, remembering the model already parsed from them. */
export function mdxSource(bytes: Uint8Array, model: MdxModel): ModelSource {
  const source: ModelSource = Object.freeze({ format: 'mdx', bytes });
  mdxModels.set(source, model);
  return source;
}

/** A source for MDL `bytes`, remembering the model already parsed from them. */
export function mdlSource(bytes: Uint8Array, model: MdlModel): ModelSource {
  const source: ModelSource = Object.freeze({ format: 'mdl', bytes });
  mdlModels.set(source, model);
  return source;
}

/** The document's source; throws TypeError when the document was not made by this module. */
export function sourceOf(document: ModelDocument): ModelSource {
  const source = document.source as Partial<ModelSource> | null | undefined;
  if (
    !source ||
    (source.format !== 'mdx' && source.format !== 'mdl') ||
    !(source.bytes instanceof Uint8Array) ||
    source.format !== document.format
  ) {
    throw new TypeError('the document was not read by the model codec (its source holds no model bytes)');
  }
  return source as ModelSource;
}

/** The MDX model of an MDX source (memoized; read again after a structured clone). */
export function mdxModelOf(source: ModelSource): MdxModel {
  let model = mdxModels.get(source);
  if (!model) {
    model = readMdx(source.bytes);
    mdxModels.set(source, model);
  }
  return model;
}

/** The MDL model of an MDL source (memoized; read again after a structured clone). */
export function mdlModelOf(source: ModelSource): MdlModel {
  let model = mdlModels.get(source);
  if (!model) {
    model = readMdl(source.bytes);
    mdlModels.set(source, model);
  }
  return model;
}
