/**
 * Whether another tool's reader sees our converted model as the same model as the original: the
 * machinery the reader-agreement tests share. Each reader (mdx-m3-viewer, war3-model) has a module of
 * its own with its parse and the normalizations that make up for its known deviations, each written
 * down where it is applied; this module turns a parsed model into plain data, finds the differences,
 * and runs one conversion through one reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { convertModel, type ModelFormat } from '../../shared/model/index';

/** A parsed model as plain data. */
export type Loose = Record<string, unknown>;

/** Another tool's MDX/MDL reader, as the agreement tests use it. */
export interface ModelReader {
  /** Its name in messages and figures. */
  readonly name: string;
  /** Its parse of `bytes` in `format`, or why it refuses them. */
  read(bytes: Uint8Array, format: ModelFormat): { model: unknown; error: string };
  /**
   * Our converted text made readable where the reader refuses something other tools write (each rewrite one of
   * its documented normalizations), with the names of the rewrites applied; `null` when no rewrite applies.
   */
  readable?(text: Uint8Array, error: string): { bytes: Uint8Array; applied: string[] } | null;
  /**
   * Its parsed model as plain data with its normalizations applied; `format` is the format it was read from,
   * `applied` the rewrites made to the text it read (their fields are then left out of the comparison).
   */
  normalized(model: unknown, format: ModelFormat, applied: readonly string[]): Loose;
  /** Paths the comparison leaves out after the rewrites `applied` (the values those rewrites removed). */
  ignored?(path: string, applied: readonly string[]): boolean;
  /**
   * Why no MDL text of the model `original` (in `format`) can open in this reader — it refuses even the text it
   * writes itself — or null. Such a model counts as one the reader cannot read in the other form.
   */
  refusesEveryText?(original: Uint8Array, format: ModelFormat, error: string): string | null;
  /**
   * Makes up, in the normalized parses of the original (read from `format`) and of ours, for what the reader's two
   * parsers represent differently (a field one leaves undefined where the other holds a value).
   */
  reconcile?(original: Loose, ours: Loose, format: ModelFormat): void;
}

/**
 * What MDL itself cannot say and every reader on record takes from elsewhere, normalized in the comparisons of
 * both readers alike (on both sides). Unlike the readers' own deviations these are limits of the format, and our
 * converter still warns about each value it leaves out (the round-trip figures count them).
 */
export const FORMAT_NORMALIZATIONS = {
  nodeKindBits:
    "a node's kind is its chunk in MDX and its block in MDL; its flags' kind bits (0x100 Bone, 0x200 Light, 0x400 " +
    'EventObject, 0x800 Attachment, 0x1000 emitters, 0x2000 CollisionShape, 0x4000 RibbonEmitter, none for a ' +
    "Helper) are a copy of it: mdx-m3-viewer's and war3-model's MDL readers set them from the block, Retera's " +
    'Model Studio sets them from the chunk when it writes MDX, and no MDL keyword says them, so a kind bit ' +
    'that contradicts the chunk (a Helper with the bone bit, a Light without the light bit: common in exported ' +
    "models) has no MDL form in any tool: node flags are compared without the kind bits, the node's list being " +
    'its kind',
} as const;

/** The kind bits of node flags (FORMAT_NORMALIZATIONS.nodeKindBits). */
export const NODE_KIND_BITS = 0x7f00;

/** The nodes of `lists` in `plain` with their flags (field `field`) without kind bits (nodeKindBits). */
export function withoutNodeKindBits(plain: Loose, lists: readonly string[], field: string): void {
  for (const list of lists)
    for (const node of (plain[list] as Loose[] | undefined) ?? [])
      if (typeof node[field] === 'number') node[field] = ((node[field] as number) & ~NODE_KIND_BITS) >>> 0;
}

/** A number as the comparisons see it: integers exactly, anything else as float32. */
export function normalizedNumber(value: number): number {
  return Number.isInteger(value) && Math.abs(value) <= 0xffffffff ? value : Math.fround(value);
}

/** A parsed model as plain data: every own field but functions, typed arrays as arrays, numbers normalized. */
export function structure(value: unknown): unknown {
  if (typeof value === 'number') return normalizedNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean' || value === null || value === undefined) return value;
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>, normalizedNumber);
  if (Array.isArray(value)) return value.map(structure);
  if (typeof value === 'object') {
    const plain: Loose = {};
    for (const key of Object.keys(value)) {
      const field = (value as Loose)[key];
      if (typeof field !== 'function') plain[key] = structure(field);
    }
    return plain;
  }
  return String(value);
}

function describeValue(value: unknown): string {
  if (Object.is(value, -0)) return '-0';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The first `limit` paths where `left` and `right` differ (none when they agree), skipping `ignored` paths. */
export function differences(
  left: unknown,
  right: unknown,
  ignored: (path: string) => boolean = () => false,
  path = '',
  found: string[] = [],
  limit = 3,
): string[] {
  if (found.length >= limit || ignored(path)) return found;
  if (
    typeof left !== typeof right ||
    Array.isArray(left) !== Array.isArray(right) ||
    (left === null) !== (right === null)
  )
    found.push(`${path}: ${describeValue(left)} ≠ ${describeValue(right)}`);
  else if (Array.isArray(left)) {
    const other = right as unknown[];
    if (left.length !== other.length) found.push(`${path}.length: ${left.length} ≠ ${other.length}`);
    else
      for (let index = 0; index < left.length; index += 1)
        differences(left[index], other[index], ignored, `${path}[${index}]`, found, limit);
  } else if (left && typeof left === 'object') {
    const other = right as Loose;
    const keys = new Set([...Object.keys(left), ...Object.keys(other)]);
    for (const key of keys) differences((left as Loose)[key], other[key], ignored, `${path}.${key}`, found, limit);
  } else if (!Object.is(left, right)) found.push(`${path}: ${describeValue(left)} ≠ ${describeValue(right)}`);
  return found;
}

/** What one conversion gives through one reader. */
export interface ReaderOutcome {
  readonly file: string;
  /** Why the file is not compared (the reader cannot read the original), or null. */
  readonly skipped: string | null;
  /** Why the reader refuses our converted file (after its documented rewrites), or null when it opens it. */
  readonly refused: string | null;
  /** Differences between the reader's parse of the original and of ours (empty when they agree). */
  readonly differences: readonly string[];
  /**
   * True when the differences are only what our converter warned it left out: the reader reads our file as the
   * same model as the MDX our converter writes back from it (the model our MDL stands for).
   */
  readonly onlyWarned: boolean;
  /** The rewrites of our text the reader needed (its documented normalizations). */
  readonly rewrites: readonly string[];
  /** The converter's warnings (what the target cannot carry). */
  readonly warnings: readonly string[];
}

/**
 * Converts `bytes` (in `format`) to the other format with our converter and compares `reader`'s parses of the
 * original and of ours.
 */
export function compareThroughReader(
  reader: ModelReader,
  file: string,
  bytes: Uint8Array,
  format: ModelFormat,
): ReaderOutcome {
  const outcome = {
    file,
    skipped: null,
    refused: null,
    differences: [],
    onlyWarned: false,
    rewrites: [],
    warnings: [],
  };
  const original = reader.read(bytes, format);
  if (original.error !== '')
    return { ...outcome, skipped: `${reader.name} cannot read the original: ${original.error}` };
  const target: ModelFormat = format === 'mdx' ? 'mdl' : 'mdx';
  const conversion = convertModel(bytes, format, target, file);
  const warnings = conversion.warnings.map((warning) => warning.message);
  let converted = conversion.bytes;
  let ours = reader.read(converted, target);
  let rewrites: string[] = [];
  if (ours.error !== '' && target === 'mdl') {
    const readable = reader.readable?.(converted, ours.error) ?? null;
    if (readable) {
      converted = readable.bytes;
      rewrites = readable.applied;
      ours = reader.read(converted, target);
    }
  }
  if (ours.error !== '') {
    const never = reader.refusesEveryText?.(bytes, format, ours.error) ?? null;
    if (never !== null)
      return { ...outcome, warnings, skipped: `${reader.name} cannot read it as ${target}: ${never}` };
    return { ...outcome, warnings, rewrites, refused: ours.error };
  }
  const found = readerDifferences(reader, original.model, format, ours.model, rewrites);
  let onlyWarned = false;
  if (found.length > 0 && warnings.length > 0 && target === 'mdl') {
    // What our MDL stands for: the MDX our converter writes back from it, which lacks what the warnings name.
    const back = reader.read(convertModel(conversion.bytes, 'mdl', 'mdx', file).bytes, 'mdx');
    onlyWarned = back.error === '' && readerDifferences(reader, back.model, 'mdx', ours.model, rewrites).length === 0;
  }
  return { ...outcome, warnings, rewrites, differences: found, onlyWarned };
}

/** The differences between `reader`'s parses of one model read from `format` and of ours (the other format). */
function readerDifferences(
  reader: ModelReader,
  original: unknown,
  format: ModelFormat,
  ours: unknown,
  rewrites: readonly string[],
): string[] {
  const left = reader.normalized(original, format, rewrites);
  const right = reader.normalized(ours, format === 'mdx' ? 'mdl' : 'mdx', rewrites);
  reader.reconcile?.(left, right, format);
  return differences(left, right, (path) => reader.ignored?.(path, rewrites) ?? false);
}

/** The figures of a set of outcomes: how many the reader read, opened in our form, and saw as the same model. */
export interface ReaderFigures {
  readonly files: number;
  /** Files the reader reads in their original form. */
  readonly readable: number;
  /** Of those, files whose converted form it opens. */
  readonly opened: number;
  /** Of those, files it reads as the same model after the documented normalizations. */
  readonly same: number;
  /** Of the others, files that differ only in what our converter warned it left out. */
  readonly onlyWarned: number;
}

/** The figures of `outcomes`. */
export function readerFigures(outcomes: readonly ReaderOutcome[]): ReaderFigures {
  const readable = outcomes.filter((outcome) => outcome.skipped === null);
  const opened = readable.filter((outcome) => outcome.refused === null);
  return {
    files: outcomes.length,
    readable: readable.length,
    opened: opened.length,
    same: opened.filter((outcome) => outcome.differences.length === 0).length,
    onlyWarned: opened.filter((outcome) => outcome.onlyWarned).length,
  };
}

/** `figures` as a line: `95 read, 95 opened (100%), 83 the same (87.4%), 12 more only where we warned (100%)`. */
export function figuresLine(figures: ReaderFigures): string {
  const percent = (count: number) => `${((100 * count) / Math.max(1, figures.readable)).toFixed(1)}%`;
  return (
    `${figures.files} files, ${figures.readable} read in their original form, ${figures.opened} opened in ours ` +
    `(${percent(figures.opened)}), ${figures.same} the same model (${percent(figures.same)}), ` +
    `${figures.onlyWarned} more differing only in what our converter warned it left out ` +
    `(together ${percent(figures.same + figures.onlyWarned)})`
  );
}

/** One line per file our converted form is refused or read differently (beyond our warnings), with differences. */
export function disagreements(outcomes: readonly ReaderOutcome[]): string[] {
  return outcomes
    .filter(
      (outcome) =>
        outcome.skipped === null &&
        (outcome.refused !== null || (outcome.differences.length > 0 && !outcome.onlyWarned)),
    )
    .map((outcome) =>
      outcome.refused !== null
        ? `${outcome.file}: refused: ${outcome.refused}`
        : `${outcome.file}: ${outcome.differences.join('; ')}`,
    );
}

/** Latin1 text of MDL bytes, and back. */
export function latin1Text(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

export function latin1Bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => character.charCodeAt(0) & 0xff);
}

/** A model to convert and compare: its name, its format and how to get its bytes. */
export interface ModelSource {
  readonly file: string;
  readonly format: ModelFormat;
  bytes(): Uint8Array;
}

/**
 * The models of the folders named by MORF_EXTRA_MODELS (separated by the platform's path delimiter): other real
 * models to measure the readers' agreement on once, kept out of the repository (none when the variable is unset).
 */
export function extraModels(variable = process.env['MORF_EXTRA_MODELS']): ModelSource[] {
  const sources: ModelSource[] = [];
  for (const folder of (variable ?? '').split(delimiter).filter((item) => item !== '')) {
    for (const entry of readdirSync(folder, { recursive: true }) as string[]) {
      const match = /\.(mdx|mdl)$/i.exec(entry);
      if (!match) continue;
      const path = join(folder, entry);
      sources.push({ file: path, format: match[1]!.toLowerCase() as ModelFormat, bytes: () => readBytes(path) });
    }
  }
  return sources.sort((left, right) => left.file.localeCompare(right.file));
}

function readBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

/**
 * Every source through `reader`. A source our converter cannot read at all (a fragment that is no model) is an
 * outcome skipped with the converter's reason when the reader cannot read it either, and refused otherwise.
 */
export function compareAll(reader: ModelReader, sources: readonly ModelSource[]): ReaderOutcome[] {
  return sources.map((source) => {
    const bytes = source.bytes();
    try {
      return compareThroughReader(reader, source.file, bytes, source.format);
    } catch (error) {
      const original = reader.read(bytes, source.format);
      const reason = `our converter cannot read it: ${String(error).slice(0, 160)}`;
      return {
        file: source.file,
        skipped: original.error === '' ? null : reason,
        refused: original.error === '' ? reason : null,
        differences: [],
        onlyWarned: false,
        rewrites: [],
        warnings: [],
      };
    }
  });
}
