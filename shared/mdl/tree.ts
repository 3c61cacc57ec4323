/**
 * The MDL block tree: statements with their spans, tokenized one level at a time, on demand.
 *
 * A block body (and the top level of the file) is a list of statements. A statement runs from
 * its first token to the first `,` at its own level, or to the end of its first `{ … }` group
 * (taking a `,` right after the group along), or to the end of the enclosing body. So
 * `ObjectId 3,`, `Interval { 333, 1333 },`, `0: { 0, 0, 1 },`, `NonLooping,` and
 * `EventObject "MRFx0001" { … }` are each one statement. A level's tokens hold each nested group
 * as one token (the scan matched the braces), so reading a Bone's ObjectId steps over its
 * animation tracks without lexing them; a statement's children are tokenized on first access.
 *
 * Every statement knows its token range and byte span, so edits rewrite exactly the spans they
 * change; comments, formatting and unknown keywords (`ShaderTypeId`, `SkinWeights`, …) stay as
 * they are.
 */
import { BYTE_CLOSE_BRACE, BYTE_OPEN_BRACE, isTrivia, lexToken, TokenKind } from './lexer';
import { firstBraceFrom, groupEnd, scanMdl, type MdlSource } from './scan';
import { decodeLatin1, mdlError } from './text';
import type { MdlBlock } from './types';

/**
 * Where a level's tokens are gathered (kept from level to level), before they are copied into arrays of their
 * exact length: a level allocates only what it keeps. Levels are tokenized one at a time.
 */
const gatheredKinds: number[] = [];
const gatheredStarts: number[] = [];
const gatheredEnds: number[] = [];
/** Past this many tokens, the gathering arrays are let go after the level (a text's top level may be huge). */
const GATHERED_KEPT = 4096;

/**
 * The tokens of one block level; a nested `{ … }` group is one OpenBrace token spanning the group. The token arrays
 * are plain arrays of small integers: most levels are tokenized for one read and let go, and plain arrays are made
 * and collected in the young generation, where a typed array's buffer is an allocation of its own outside the heap.
 */
export class MdlLevel {
  readonly source: MdlSource;
  readonly count: number;
  readonly kinds: readonly number[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];

  /** Tokenizes `bytes[from, to)`, one level deep. */
  constructor(source: MdlSource, from: number, to: number) {
    this.source = source;
    const { bytes, braceOffsets, bracePartners } = source;
    let brace = firstBraceFrom(source, from);
    const kinds = gatheredKinds;
    const starts = gatheredStarts;
    const ends = gatheredEnds;
    let count = 0;
    let index = from;
    while (index < to) {
      const code = bytes[index]!;
      let kind: number;
      let end: number;
      if (code === BYTE_OPEN_BRACE) {
        kind = TokenKind.OpenBrace;
        if (source.tables) {
          // braceOffsets[brace] === index: the scan saw the same braces outside strings and comments.
          const partner = bracePartners[brace]!;
          end = braceOffsets[partner]! + 1;
          brace = partner + 1;
        } else {
          end = groupEnd(bytes, index);
        }
      } else if (code === BYTE_CLOSE_BRACE) {
        throw mdlError(bytes, 'invalid', '(internal)', index, 'a level was cut across a block boundary');
      } else {
        const packed = lexToken(bytes, index, to);
        kind = packed % 16;
        end = (packed - kind) / 16;
        if (isTrivia(kind)) {
          index = end;
          continue;
        }
      }
      kinds[count] = kind;
      starts[count] = index;
      ends[count] = end;
      count += 1;
      index = end;
    }
    this.count = count;
    this.kinds = kinds.slice(0, count);
    this.starts = starts.slice(0, count);
    this.ends = ends.slice(0, count);
    if (count > GATHERED_KEPT) kinds.length = starts.length = ends.length = 0;
  }

  /** Kind of token `index`. */
  kindOf(index: number): number {
    return this.kinds[index]!;
  }

  /** Source text of token `index` (quotes included for strings, the whole group for a group). */
  textOf(index: number): string {
    return decodeLatin1(this.source.bytes, this.starts[index]!, this.ends[index]!);
  }

  /** The value of string token `index`, without its quotes. */
  stringOf(index: number): string {
    return decodeLatin1(this.source.bytes, this.starts[index]! + 1, this.ends[index]! - 1);
  }

  /** True when token `index` is the word `word` (compared byte by byte, nothing decoded). */
  isWord(index: number, word: string): boolean {
    if (this.kinds[index] !== TokenKind.Word) return false;
    const start = this.starts[index]!;
    if (this.ends[index]! - start !== word.length) return false;
    const bytes = this.source.bytes;
    for (let offset = 0; offset < word.length; offset += 1)
      if (bytes[start + offset] !== word.charCodeAt(offset)) return false;
    return true;
  }

  /** Splits the level into statements. */
  statements(parent: MdlStatement | null): MdlStatement[] {
    const statements: MdlStatement[] = [];
    let index = 0;
    while (index < this.count) {
      if (this.kinds[index] === TokenKind.Comma) {
        index += 1; // a stray comma between statements carries nothing
        continue;
      }
      const first = index;
      let group = -1;
      let last = this.count - 1;
      while (index < this.count) {
        const kind = this.kinds[index]!;
        index += 1;
        if (kind === TokenKind.Comma) {
          last = index - 1;
          break;
        }
        if (kind === TokenKind.OpenBrace) {
          group = index - 1;
          if (index < this.count && this.kinds[index] === TokenKind.Comma) index += 1;
          last = index - 1;
          break;
        }
      }
      statements.push(new MdlStatement(this, parent, first, last, group));
    }
    return statements;
  }
}

/** One statement of a block body (or of the top level). */
export class MdlStatement {
  /** The level holding the statement's tokens. */
  readonly level: MdlLevel;
  /** Index of its first token in `level`. */
  readonly first: number;
  /** Index of its last token (the `,`, the group, or the last value). */
  readonly last: number;
  /** Index of its `{ … }` group token, or -1. */
  readonly group: number;
  /** The enclosing statement, null at the top level. */
  readonly parent: MdlStatement | null;
  /** A top-level statement's block, once blocks.ts made it (null before, and for a nested statement). */
  block: MdlBlock | null = null;
  private childList: MdlStatement[] | null = null;

  constructor(level: MdlLevel, parent: MdlStatement | null, first: number, last: number, group: number) {
    this.level = level;
    this.parent = parent;
    this.first = first;
    this.last = last;
    this.group = group;
  }

  /** The first token's text when it is a word (`EventObject`, `ObjectId`, `static`), else ''. */
  get keyword(): string {
    return this.level.kindOf(this.first) === TokenKind.Word ? this.level.textOf(this.first) : '';
  }

  /** True when the first token is the word `word` (cheaper than comparing `keyword`). */
  is(word: string): boolean {
    return this.level.isWord(this.first, word);
  }

  /** Byte offset of the first token. */
  get start(): number {
    return this.level.starts[this.first]!;
  }

  /** Byte offset just past the last token (the trailing comma included). */
  get end(): number {
    return this.level.ends[this.last]!;
  }

  /** True when the statement has a `{ … }` block. */
  get hasBlock(): boolean {
    return this.group >= 0;
  }

  /** Offset of the block's `{`, or -1. */
  get open(): number {
    return this.group >= 0 ? this.level.starts[this.group]! : -1;
  }

  /** Offset of the block's `}`, or -1. */
  get close(): number {
    return this.group >= 0 ? this.level.ends[this.group]! - 1 : -1;
  }

  /** True when the statement ends with its own `,`. */
  get hasComma(): boolean {
    return this.level.kindOf(this.last) === TokenKind.Comma;
  }

  /** Statements of its block (empty when it has none), tokenized on first access. */
  get children(): readonly MdlStatement[] {
    if (this.childList === null) {
      this.childList =
        this.group >= 0 ? new MdlLevel(this.level.source, this.open + 1, this.close).statements(this) : [];
    }
    return this.childList;
  }

  /** True when its children have been tokenized (and are kept). */
  get tokenized(): boolean {
    return this.childList !== null;
  }

  /**
   * Lets its children go (they are tokenized again when next asked for): for a reader that took what it needed from
   * a block and keeps no child statement, so that a read text holds only its top-level statements' tokens.
   */
  releaseChildren(): void {
    this.childList = null;
  }

  /** Token indices after the first one, up to the block or the comma: `"name"` and `3` in `Bone "name" 3 {`. */
  get headerTokens(): number[] {
    const stop = this.group >= 0 ? this.group : this.hasComma ? this.last : this.last + 1;
    const tokens: number[] = [];
    for (let index = this.first + 1; index < stop; index += 1) tokens.push(index);
    return tokens;
  }

  /** `Keyword "name"` for block paths. */
  get label(): string {
    const keyword = this.keyword;
    if (keyword === '')
      return this.level.kindOf(this.first) === TokenKind.OpenBrace ? '{…}' : this.level.textOf(this.first);
    const name = this.headerTokens.find((token) => this.level.kindOf(token) === TokenKind.String);
    return name === undefined ? keyword : `${keyword} ${this.level.textOf(name)}`;
  }

  /** Block path from the top level, e.g. `EventObject "MRFx0001" > EventTrack`. */
  get path(): string {
    const labels: string[] = [];
    for (let statement: MdlStatement | null = this; statement !== null; statement = statement.parent)
      labels.push(statement.label);
    return labels.reverse().join(' > ');
  }

  /** The first child statement whose keyword is `keyword`, or undefined. */
  child(keyword: string): MdlStatement | undefined {
    return this.children.find((child) => child.is(keyword));
  }
}

/**
 * Gives structured-cloned statements back their prototypes, with their levels, their cached children (all the
 * tokenizing already done travels with them) and their parents. Nothing is tokenized or scanned again.
 */
export function reviveStatements(statements: readonly MdlStatement[]): void {
  const pending: MdlStatement[] = [...statements];
  for (let statement = pending.pop(); statement !== undefined; statement = pending.pop()) {
    if (Object.getPrototypeOf(statement) === MdlStatement.prototype) continue;
    Object.setPrototypeOf(statement, MdlStatement.prototype);
    if (Object.getPrototypeOf(statement.level) !== MdlLevel.prototype)
      Object.setPrototypeOf(statement.level, MdlLevel.prototype);
    if (statement.parent !== null) pending.push(statement.parent);
    const children = (statement as unknown as { childList: MdlStatement[] | null }).childList;
    if (children !== null) pending.push(...children);
  }
}

/** Validated MDL bytes and their top-level statements. */
export class MdlTree {
  readonly source: MdlSource;
  /** Top-level statements; each is a `Keyword … { … }` block (checked when the tree is built). */
  readonly statements: readonly MdlStatement[];
  private decoded: string | null = null;

  /** Scans the bytes and splits the top level; throws CodecError for text that is not MDL. */
  constructor(bytes: Uint8Array) {
    this.source = scanMdl(bytes);
    this.statements = new MdlLevel(this.source, this.source.textStart, bytes.length).statements(null);
    for (const statement of this.statements) this.checkTopLevel(statement);
  }

  /** The bytes. */
  get bytes(): Uint8Array {
    return this.source.bytes;
  }

  /** The whole text (latin1), decoded on first access. */
  get text(): string {
    this.decoded ??= decodeLatin1(this.source.bytes);
    return this.decoded;
  }

  private checkTopLevel(statement: MdlStatement): void {
    if (statement.hasBlock && statement.keyword !== '') return;
    const bytes = this.source.bytes;
    if (!statement.hasBlock && !statement.hasComma && statement.last === statement.level.count - 1) {
      throw mdlError(
        bytes,
        'truncated',
        statement.label,
        statement.start,
        'the text ends in a top-level statement that has no block',
      );
    }
    throw mdlError(
      bytes,
      'invalid',
      statement.label,
      statement.start,
      statement.keyword === ''
        ? 'expected a block keyword at the top level'
        : `top-level "${statement.keyword}" has no { } block`,
    );
  }
}
