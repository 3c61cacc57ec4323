/**
 * Whole-model conversion between MDX and MDL through the typed model: read the source into the
 * model, write the model in the target format. Nothing is dropped silently: what the target cannot
 * carry is a warning naming it (a chunk unknown to the model or damaged, bytes MDL has no place
 * for, a value the target version does not store), and the rest is written.
 */
import { CodecError } from '../binary/codec-error';
import type { Diagnostic } from '../diagnostics';
import { printMdlModel, readMdlModel } from './mdl-model';
import type { MdlPrintOptions } from './mdl/writer';
import { mdxVersionOf, readMdxModel, writeMdxModel, type TypedMdxModel } from './mdx-model';

/** The two model formats. */
export type ModelFormat = 'mdx' | 'mdl';

/** What {@link convertModel} gives. */
export interface ModelConversion {
  /** The model in the target format. */
  readonly bytes: Uint8Array;
  /** What the target could not carry, each naming the chunk, object or field. */
  readonly warnings: readonly Diagnostic[];
  /** What reading the source found (an inconsistent MDL text's errors, an MDX chunk kept as bytes). */
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads a model in `format` into the typed model (MDL text given as bytes). */
export function readModel(bytes: Uint8Array, format: ModelFormat, file = ''): TypedMdxModel {
  return format === 'mdx' ? readMdxModel(bytes) : readMdlModel(bytes, file).model;
}

/**
 * Writes the typed model in `format`, with what it could not carry. Writing MDX checks what the
 * version does not store (a model read from MDL may set it) unless `fromMdx` says the model was
 * read from MDX of its own version, which stores everything it holds. `options` are the MDL printer's.
 */
export function writeModel(
  model: Pick<TypedMdxModel, 'chunks'>,
  format: ModelFormat,
  fromMdx = false,
  options: MdlPrintOptions = {},
): { bytes: Uint8Array; warnings: Diagnostic[] } {
  if (format === 'mdl') {
    const printed = printMdlModel(model, options);
    return { bytes: printed.bytes, warnings: [...printed.warnings] };
  }
  let bytes: Uint8Array;
  try {
    bytes = writeMdxModel(model);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new CodecError({ format: 'mdx', kind: 'invalid', where: 'model', offset: 0, detail: error.message });
  }
  return { bytes, warnings: fromMdx ? [] : versionLosses(model, bytes) };
}

/**
 * Values the MDX does not store (fields a later version added, set in a text of an earlier
 * version): found by printing the model and the MDX written from it as MDL (every value, this
 * project's own statements included) and comparing; the first line that differs is named.
 */
function versionLosses(model: Pick<TypedMdxModel, 'chunks'>, bytes: Uint8Array): Diagnostic[] {
  const everything: MdlPrintOptions = { extensions: true };
  const before = printMdlModel(model, everything).bytes;
  const after = printMdlModel(readMdxModel(bytes), everything).bytes;
  const length = Math.min(before.length, after.length);
  let at = 0;
  while (at < length && before[at] === after[at]) at += 1;
  if (at === length && before.length === after.length) return [];
  let lineStart = at;
  while (lineStart > 0 && before[lineStart - 1] !== 0x0a) lineStart -= 1;
  let lineEnd = at;
  while (lineEnd < before.length && before[lineEnd] !== 0x0a) lineEnd += 1;
  let line = 1;
  for (let index = 0; index < lineStart; index += 1) if (before[index] === 0x0a) line += 1;
  const text = String.fromCharCode(...before.subarray(lineStart, Math.min(lineEnd, lineStart + 80))).trim();
  return [
    {
      severity: 'warning',
      code: 'mdx.not-stored',
      message:
        `version ${mdxVersionOf(model.chunks)} MDX does not store everything the model holds ` +
        `(first difference at line ${line} of its MDL: "${text}")`,
      where: 'model',
    },
  ];
}

/**
 * Converts a whole model from one format to the other (or to itself, rewritten); `options` are the
 * MDL printer's (see MdlPrintOptions). Throws CodecError when the source cannot be read at all (not
 * MDX, MDL cut short) or the model cannot be written.
 */
export function convertModel(
  bytes: Uint8Array,
  from: ModelFormat,
  to: ModelFormat,
  file = '',
  options: MdlPrintOptions = {},
): ModelConversion {
  let model: TypedMdxModel;
  let diagnostics: readonly Diagnostic[];
  if (from === 'mdx') {
    model = readMdxModel(bytes);
    diagnostics = model.diagnostics;
  } else {
    const read = readMdlModel(bytes, file);
    model = read.model;
    diagnostics = read.diagnostics;
  }
  const written = writeModel(model, to, from === 'mdx', options);
  return { bytes: written.bytes, warnings: written.warnings, diagnostics };
}
