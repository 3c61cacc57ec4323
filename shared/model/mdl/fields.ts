/**
 * The statements of an MDL block as rules, one per field, in the order the community's tools
 * print them: the same table reads a block into a typed object and prints the object back, so the
 * two cannot drift apart. A kind module lists its rules; this module does the rest.
 *
 * Rules for animated fields follow the `static` convention: a constant field prints as
 * `static Alpha 0.5,`, an animated one as its track block. The MDX stores a value beside the
 * track too; when that value differs from the field's default it is printed as well (the static
 * statement, then the track), so that nothing the binary holds is lost. A field is left out only
 * when reading it back gives the same bits (its default).
 *
 * Flags words print as their named flags. Bits no name covers (or a named bit some other statement
 * implies, like a geoset animation's colour bit), a value a choice has no word for and a field no
 * tool's MDL names (`SyncPoint`) are what no MDL keyword says: they are left out with a warning
 * naming them, or, with the writer's extensions option, printed as one statement of this project's
 * own holding the exact value (`Flags 264,`), which the reader then takes as is.
 * Tracks print at their canonical places when the object stores them in canonical order; in any
 * other order they all print, in their stored order, after the block's other statements.
 */
import { TokenKind } from '../../mdl/lexer';
import type { Track } from '../track';
import type { MdlStatement } from '../../mdl/tree';
import { statementName } from '../../mdl/values';
import { MdlEntry, type IntegerType, type MdlReadContext } from './reader';
import { readTrackMdl } from './track';
import { ValueToken, type ReadBuffers } from './scanner';
import type { MdlWriter } from './writer';

/** A number field's type. */
export type NumberType = 'f32' | IntegerType;

/** When a field's statement is printed. */
export type PrintMode = 'always' | 'nondefault';

/**
 * What a rule's field defaults to, from the one table of defaults (./defaults.ts, `mdlDefault(key)`):
 * `fallback` is what the reader takes when the statement is left out, `omissible` whether the printer
 * may leave it out at that value (every other reader takes the same), `defaultKey` the table's key.
 */
export interface RuleDefault {
  fallback: number | readonly number[];
  omissible: boolean;
  defaultKey: string;
}

/** A bit of a flags field set by the presence of a statement. */
export interface ImpliedBit {
  readonly field: string;
  readonly bit: number;
}

/** One field of a block and its statements. */
export type FieldRule =
  /** `Unshaded,`: a bit of a flags field. */
  | { kind: 'flag'; keyword: string; aliases?: readonly string[]; field: string; bit: number }
  /** `Omnidirectional,` / `Blend,`: a bare word naming the value; `numberKeyword N,` for a value without a word. */
  | ({
      kind: 'choice';
      field: string;
      choices: readonly (readonly [number, string])[];
      numberKeyword: string;
      fallback: number;
    } & RuleDefault)
  /** `FilterMode Blend,`: a word naming the value, or the number itself for a value without a word. */
  | ({
      kind: 'word';
      keyword: string;
      field: string;
      choices: readonly (readonly [number, string])[];
      fallback: number;
    } & RuleDefault)
  /** `MoveSpeed 270,` / `static Alpha 1,` (with `track`: or the track block). */
  | ({
      kind: 'scalar';
      keyword: string;
      aliases?: readonly string[];
      field: string;
      type: NumberType;
      fallback: number;
      print: PrintMode;
      isStatic?: boolean;
      track?: string;
      /** Words that stand for values: `GeosetId Multiple` (-1). */
      words?: readonly (readonly [number, string])[];
      implies?: ImpliedBit;
      /** No tool's MDL names the field: printed only with the writer's extensions option (a warning otherwise). */
      extension?: boolean;
    } & RuleDefault)
  /** `MinimumExtent { … },` / `static Color { … },` (with `track`: or the track block). */
  | ({
      kind: 'vector';
      keyword: string;
      field: string;
      type: NumberType;
      length: number;
      fallback: readonly number[];
      print: PrintMode;
      isStatic?: boolean;
      track?: string;
      /** Colours stored BGR print RGB. */
      reversed?: boolean;
      implies?: ImpliedBit;
    } & RuleDefault)
  /** `Image "path",`; `bytes`: the MDX field's size (longer text is cut, with an error); `bytesField` is filled. */
  | { kind: 'string'; keyword: string; field: string; print: PrintMode; bytes: number; bytesField?: string }
  /** `Visibility 3 { … }`: a track with no static value. */
  | { kind: 'track'; keyword: string; track: string }
  /** `Flags 264,`: the exact flags word, when the named flags do not give it (an extension: see printRules). */
  | { kind: 'flags'; keyword: string; field: string }
  /** Statements a kind prints itself at this place (and reads through its own callback). */
  | { kind: 'custom'; print: (writer: MdlWriter, object: Readonly<Record<string, unknown>>, where: string) => void };

/** `[number, number, number]` for 3: a vector field of `Length` components. */
type Tuple<Length extends number, Built extends number[] = []> = number extends Length
  ? number[]
  : Built['length'] extends Length
    ? Built
    : Tuple<Length, [...Built, number]>;

/** The fields one rule reads into, by name and type (nothing for the rules without a field). */
type RuleFields<Rule> = Rule extends {
  kind: 'vector';
  field: infer Field extends string;
  length: infer Length extends number;
}
  ? { [Key in Field]: Tuple<Length> }
  : Rule extends { kind: 'string'; field: infer Field extends string; bytesField: infer Bytes extends string }
    ? { [Key in Field]: string } & { [Key in Bytes]: Uint8Array }
    : Rule extends { kind: 'string'; field: infer Field extends string }
      ? { [Key in Field]: string }
      : Rule extends { field: infer Field extends string }
        ? { [Key in Field]: number }
        : Record<never, never>;

/** The intersection of a union's members. */
type Intersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (
  member: infer Both,
) => void
  ? Both
  : never;

/** The draft a table of rules reads into: each field of the rules, typed (numbers, vectors, strings, their bytes). */
export type DraftOf<Rules extends readonly FieldRule[]> = {
  -readonly [Key in keyof Intersection<RuleFields<Rules[number]>>]: Intersection<RuleFields<Rules[number]>>[Key];
};

/** A kind's rules with their lookups; `Fields` is the draft they read into (see {@link DraftOf}). */
export interface BlockRules<Fields = Draft> {
  /** The draft's type, carried for readRuleBlock's result (never set). */
  readonly fields?: Fields;
  readonly rules: readonly FieldRule[];
  readonly byKeyword: ReadonlyMap<string, FieldRule>;
  /** Canonical position of each track tag. */
  readonly trackRank: ReadonlyMap<string, number>;
  readonly trackKeyword: ReadonlyMap<string, string>;
  /** For each flags field, the bits its flag rules name. */
  readonly namedBits: ReadonlyMap<string, number>;
  /** What every draft of the table starts from (see {@link draftOf}). */
  readonly template: DraftTemplate;
}

/** A run of rules to spread into tables, its field names and vector lengths kept as literal types. */
export function fieldRules<const Rules extends readonly FieldRule[]>(rules: Rules): Rules {
  return rules;
}

/**
 * Indexes `rules`, a table whose field names and vector lengths are kept as literal types, so that reading a block
 * by it gives a typed draft (no `draft['x'] as T`). Throws when a rule with a default did not take it from the table
 * of defaults (./defaults.ts): every default is decided there, once.
 */
export function blockRules<const Rules extends readonly FieldRule[]>(rules: Rules): BlockRules<DraftOf<Rules>> {
  const byKeyword = new Map<string, FieldRule>();
  const trackRank = new Map<string, number>();
  const trackKeyword = new Map<string, string>();
  const namedBits = new Map<string, number>();
  for (const rule of rules) {
    const defaulted = rule as { kind: string; field?: string; fallback?: unknown; defaultKey?: unknown };
    if (defaulted.fallback !== undefined && defaulted.defaultKey === undefined)
      throw new Error(
        `the ${defaulted.kind} rule of '${defaulted.field}' takes its default from the table (mdlDefault)`,
      );
    if (rule.kind === 'choice') for (const [, word] of rule.choices) byKeyword.set(word, rule);
    if (rule.kind === 'choice') byKeyword.set(rule.numberKeyword, rule);
    if ('keyword' in rule) byKeyword.set(rule.keyword, rule);
    if ('aliases' in rule) for (const alias of rule.aliases ?? []) byKeyword.set(alias, rule);
    if (rule.kind === 'flag') namedBits.set(rule.field, (namedBits.get(rule.field) ?? 0) | rule.bit);
    if ((rule.kind === 'track' || rule.kind === 'scalar' || rule.kind === 'vector') && rule.track !== undefined) {
      trackRank.set(rule.track, trackRank.size);
      trackKeyword.set(rule.track, rule.keyword);
    }
  }
  return { rules, byKeyword, trackRank, trackKeyword, namedBits, template: draftTemplateOf(rules) };
}

/** What reading a block gathers besides its fields. */
export class RuleState {
  readonly tracks: Track[] = [];
  /** Made on first use: most blocks have neither. */
  exactFlags: Map<string, number> | null = null;
  impliedBits: Map<string, number> | null = null;
}

/** A draft object being read: its fields by name. */
export type Draft = Record<string, unknown>;

/** What every draft of a table starts from: built once per table, copied per block (see {@link draftOf}). */
interface DraftTemplate {
  /** Every rule's field at its fallback (vectors: the fallback array itself, replaced by a copy in each draft). */
  readonly fields: Draft;
  /** The vector rules: each draft gets its own copy of their fallbacks. */
  readonly vectors: readonly { readonly field: string; readonly fallback: readonly number[] }[];
  /** The flag fields: a value `extra` gives them is kept (other fields take the fallback whatever `extra` says). */
  readonly flagFields: ReadonlySet<string>;
  /** The fields the rules set whatever `extra` says. */
  readonly fixedFields: ReadonlySet<string>;
}

/** The template of a table of rules (built once, by {@link blockRules}). */
function draftTemplateOf(rules: readonly FieldRule[]): DraftTemplate {
  const fields: Draft = {};
  const vectors: { field: string; fallback: readonly number[] }[] = [];
  const flagFields = new Set<string>();
  const fixedFields = new Set<string>();
  for (const rule of rules) {
    if (rule.kind === 'flag' || rule.kind === 'flags') {
      fields[rule.field] ??= 0;
      flagFields.add(rule.field);
    } else if (rule.kind === 'choice' || rule.kind === 'word' || rule.kind === 'scalar') {
      fields[rule.field] = rule.fallback;
      fixedFields.add(rule.field);
    } else if (rule.kind === 'vector') {
      fields[rule.field] = rule.fallback;
      vectors.push({ field: rule.field, fallback: rule.fallback });
      fixedFields.add(rule.field);
    } else if (rule.kind === 'string') {
      fields[rule.field] = '';
      fixedFields.add(rule.field);
    }
  }
  return { fields, vectors, flagFields, fixedFields };
}

/**
 * Starts a draft with every rule's fallback value, and the fields of `extra` the rules do not set (a flag field
 * keeps the value `extra` gives it). The one place a draft's type is asserted. The draft is a copy of a template
 * built once per table: a block's fields are not added one by one (which leaves a large draft in V8's slow
 * dictionary mode), and only the vector fallbacks are copied.
 */
export function draftOf<Fields, Extra extends Draft = Draft>(
  rules: BlockRules<Fields>,
  extra: Extra = {} as Extra,
): Fields & Extra & Draft {
  const template = rules.template;
  const draft: Draft = { ...template.fields };
  for (const key in extra) {
    const value = extra[key];
    if (template.fixedFields.has(key) || (template.flagFields.has(key) && (value === undefined || value === null)))
      continue;
    draft[key] = value;
  }
  for (const vector of template.vectors) draft[vector.field] = [...vector.fallback];
  return draft as Fields & Extra & Draft;
}

/** True when the group of `entry` is a track block rather than a `{ … }` value. */
function isTrackBlock(context: MdlReadContext, entry: MdlEntry): boolean {
  if (entry.isStatic) return false;
  if (entry.hasValue) return true;
  const scanner = context.group(entry);
  return scanner !== null && scanner.next() === ValueToken.Word;
}

function imply(state: RuleState, implies: ImpliedBit | undefined): void {
  if (!implies) return;
  state.impliedBits ??= new Map();
  state.impliedBits.set(implies.field, (state.impliedBits.get(implies.field) ?? 0) | implies.bit);
}

/** Reads one entry into `draft` by the rules; false when no rule has its keyword. */
export function readRule<Fields>(
  context: MdlReadContext,
  entry: MdlEntry,
  draft: Draft,
  rules: BlockRules<Fields>,
  state: RuleState,
): boolean {
  const rule = rules.byKeyword.get(entry.key);
  if (!rule) return false;
  switch (rule.kind) {
    case 'flag':
      draft[rule.field] = ((draft[rule.field] as number) | rule.bit) >>> 0;
      return true;
    case 'choice': {
      if (entry.key === rule.numberKeyword) {
        const value = context.integer(entry, 'u32');
        if (value !== undefined) draft[rule.field] = value;
      } else draft[rule.field] = rule.choices.find(([, word]) => word === entry.key)![0];
      return true;
    }
    case 'word': {
      const level = entry.level;
      if (entry.hasValue && level.kindOf(entry.next) === TokenKind.Number) {
        const value = context.integer(entry, 'u32');
        if (value !== undefined) draft[rule.field] = value;
        return true;
      }
      const word = context.word(entry);
      const choice = rule.choices.find(([, name]) => name === word);
      if (choice) draft[rule.field] = choice[0];
      else if (word !== '')
        context.invalid(entry, `"${word}" is not one of ${rule.choices.map(([, name]) => name).join(', ')}`);
      return true;
    }
    case 'scalar': {
      if (rule.track && entry.hasGroup && !entry.isStatic) {
        const track = readTrackMdl(context, entry, rule.track);
        if (track) state.tracks.push(track);
        imply(state, rule.implies);
        return true;
      }
      const value =
        rule.type === 'f32'
          ? context.float(entry)
          : context.integer(entry, rule.type, rule.words ? wordValues(rule.words) : undefined);
      if (value !== undefined) draft[rule.field] = rule.type === 'f32' ? Math.fround(value) : value;
      imply(state, rule.implies);
      return true;
    }
    case 'vector': {
      if (rule.track && entry.hasGroup && isTrackBlock(context, entry)) {
        const track = readTrackMdl(context, entry, rule.track);
        if (track) state.tracks.push(track);
        imply(state, rule.implies);
        return true;
      }
      const value =
        rule.type === 'f32'
          ? context.floatVector(entry, rule.length, rule.reversed)
          : context.integerVector(entry, rule.length, rule.type);
      // A float vector is read through a Float32Array: its numbers are float32 already (no Math.fround copy).
      if (value) draft[rule.field] = value;
      imply(state, rule.implies);
      return true;
    }
    case 'string': {
      const value = context.string(entry);
      if (value !== undefined) draft[rule.field] = fittedString(context, entry, value, rule.bytes);
      return true;
    }
    case 'track': {
      const track = readTrackMdl(context, entry, rule.track);
      if (track) state.tracks.push(track);
      return true;
    }
    case 'flags': {
      const value = context.integer(entry, 'u32');
      if (value !== undefined) (state.exactFlags ??= new Map()).set(rule.field, value);
      return true;
    }
    case 'custom':
      return false;
  }
}

const wordTables = new WeakMap<object, Readonly<Record<string, number>>>();

/** A rule's value words as a lookup (built once per rule). */
function wordValues(words: readonly (readonly [number, string])[]): Readonly<Record<string, number>> {
  let table = wordTables.get(words);
  if (!table) {
    table = Object.fromEntries(words.map(([value, word]) => [word, value]));
    wordTables.set(words, table);
  }
  return table;
}

/** `value`, cut to the `bytes` of its MDX field (with an error) when it is longer. */
export function fittedString(context: MdlReadContext, entry: MdlEntry, value: string, bytes: number): string {
  if (value.length <= bytes) return value;
  context.invalid(
    entry,
    `"${value.slice(0, 40)}…" has ${value.length} characters; the MDX field holds ${bytes}, the rest is cut`,
  );
  return value.slice(0, bytes);
}

/**
 * A string read for a name field of `size` bytes: its name is the text up to a NUL, its bytes the
 * whole text then NULs — so a text that spells out a field with bytes after its NUL (war3-model
 * prints fields whole) gives those bytes back. The text is already fitted to the field.
 */
export function nameField(text: string, size: number, buffers?: ReadBuffers): { name: string; bytes: Uint8Array } {
  return { name: nameOf(text), bytes: nameBytes(text, size, buffers) };
}

/** The name of a name field's text: up to its first NUL. */
function nameOf(text: string): string {
  const nul = text.indexOf('\0');
  return nul < 0 ? text : text.slice(0, nul);
}

/** A name field's bytes: the text, then NULs to `size` (from `buffers` when given: see ReadBuffers). */
function nameBytes(text: string, size: number, buffers: ReadBuffers | undefined): Uint8Array {
  const bytes = buffers === undefined ? new Uint8Array(size) : buffers.bytes(size);
  for (let index = 0; index < text.length && index < size; index += 1) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
}

/** Applies what reading gathered: implied bits, exact flags words, the string fields' bytes (from `buffers`). */
export function finishRules(draft: Draft, rules: BlockRules<unknown>, state: RuleState, buffers?: ReadBuffers): void {
  if (state.impliedBits)
    for (const [field, bits] of state.impliedBits) draft[field] = ((draft[field] as number) | bits) >>> 0;
  if (state.exactFlags) for (const [field, value] of state.exactFlags) draft[field] = value;
  for (const rule of rules.rules) {
    if (rule.kind !== 'string') continue;
    const text = draft[rule.field] as string;
    draft[rule.field] = nameOf(text);
    if (rule.bytesField) draft[rule.bytesField] = nameBytes(text, rule.bytes, buffers);
  }
}

export { flagsDifference, printRules } from './print-rules';

/** Reads a whole block by `rules` (then `custom` for statements the rules do not describe). */
export function readRuleBlock<Fields>(
  context: MdlReadContext,
  block: MdlStatement,
  rules: BlockRules<Fields>,
  custom?: (entry: MdlEntry, draft: Fields & Draft, state: RuleState) => boolean,
  extra: Draft = {},
): { draft: Fields & Draft; tracks: Track[] } {
  const draft = draftOf(rules, extra);
  const state = new RuleState();
  context.entries(
    block,
    (entry) => readRule(context, entry, draft, rules, state) || (custom?.(entry, draft, state) ?? false),
  );
  finishRules(draft, rules, state, context.buffers);
  return { draft, tracks: state.tracks };
}

/**
 * The name in a block's header (`Bone "Arm" {`, or the bare word some writers leave unquoted:
 * `Anim Stand {`), cut to `bytes` with an error when longer.
 */
export function blockName(context: MdlReadContext, block: MdlStatement, bytes: number): string {
  const header = new MdlEntry(block, block.keyword, false, block.first, block.first + 1);
  let name = statementName(block);
  if (name === '' && header.hasValue && block.level.kindOf(header.next) === TokenKind.Word)
    name = block.level.textOf(header.next);
  return fittedString(context, header, name, bytes);
}

/**
 * Reads `Keyword N { Child … Child … }`: each `childKeyword` block through `read`; other statements
 * are reported; a count that disagrees with the children is an error.
 */
export function readCountedList<T>(
  context: MdlReadContext,
  block: MdlStatement,
  childKeyword: string,
  read: (child: MdlStatement) => T,
): T[] {
  const items: T[] = [];
  const header = new MdlEntry(block, block.keyword, false, block.first, block.first + 1);
  const declared = context.declaredCount(header);
  context.entries(block, (entry) => {
    if (entry.key !== childKeyword || !entry.hasGroup) return false;
    items.push(read(entry.statement));
    entry.next = entry.stop;
    return true;
  });
  context.checkCount(header, declared, items.length, `${childKeyword} blocks`);
  return items;
}
