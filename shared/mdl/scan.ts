/**
 * The structural scan: one tight pass over the bytes that validates the text as MDL and records
 * every brace with its partner — the only pass that touches every byte.
 *
 * It refuses (CodecError) an unterminated string or block comment, a `{` never closed (the text was
 * cut short), a `}` that closes nothing, and control bytes outside strings and comments (binary
 * data is not MDL). With braces matched, the block tree (tree.ts) tokenizes only the levels it is
 * asked for and steps over everything else — a model's bone tracks and geoset vertices are never
 * tokenized when only its event objects are wanted.
 */
import {
  blockCommentEnd,
  BYTE_CLOSE_BRACE,
  BYTE_OPEN_BRACE,
  BYTE_QUOTE,
  BYTE_SLASH,
  BYTE_STAR,
  byteOrderMarkLength,
  isControlByte,
  lexToken,
  lineCommentEnd,
  stringEnd,
  TokenKind,
} from './lexer';
import { BRACE_TABLES_SHARE_BYTES, registerScratch } from './scratch';
import { mdlError } from './text';

/** Validated MDL bytes with their braces matched. */
export interface MdlSource {
  readonly bytes: Uint8Array;
  /** Offset of every `{` and `}` outside strings and comments, ascending. */
  readonly braceOffsets: Int32Array;
  /** For each brace (by index in `braceOffsets`), the index of its partner. */
  readonly bracePartners: Int32Array;
  readonly braceCount: number;
  /** Where the text proper starts: 3 after a UTF-8 byte order mark, else 0. */
  readonly textStart: number;
  /**
   * True while `braceOffsets` and `bracePartners` hold every brace. A model drops them once its blocks are read
   * ({@link releaseBraceTables}): a level tokenized after that finds the end of each group by scanning the group.
   */
  readonly tables: boolean;
}

const CLASS_ORDINARY = 0;
const CLASS_QUOTE = 1;
const CLASS_SLASH = 2;
const CLASS_OPEN = 3;
const CLASS_CLOSE = 4;
const CLASS_CONTROL = 5;
/** In PAIR_BITS: a special byte other than a brace. */
const PAIR_STOP = 4;

/** Byte classes for the scan's inner loop: everything but these six is stepped over. */
const BYTE_CLASSES = (() => {
  const classes = new Uint8Array(256);
  for (let code = 0; code < 256; code += 1) if (isControlByte(code)) classes[code] = CLASS_CONTROL;
  classes[BYTE_QUOTE] = CLASS_QUOTE;
  classes[BYTE_SLASH] = CLASS_SLASH;
  classes[BYTE_OPEN_BRACE] = CLASS_OPEN;
  classes[BYTE_CLOSE_BRACE] = CLASS_CLOSE;
  return classes;
})();

/** True on a little-endian platform: a word's first byte in memory is its low byte. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * For every 16-bit pair of bytes read from memory as one number (the first byte low, on a little-endian platform):
 * 1 when its first byte is a brace, 2 when its second is, 4 (PAIR_STOP) when either is another special byte; 0 when
 * both are ordinary. The scan steps over a word of four bytes with one lookup per pair (64 KiB, built once). On a
 * big-endian platform a brace counts as PAIR_STOP: the byte loop takes each.
 */
const PAIR_BITS = (() => {
  const pairs = new Uint8Array(0x10000);
  const bitsOf = (code: number, brace: number) => {
    const kind = BYTE_CLASSES[code];
    if (kind === CLASS_ORDINARY) return 0;
    return LITTLE_ENDIAN && (kind === CLASS_OPEN || kind === CLASS_CLOSE) ? brace : PAIR_STOP;
  };
  for (let pair = 0; pair < 0x10000; pair += 1) pairs[pair] = bitsOf(pair & 0xff, 1) | bitsOf(pair >>> 8, 2);
  return pairs;
})();

let scans = 0;
let scannedBytes = 0;

/**
 * Brace tables given back by {@link releaseBraceTables}, for the next scan to fill instead of allocating its own: a
 * large model's tables are hundreds of kilobytes, zeroed by the allocator at each allocation, and opening a model
 * reads its blocks and releases them at once. A spare is taken only by a text it suits (at most four times the room
 * needed), so that a small text does not keep a large buffer alive; and a table over {@link SPARE_TABLE_BYTES} is not
 * kept at all: a large model's tables (a 1.5 MB text's are 640 kB, a 10 MB text's 4 MB) are made for its scan and go
 * with its source, so that no memory sized by the largest file read stays after it is closed.
 */
const SPARE_TABLE_BYTES = BRACE_TABLES_SHARE_BYTES / 2;
const NO_BRACES = new Int32Array(0);
let spareOffsets: Int32Array = NO_BRACES;
let sparePartners: Int32Array = NO_BRACES;
registerScratch('MDL scan: spare brace tables', () => spareOffsets.byteLength + sparePartners.byteLength);

/** A spare table of at least `length` and at most four times that, else a new one. */
function tableOf(spare: Int32Array, length: number): Int32Array {
  return spare.length >= length && spare.length <= 4 * length ? spare : new Int32Array(length);
}

/**
 * How many texts {@link scanMdl} has scanned in this thread: tests prove with it that a model is scanned once
 * when it is opened and that an edit scans only the blocks it changed (see {@link mdlScannedBytes}).
 */
export function mdlScanCount(): number {
  return scans;
}

/** How many bytes {@link scanMdl} has scanned in this thread, all scans together. */
export function mdlScannedBytes(): number {
  return scannedBytes;
}

/** Scans and validates MDL bytes; throws CodecError (see the module comment). */
export function scanMdl(bytes: Uint8Array): MdlSource {
  const length = bytes.length;
  scans += 1;
  scannedBytes += length;
  const classes = BYTE_CLASSES;
  const pairBits = PAIR_BITS;
  // Room for two words' eight braces past the last: the word loop appends without testing each byte.
  let offsets: Int32Array = tableOf(spareOffsets, Math.max(64, length >>> 4));
  if (offsets === spareOffsets) spareOffsets = NO_BRACES;
  let count = 0;
  const textStart = byteOrderMarkLength(bytes);
  let index = textStart;
  // No closures over these locals: the loop below is the hottest code of the MDL reader. It names its classes and
  // bytes as literals: the bundler turns module constants into `var`s, read from memory at every use (a fifth of
  // the scan's time).
  let failure = '';
  let failureKind: 'truncated' | 'invalid' = 'invalid';

  // Whole aligned 4-byte words that hold no special byte are stepped over at once, one table lookup per pair of
  // bytes (PAIR_BITS). A word whose special bytes are all braces has their offsets appended without a test per byte
  // (a model has a brace every 25 bytes or so); the braces are matched afterwards (matchBraces).
  const wordStart = Math.min(length, (4 - (bytes.byteOffset & 3)) & 3);
  const wordCount = (length - wordStart) >>> 2;
  const words =
    wordCount > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + wordStart, wordCount) : new Uint32Array(0);

  scan: for (;;) {
    if (index >= wordStart && ((index - wordStart) & 3) === 0) {
      let word = (index - wordStart) >>> 2;
      // Two words a step: half the steps over ordinary text; a step with braces appends them without a test each.
      const pairedEnd = wordCount - 1;
      for (; word < pairedEnd; word += 2) {
        const bits = words[word]!;
        const next = words[word + 1]!;
        const first = pairBits[bits & 0xffff]!;
        const second = pairBits[bits >>> 16]!;
        const third = pairBits[next & 0xffff]!;
        const fourth = pairBits[next >>> 16]!;
        const all = first | second | third | fourth;
        if (all === 0) continue;
        if ((all & 4) /* PAIR_STOP */ !== 0) break;
        if (count + 8 > offsets.length) offsets = grow(offsets);
        const offset = wordStart + word * 4;
        offsets[count] = offset;
        count += first & 1;
        offsets[count] = offset + 1;
        count += first >>> 1;
        offsets[count] = offset + 2;
        count += second & 1;
        offsets[count] = offset + 3;
        count += second >>> 1;
        offsets[count] = offset + 4;
        count += third & 1;
        offsets[count] = offset + 5;
        count += third >>> 1;
        offsets[count] = offset + 6;
        count += fourth & 1;
        offsets[count] = offset + 7;
        count += fourth >>> 1;
      }
      index = wordStart + word * 4;
    }
    if (index >= length) break;
    const code = bytes[index]!;
    switch (classes[code]) {
      case 0 /* CLASS_ORDINARY */:
        index += 1;
        break;
      case 1 /* CLASS_QUOTE */: {
        const end = stringEnd(bytes, index, length);
        if (end < 0) {
          [failureKind, failure] = ['truncated', 'a string is not closed before the end of the text'];
          break scan;
        }
        index = end;
        break;
      }
      case 2 /* CLASS_SLASH */: {
        const next = bytes[index + 1];
        if (next === 0x2f /* BYTE_SLASH */) {
          index = lineCommentEnd(bytes, index, length);
        } else if (next === 0x2a /* BYTE_STAR */) {
          const end = blockCommentEnd(bytes, index, length);
          if (end < 0) {
            [failureKind, failure] = ['truncated', 'a /* comment is not closed before the end of the text'];
            break scan;
          }
          index = end;
        } else {
          index += 1;
        }
        break;
      }
      case 3 /* CLASS_OPEN */:
      case 4 /* CLASS_CLOSE */:
        if (count + 8 > offsets.length) offsets = grow(offsets);
        offsets[count] = index;
        count += 1;
        index += 1;
        break;
      default:
        failure = `control byte 0x${code.toString(16).padStart(2, '0')} is not MDL text`;
        break scan;
    }
  }
  return matchBraces(bytes, offsets, count, textStart, index, failure === '' ? null : { kind: failureKind, failure });
}

/**
 * Pairs the braces the scan found (their offsets, in order) and throws the first fault in the text: a `}` that
 * closes no block, or else the scan's own fault at `index` (an unclosed string or comment, a control byte), or else
 * a block never closed.
 */
function matchBraces(
  bytes: Uint8Array,
  offsets: Int32Array,
  braceCount: number,
  textStart: number,
  index: number,
  fault: { kind: 'truncated' | 'invalid'; failure: string } | null,
): MdlSource {
  const partners = tableOf(sparePartners, Math.max(64, braceCount));
  if (partners === sparePartners) sparePartners = NO_BRACES;
  let stack: Int32Array = new Int32Array(64);
  let depth = 0;
  let count = 0;
  let unmatched = -1;
  for (; count < braceCount; count += 1) {
    if (bytes[offsets[count]!] === 0x7b /* BYTE_OPEN_BRACE */) {
      if (depth === stack.length) stack = grow(stack);
      stack[depth] = count;
      partners[count] = -1;
      depth += 1;
    } else if (depth === 0) {
      unmatched = offsets[count]!;
      break;
    } else {
      depth -= 1;
      const open = stack[depth]!;
      partners[count] = open;
      partners[open] = count;
    }
  }
  const source: MdlSource = {
    bytes,
    braceOffsets: offsets.subarray(0, count),
    bracePartners: partners.subarray(0, count),
    braceCount: count,
    textStart,
    tables: true,
  };
  let failureKind = fault?.kind ?? 'invalid';
  let failure = fault?.failure ?? '';
  let at = index;
  if (unmatched >= 0) [failureKind, failure, at] = ['invalid', 'a "}" closes no block', unmatched];
  else if (failure === '' && depth > 0) {
    failureKind = 'truncated';
    failure =
      `the text ends inside ${depth === 1 ? 'a block' : `${depth} nested blocks`}; the innermost, opened ` +
      `at character ${offsets[stack[depth - 1]!]}, is never closed`;
    at = bytes.length;
  }
  if (failure !== '') throw mdlError(bytes, failureKind, openBlockPath(source, stack.subarray(0, depth)), at, failure);
  return source;
}

/**
 * Drops the brace tables of a source whose statements are read (they cost 8 bytes a brace, and a model keeps its
 * text for as long as it is open): the statements keep their tokens, and a level tokenized later scans its groups.
 */
export function releaseBraceTables(source: MdlSource): void {
  if (!source.tables) return;
  // No view of the tables outlives the source's (levels read them while they are built): the next scan may fill them.
  const keeps = (table: Int32Array, spare: Int32Array) =>
    table.buffer.byteLength > spare.byteLength && table.buffer.byteLength <= SPARE_TABLE_BYTES;
  if (keeps(source.braceOffsets, spareOffsets)) spareOffsets = new Int32Array(source.braceOffsets.buffer);
  if (keeps(source.bracePartners, sparePartners)) sparePartners = new Int32Array(source.bracePartners.buffer);
  const released = source as { -readonly [Key in keyof MdlSource]: MdlSource[Key] };
  released.braceOffsets = NO_BRACES;
  released.bracePartners = NO_BRACES;
  released.braceCount = 0;
  released.tables = false;
}

/**
 * End (just past its `}`) of the group whose `{` is at `open`, found by scanning the group: the way a level finds
 * it once the brace tables are released. The text was validated by the scan, so the group is closed.
 */
export function groupEnd(bytes: Uint8Array, open: number): number {
  const length = bytes.length;
  let depth = 0;
  let index = open;
  while (index < length) {
    const code = bytes[index]!;
    if (code === BYTE_OPEN_BRACE) depth += 1;
    else if (code === BYTE_CLOSE_BRACE) {
      depth -= 1;
      if (depth === 0) break;
    } else if (code === BYTE_QUOTE) {
      index = stringEnd(bytes, index, length) - 1;
    } else if (code === BYTE_SLASH && bytes[index + 1] === BYTE_SLASH) {
      index = lineCommentEnd(bytes, index, length) - 1;
    } else if (code === BYTE_SLASH && bytes[index + 1] === BYTE_STAR) {
      index = blockCommentEnd(bytes, index, length) - 1;
    }
    index += 1;
  }
  scannedBytes += index + 1 - open;
  return index + 1;
}

/** A copy of `array` twice as long (the scan's and the tokenizers' typed arrays grow by doubling). */
export function grow<T extends Uint8Array | Int32Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}

/** Index of the first brace at or after `offset` (may equal braceCount). */
export function firstBraceFrom(source: MdlSource, offset: number): number {
  let low = 0;
  let high = source.braceCount;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (source.braceOffsets[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The block path (`EventObject "MRFx0001" > EventTrack`) of a stack of open braces, for error messages. */
export function openBlockPath(source: MdlSource, openBraces: ArrayLike<number>): string {
  if (openBraces.length === 0) return '(top level)';
  const labels: string[] = [];
  for (let level = 0; level < openBraces.length; level += 1) labels.push(groupLabel(source, openBraces[level]!));
  return labels.join(' > ');
}

/**
 * The label of the group opened by brace `braceIndex`: the keyword of the statement it belongs to
 * and that statement's first string (`EventObject "MRFx0001"`, `EventTrack`, `Anim "Walk"`), or
 * `{…}` for an anonymous group. The statement starts after the previous brace (its parent's `{` or a
 * sibling's `}`) and after the last comma before it.
 */
export function groupLabel(source: MdlSource, braceIndex: number): string {
  const { bytes } = source;
  const braceOffset = source.braceOffsets[braceIndex]!;
  let index = braceIndex > 0 ? source.braceOffsets[braceIndex - 1]! + 1 : source.textStart;
  let keyword = '';
  let name = '';
  let fresh = true;
  while (index < braceOffset) {
    const packed = lexToken(bytes, index, braceOffset);
    const kind = packed % 16;
    const end = (packed - kind) / 16;
    if (kind === TokenKind.Comma) {
      fresh = true;
      keyword = '';
      name = '';
    } else if (
      kind === TokenKind.Word ||
      kind === TokenKind.Number ||
      kind === TokenKind.String ||
      kind === TokenKind.Colon
    ) {
      const text = String.fromCharCode(...bytes.subarray(index, Math.min(end, index + 120)));
      if (fresh) keyword = kind === TokenKind.Word ? text : '';
      else if (kind === TokenKind.String && name === '') name = text;
      fresh = false;
    }
    index = end;
  }
  if (keyword === '') return '{…}';
  return name === '' ? keyword : `${keyword} ${name}`;
}
