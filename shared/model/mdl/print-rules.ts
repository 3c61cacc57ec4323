/**
 * The print side of the field rules (fields.ts): prints an object by its kind's rules, its tracks at their
 * canonical places, flags words reconstructed from the named flags; what no MDL keyword says (the exact word when
 * they differ, a value without a word, an extension field) is left out with a warning naming it, or printed as a
 * statement of this project's own with the writer's extensions option.
 */
import { TRACK_COMPONENTS, type Track } from '../track';
import type { BlockRules, FieldRule, NumberType } from './fields';
import { printTrackMdl } from './track';
import type { MdlWriter } from './writer';

function sameNumber(left: number, right: number): boolean {
  return Object.is(left, right);
}

function sameNumbers(left: ArrayLike<number>, right: ArrayLike<number>): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (!Object.is(left[index], right[index])) return false;
  return true;
}

/** Prints one statement's value by its type. */
function printNumber(writer: MdlWriter, value: number, type: NumberType, where: string): void {
  if (type === 'f32') writer.float(value, where);
  else if (type === 'i32') writer.integer(value);
  else writer.unsigned(value);
}

/** True when the object's tracks are in the rules' canonical order (each tag once). */
function canonicalTrackOrder(rules: BlockRules<unknown>, tracks: readonly Track[]): boolean {
  let previous = -1;
  for (const track of tracks) {
    const rank = rules.trackRank.get(track.tag);
    if (rank === undefined || rank <= previous) return false;
    previous = rank;
  }
  return true;
}

/**
 * Prints `object` by the rules: `object` holds the fields by name and `tracks` its tracks.
 * Tracks no rule knows are warnings naming them (they cannot be carried).
 */
export function printRules(
  writer: MdlWriter,
  fields: object,
  tracks: readonly Track[],
  rules: BlockRules<unknown>,
  where: string,
): void {
  const object = fields as Readonly<Record<string, unknown>>;
  const canonical = canonicalTrackOrder(rules, tracks);
  const printable = tracks.filter((track) => {
    if (rules.trackRank.has(track.tag) && TRACK_COMPONENTS[track.tag] === track.components) return true;
    writer.warn(where, `${where} holds a ${track.tag} track, which its MDL block has no statement for; it is left out`);
    return false;
  });
  const trackOf = (tag: string | undefined) =>
    tag === undefined ? undefined : printable.find((track) => track.tag === tag);
  // Tracks in another order print after every other statement (a static value before the track of its name: a
  // reader that keeps one value per name, war3-model, then keeps the track as the MDX does).
  const printTracksInStoredOrder = () => {
    if (canonical) return;
    for (const track of printable) printTrackMdl(writer, rules.trackKeyword.get(track.tag)!, track, where);
  };
  const reconstructed = new Map<string, number>();
  const addBits = (field: string, bits: number) =>
    reconstructed.set(field, ((reconstructed.get(field) ?? 0) | bits) >>> 0);
  const flagsRules: { keyword: string; field: string }[] = [];
  for (const rule of rules.rules) {
    switch (rule.kind) {
      case 'flag':
        if (((object[rule.field] as number) & rule.bit) !== 0) {
          writer.flag(rule.keyword);
          addBits(rule.field, rule.bit);
        }
        break;
      case 'choice': {
        // A value without a word: its own statement with the extensions, otherwise the default's word, so that every
        // reader takes what this project's reader takes (mdx-m3-viewer's default differs for a Light's type).
        const value = object[rule.field] as number;
        const choice = rule.choices.find(([number]) => number === value) ?? fallbackChoice(writer, rule, value, where);
        if (choice) writer.flag(choice[1]);
        else writer.unsignedStatement(rule.numberKeyword, value);
        break;
      }
      case 'word': {
        const value = object[rule.field] as number;
        const choice = rule.choices.find(([number]) => number === value) ?? fallbackChoice(writer, rule, value, where);
        writer.key(rule.keyword);
        if (choice) writer.ascii(choice[1]);
        else writer.unsigned(value);
        writer.endStatement();
        break;
      }
      case 'scalar':
      case 'vector': {
        const track = trackOf(rule.track);
        const value = object[rule.field] as number | ArrayLike<number>;
        // Left out only at a default every reader on record shares (the table's `omissible`).
        const isDefault =
          rule.omissible &&
          (rule.kind === 'scalar'
            ? sameNumber(value as number, rule.fallback)
            : sameNumbers(value as ArrayLike<number>, rule.fallback));
        const impliedSet =
          rule.implies !== undefined && ((object[rule.implies.field] as number) & rule.implies.bit) !== 0;
        const printStatic = track ? !isDefault : rule.print === 'always' || !isDefault || impliedSet;
        if (printStatic && rule.kind === 'scalar' && rule.extension)
          writer.unnamedStatement(rule.keyword, value as number, where, `${rule.keyword} ${value as number}`);
        else if (printStatic) {
          const keyword = rule.isStatic ? `static ${rule.keyword}` : rule.keyword;
          writer.key(keyword);
          if (rule.kind === 'scalar') {
            const word = rule.words?.find(([number]) => number === value);
            if (word) writer.ascii(word[1]);
            else printNumber(writer, value as number, rule.type, `${where} ${rule.keyword}`);
          } else if (rule.type === 'f32')
            writer.floatGroup(value as ArrayLike<number>, 0, rule.length, `${where} ${rule.keyword}`, rule.reversed);
          else writer.integerGroup(value as ArrayLike<number>, 0, rule.length, rule.type === 'i32');
          writer.endStatement();
        }
        if (track && canonical) printTrackMdl(writer, rule.keyword, track, where);
        if ((printStatic || track) && rule.implies) addBits(rule.implies.field, rule.implies.bit);
        break;
      }
      case 'string': {
        const value = object[rule.field] as string;
        if (rule.print === 'always' || value !== '')
          writer.stringStatement(rule.keyword, value, `${where} ${rule.keyword}`);
        break;
      }
      case 'track': {
        const track = trackOf(rule.track);
        if (!track) break;
        if (canonical) printTrackMdl(writer, rule.keyword, track, where);
        break;
      }
      case 'flags':
        flagsRules.push(rule);
        break;
      case 'custom':
        rule.print(writer, object, where);
        break;
    }
  }
  printTracksInStoredOrder();
  for (const rule of flagsRules) {
    const value = object[rule.field] as number;
    const given = reconstructed.get(rule.field) ?? 0;
    if (given !== value) writer.unnamedStatement(rule.keyword, value, where, flagsDifference(value, given));
  }
}

/**
 * The word a choice prints for `value`, which has none: none with the writer's extensions (the number is printed),
 * otherwise the word of the rule's default, with a warning naming what is left out.
 */
function fallbackChoice(
  writer: MdlWriter,
  rule: Extract<FieldRule, { kind: 'choice' | 'word' }>,
  value: number,
  where: string,
): readonly [number, string] | undefined {
  if (writer.extensions) return undefined;
  const keyword = rule.kind === 'choice' ? rule.numberKeyword : rule.keyword;
  const choice = rule.choices.find(([number]) => number === rule.fallback)!;
  writer.unnamedStatement(keyword, value, where, `${keyword} ${value} (written as ${choice[1]})`);
  return choice;
}

/** `flags 0x108 where its statements say 0x100`: a flags word the text's statements do not give. */
export function flagsDifference(value: number, given: number): string {
  return `flags 0x${value.toString(16)} where its statements say 0x${given.toString(16)}`;
}
