/**
 * Printing a typed model as MDL, in the layout the community's tools write (see README.md): each kind's block by its
 * kind module's printer (the registry's `mdl.print`), in the model's chunk order but for Textures before Materials,
 * the Model block with the counts of the others. Every value printed comes from the typed model; what MDL cannot
 * carry is a warning naming it.
 */
import type { Diagnostic } from '../diagnostics';
import { mdlTextBytesOf, type MdlModelRead } from './mdl-model';
import { MdlWriter, type MdlPrintOptions } from './mdl/writer';
import { isMdxChunkTag, kindOfTag, type KindRow } from './registry';
import { isParsedChunk, mdxVersionOf, type TypedMdxModel } from './typed-model';
import { mdxLayout, type MdxLayout } from './versions';

/** What {@link printMdlModel} gives: the text, and what it could not carry (warnings naming it). */
export interface MdlModelPrint {
  readonly bytes: Uint8Array;
  readonly warnings: readonly Diagnostic[];
}

/**
 * Prints a typed model as MDL in its chunk order (Textures before Materials). A chunk kept as
 * bytes (unknown to the model, or damaged) cannot be printed: it is a warning naming it, and the
 * rest is written. So are tracks after a chunk, values no MDL keyword says (unless `options` asks
 * for this project's own statements for them), and anything else the text cannot carry.
 */
export function printMdlModel(
  input: Pick<TypedMdxModel, 'chunks'> | MdlModelRead,
  options: MdlPrintOptions = {},
): MdlModelPrint {
  const model = 'model' in input ? input.model : input;
  const layout = mdxLayout(mdxVersionOf(model.chunks));
  // Text is about twice the binary, and about as long as the text a model read from MDL was (an eighth more, for a
  // text written tighter than this printer writes); a model built by an edit (no source) starts small and grows. The
  // buffer is made for this print (only a small one is kept between prints: writer.ts), so a good first size spares
  // the copies of growing it.
  let estimate = 4096 + Math.ceil(1.125 * (mdlTextBytesOf(model.chunks) ?? 0));
  for (const chunk of model.chunks) estimate += 2 * (chunk.source?.body.byteLength ?? 0);
  const writer = new MdlWriter(estimate, options);
  try {
    printChunks(writer, model.chunks, layout);
    return { bytes: writer.finish(), warnings: writer.warnings };
  } finally {
    writer.release();
  }
}

/** Prints `chunks` into `writer`, Textures before Materials, with a warning for each chunk MDL cannot carry. */
function printChunks(writer: MdlWriter, modelChunks: TypedMdxModel['chunks'], layout: MdxLayout): void {
  const chunks = [...modelChunks];
  const materialsAt = chunks.findIndex((chunk) => chunk.tag === 'MTLS');
  if (materialsAt >= 0 && chunks[materialsAt + 1]?.tag === 'TEXS')
    chunks.splice(materialsAt, 2, chunks[materialsAt + 1]!, chunks[materialsAt]!);
  else if (chunks.some((chunk) => chunk.tag === 'TEXS') && chunks.some((chunk) => chunk.tag === 'MTLS'))
    writer.warn('MTLS', 'MTLS and TEXS are not next to each other; MDL does not carry their order', 'mdl.chunk-order');
  const seen = new Set<string>();
  for (const chunk of chunks) {
    if (!isParsedChunk(chunk)) {
      const why = isMdxChunkTag(chunk.tag) ? 'damaged' : 'unknown to the model';
      const message = `chunk ${chunk.tag} (${chunk.bytes.byteLength} bytes) is ${why}; MDL cannot carry it`;
      writer.warn(chunk.tag, message, 'mdl.chunk-not-carried');
      continue;
    }
    if (seen.has(chunk.tag))
      writer.warn(chunk.tag, `a second ${chunk.tag} chunk joins the first in MDL`, 'mdl.chunk-order');
    seen.add(chunk.tag);
    if (chunk.trailing.byteLength > 0)
      writer.warn(
        chunk.tag,
        `${chunk.trailing.byteLength} bytes after chunk ${chunk.tag} are not carried`,
        'mdl.chunk-not-carried',
      );
    checkNameBytes(writer, chunk.tag, chunk.parsed);
    (kindOfTag(chunk.tag) as KindRow).mdl.print(writer, chunk.parsed, layout, modelChunks);
  }
}

/**
 * Warns for every name field whose bytes are not what its text gives (bytes after the NUL): MDL
 * strings hold the text only. Walks the chunk's objects for `…Bytes` fields beside a string field.
 * The path (`GEOS[2].name`) is kept as a stack of keys and indices and spelt out only for a warning:
 * a string per array item and object field made this walk a tenth of a print, most of it garbage.
 */
function checkNameBytes(writer: MdlWriter, tag: string, value: unknown): void {
  const steps: (string | number)[] = [];
  const pathOf = (last: string): string =>
    tag + steps.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('') + `.${last}`;
  const visit = (object: unknown): void => {
    if (typeof object !== 'object' || object === null || ArrayBuffer.isView(object)) return;
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index += 1) {
        const item: unknown = object[index];
        if (typeof item !== 'object' || item === null) continue;
        steps.push(index);
        visit(item);
        steps.pop();
      }
      return;
    }
    const record = object as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (key.endsWith('Bytes') && field instanceof Uint8Array) {
        const name = key.slice(0, -'Bytes'.length);
        const text = record[name];
        if (typeof text !== 'string' || sameAsText(field, text)) continue;
        const path = pathOf(name);
        writer.warn(
          path,
          `${path} holds bytes after its text's end, which an MDL string cannot carry`,
          'mdl.name-bytes-not-carried',
        );
      } else if (typeof field === 'object' && field !== null && !ArrayBuffer.isView(field)) {
        steps.push(key);
        visit(field);
        steps.pop();
      }
    }
  };
  visit(value);
}

/** True when `bytes` are `text` (latin1) then NULs. */
function sameAsText(bytes: Uint8Array, text: string): boolean {
  if (text.length > bytes.length) return false;
  for (let index = 0; index < text.length; index += 1) if (bytes[index] !== text.charCodeAt(index)) return false;
  for (let index = text.length; index < bytes.length; index += 1) if (bytes[index] !== 0) return false;
  return true;
}

/**
 * Writes a typed model (or what {@link readMdlModel} gave) as MDL text, latin1 bytes;
 * {@link printMdlModel} also gives what it could not carry.
 */
export function writeMdlModel(model: Pick<TypedMdxModel, 'chunks'> | MdlModelRead): Uint8Array {
  return printMdlModel(model).bytes;
}
