/**
 * Event object names: the type (first three characters, case-insensitive), the ID (from the fifth
 * character on), the MRF link path, the name patterns validation checks, and the rules a name or
 * link ID must follow to be written at all (in an 80-byte MDX name field and a quoted MDL string).
 */
import type { EventType } from './document';

/** Bytes of an event object's name field in MDX (the longest name either format can share). */
export const EVENT_NAME_BYTES = 80;
/** Characters before the ID: three of type and one variation character (`MRFx`). */
export const EVENT_PREFIX_LENGTH = 4;
/** The longest ID a name can hold. */
export const MAX_EVENT_ID_LENGTH = EVENT_NAME_BYTES - EVENT_PREFIX_LENGTH;
/** Where the game looks for the cape an `MRFx<ID>` object shows: this, the ID, then `.mrf`. */
export const MRF_PATH_PREFIX = 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape';
/** The largest frame (ms) both formats can store as a non-negative int32. */
export const MAX_FRAME = 0x7fffffff;

const KNOWN_TYPES: readonly EventType[] = ['SND', 'FPT', 'SPN', 'SPL', 'UBR', 'MRF', 'MRD'];

/** The type of an event object named `name`: its first three letters upper-cased, or `OTHER`. */
export function eventTypeOf(name: string): EventType {
  const prefix = name.slice(0, 3).toUpperCase();
  return (KNOWN_TYPES as readonly string[]).includes(prefix) ? (prefix as EventType) : 'OTHER';
}

/** The ID (data) of an event object named `name`: the text from its fifth character on. */
export function eventIdOf(name: string): string {
  return name.slice(EVENT_PREFIX_LENGTH);
}

/** The game path of the cape a link with this ID shows. */
export function mrfPathOf(id: string): string {
  return `${MRF_PATH_PREFIX}${id}.mrf`;
}

/** The key links are matched by: IDs compare case-insensitively. */
export function linkKey(id: string): string {
  return id.toUpperCase();
}

/** True for the show (`MRF`) and hide (`MRD`) objects of MRF links. */
export function isLinkType(type: EventType): type is 'MRF' | 'MRD' {
  return type === 'MRF' || type === 'MRD';
}

/**
 * The name pattern of each type. Sound, footprint, spawn, splat and uber-splat objects name a
 * 4-character entry of the game's tables after a variation character (`SNDxDHOR`, `UBR2HCRT`);
 * MRF links take any letter as the fourth character and an ID usable in a file name.
 */
const NAME_PATTERNS: Readonly<Record<Exclude<EventType, 'OTHER'>, RegExp>> = {
  SND: /^SND[A-Z0-9][A-Z0-9]{4}$/i,
  FPT: /^FPT[A-Z0-9][A-Z0-9]{4}$/i,
  SPN: /^SPN[A-Z0-9][A-Z0-9]{4}$/i,
  SPL: /^SPL[A-Z0-9][A-Z0-9]{4}$/i,
  UBR: /^UBR[A-Z0-9][A-Z0-9]{4}$/i,
  MRF: /^MRF[A-Z][A-Z0-9_-]+$/i,
  MRD: /^MRD[A-Z][A-Z0-9_-]+$/i,
};

/** What the name of each type should look like, for messages. */
export const NAME_PATTERN_DESCRIPTIONS: Readonly<Record<Exclude<EventType, 'OTHER'>, string>> = {
  SND: 'SND, a letter or digit, then a 4-character sound ID (e.g. SNDxDHOR)',
  FPT: 'FPT, a letter or digit, then a 4-character footprint ID (e.g. FPTxFBL0)',
  SPN: 'SPN, a letter or digit, then a 4-character spawn ID (e.g. SPNxHBF0)',
  SPL: 'SPL, a letter or digit, then a 4-character splat ID (e.g. SPLxHBS0)',
  UBR: 'UBR, a letter or digit, then a 4-character uber-splat ID (e.g. UBRxHCRT)',
  MRF: 'MRF, a letter, then the link ID (letters, digits, _ or -; e.g. MRFx0001)',
  MRD: 'MRD, a letter, then the link ID (letters, digits, _ or -; e.g. MRDx0001)',
};

/** True when `name` matches its type's pattern (names of type OTHER have none and match). */
export function matchesNamePattern(name: string): boolean {
  const type = eventTypeOf(name);
  return type === 'OTHER' || NAME_PATTERNS[type].test(name);
}

/**
 * Why `name` cannot be written as an event object name in both formats, or null when it can:
 * 1–80 characters, each U+0020–U+00FF, no double quote (MDL strings cannot escape one).
 */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'an event object name cannot be empty';
  if (name.length > EVENT_NAME_BYTES)
    return `"${name}" has ${name.length} characters; an event object name holds at most ${EVENT_NAME_BYTES}`;
  for (const character of name) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code > 0xff || character.length > 1)
      return `${JSON.stringify(name)} holds ${JSON.stringify(character)}; names take characters U+0020–U+00FF only`;
    if (character === '"') return `${JSON.stringify(name)} holds a double quote, which MDL cannot write inside a name`;
  }
  return null;
}

/** Why `id` cannot be an MRF link ID, or null when it can: 1–76 letters, digits, `_` or `-`. */
export function linkIdProblem(id: string): string | null {
  if (id.length === 0) return 'a link ID cannot be empty';
  if (!/^[A-Za-z0-9_-]+$/.test(id))
    return `link ID ${JSON.stringify(id)} may hold only letters, digits, _ and - (it becomes part of a file name)`;
  if (id.length > MAX_EVENT_ID_LENGTH)
    return (
      `link ID "${id}" has ${id.length} characters; the ${EVENT_NAME_BYTES}-byte name ` +
      `allows ${MAX_EVENT_ID_LENGTH} after "MRFx"`
    );
  return null;
}
