import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { TOKEN_KIND_NAMES } from './lexer';
import { scanMdl } from './scan';
import { decodeMdlBytes, encodeMdlText, lineColumnAt } from './text';
import { FIXTURE_MDL } from './testing/fixtures';
import { tokenizeMdl, TokenKind } from './tokenizer';

/** `[kind name, text]` of every token. */
function tokens(text: string, trivia = false): [string, string][] {
  const result = tokenizeMdl(text, { trivia });
  const list: [string, string][] = [];
  for (let index = 0; index < result.count; index += 1) {
    list.push([TOKEN_KIND_NAMES[result.kinds[index]!]!, text.slice(result.starts[index]!, result.ends[index]!)]);
  }
  return list;
}

describe('MDL tokenizer', () => {
  it('reproduces the source exactly from its token spans (trivia included)', () => {
    const result = tokenizeMdl(FIXTURE_MDL, { trivia: true });
    let rebuilt = '';
    let expectedStart = 0;
    for (let index = 0; index < result.count; index += 1) {
      expect(result.starts[index]).toBe(expectedStart);
      rebuilt += FIXTURE_MDL.slice(result.starts[index]!, result.ends[index]!);
      expectedStart = result.ends[index]!;
    }
    expect(rebuilt).toBe(FIXTURE_MDL);
  });

  it('reads words, strings, numbers of every form and punctuation', () => {
    expect(
      tokens('Anim "Walk Fast" { Interval { 333, -1333 }, MoveSpeed 1.5e+2, Rarity -0.25, X 1e-004, Y .5, Z 7. }'),
    ).toEqual([
      ['Word', 'Anim'],
      ['String', '"Walk Fast"'],
      ['OpenBrace', '{'],
      ['Word', 'Interval'],
      ['OpenBrace', '{'],
      ['Number', '333'],
      ['Comma', ','],
      ['Number', '-1333'],
      ['CloseBrace', '}'],
      ['Comma', ','],
      ['Word', 'MoveSpeed'],
      ['Number', '1.5e+2'],
      ['Comma', ','],
      ['Word', 'Rarity'],
      ['Number', '-0.25'],
      ['Comma', ','],
      ['Word', 'X'],
      ['Number', '1e-004'],
      ['Comma', ','],
      ['Word', 'Y'],
      ['Number', '.5'],
      ['Comma', ','],
      ['Word', 'Z'],
      ['Number', '7.'],
      ['CloseBrace', '}'],
    ]);
  });

  it('keeps words that only look like numbers as words (1.#IND, 1e, -, 0x10)', () => {
    expect(tokens('1.#IND 1e - 0x10 e5').map(([kind]) => kind)).toEqual(['Word', 'Word', 'Word', 'Word', 'Word']);
  });

  it('reads key frames as number, colon, vector', () => {
    expect(tokens('333: { 1, 2 },').map(([kind]) => kind)).toEqual([
      'Number',
      'Colon',
      'OpenBrace',
      'Number',
      'Comma',
      'Number',
      'CloseBrace',
      'Comma',
    ]);
  });

  it('reads strings without escapes, so game paths keep their backslashes', () => {
    expect(tokens('Path "Abilities\\Weapons\\Foo.mdl", Image "a\\",')).toEqual([
      ['Word', 'Path'],
      ['String', '"Abilities\\Weapons\\Foo.mdl"'],
      ['Comma', ','],
      ['Word', 'Image'],
      ['String', '"a\\"'],
      ['Comma', ','],
    ]);
  });

  it('treats // and /* */ as comments, also right after a value and inside blocks', () => {
    const text = 'Parent 0, // "Arrow" { not a block\nBone /* { */ "B" {}//tail';
    expect(tokens(text)).toEqual([
      ['Word', 'Parent'],
      ['Number', '0'],
      ['Comma', ','],
      ['Word', 'Bone'],
      ['String', '"B"'],
      ['OpenBrace', '{'],
      ['CloseBrace', '}'],
    ]);
    expect(tokens(text, true).filter(([kind]) => kind.endsWith('Comment'))).toEqual([
      ['LineComment', '// "Arrow" { not a block'],
      ['BlockComment', '/* { */'],
      ['LineComment', '//tail'],
    ]);
  });

  it('ends a word at a comment opener but not at a lone slash', () => {
    expect(tokens('a/b c//d')).toEqual([
      ['Word', 'a/b'],
      ['Word', 'c'],
    ]);
  });

  it('matches braces', () => {
    const result = tokenizeMdl('A { B { } C { } }');
    const pairs: [number, number][] = [];
    for (let index = 0; index < result.count; index += 1) {
      if (result.kinds[index] === TokenKind.OpenBrace) pairs.push([index, result.partners[index]!]);
    }
    expect(pairs).toEqual([
      [1, 8],
      [3, 4],
      [6, 7],
    ]);
  });

  it('skips a UTF-8 byte order mark at the start', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encodeMdlText('Version { FormatVersion 800, }')]);
    const result = tokenizeMdl(bytes, { trivia: true });
    expect(result.kinds[0]).toBe(TokenKind.Whitespace);
    expect(result.ends[0]).toBe(3);
    expect(result.kinds[1]).toBe(TokenKind.Word);
  });

  it('keeps every byte: latin1 decoding and encoding are lossless', () => {
    const bytes = new Uint8Array(256);
    for (let index = 0; index < 256; index += 1) bytes[index] = index;
    expect(encodeMdlText(decodeMdlBytes(bytes))).toEqual(bytes);
    const long = new Uint8Array(100_000).map((_, index) => (index * 7) & 0xff);
    const roundTripped = encodeMdlText(decodeMdlBytes(long));
    expect(roundTripped.length).toBe(long.length);
    expect(roundTripped.every((value, index) => value === long[index])).toBe(true);
  });

  it('reports lines and columns from 1, for LF, CRLF and CR line ends', () => {
    const bytes = encodeMdlText('ab\ncd\r\nef\rgh');
    expect(lineColumnAt(bytes, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt(bytes, 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt(bytes, 7)).toEqual({ line: 3, column: 1 });
    expect(lineColumnAt(bytes, 11)).toEqual({ line: 4, column: 2 });
  });
});

describe('MDL tokenizer refusals', () => {
  it('refuses an unterminated string, naming the block path and the line and column', () => {
    const error = codecError(() => scanMdl(encodeMdlText('EventObject "MRFx0001" {\n\tPath "abc\n')));
    expect(error.format).toBe('mdl');
    expect(error.kind).toBe('truncated');
    expect(error.where).toBe('EventObject "MRFx0001"');
    expect(error.offset).toBe(31);
    expect(error.detail).toMatch(/string is not closed.*\(line 2, column 7\)/);
  });

  it('refuses an unterminated block comment', () => {
    const error = codecError(() => tokenizeMdl('Model "M" { /* never closed }'));
    expect(error.kind).toBe('truncated');
    expect(error.where).toBe('Model "M"');
    expect(error.detail).toMatch(/comment is not closed/);
  });

  it('refuses a block never closed, naming the innermost open block path', () => {
    const text =
      'Version {\n\tFormatVersion 800,\n}\nEventObject "MRFx0001" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t100,\n';
    const error = codecError(() => tokenizeMdl(text));
    expect(error.kind).toBe('truncated');
    expect(error.where).toBe('EventObject "MRFx0001" > EventTrack');
    expect(error.offset).toBe(text.length);
    expect(error.detail).toMatch(/ends inside 2 nested blocks.*\(line 8, column 1\)/);
    expect(error.message).toContain('MDL truncated at EventObject "MRFx0001" > EventTrack (character');
  });

  it('names anonymous blocks and key frames in the path', () => {
    const error = codecError(() => tokenizeMdl('Bone "B" { ObjectId 0, Rotation 1 { Linear, 0: { 0, 0'));
    expect(error.where).toBe('Bone "B" > Rotation > {…}');
  });

  it('refuses a } that closes nothing', () => {
    const error = codecError(() => tokenizeMdl('Version { }\n}'));
    expect(error.kind).toBe('invalid');
    expect(error.offset).toBe(12);
  });

  it('refuses control bytes outside strings and comments (binary data is not MDL)', () => {
    const error = codecError(() =>
      tokenizeMdl(new Uint8Array([0x4d, 0x44, 0x4c, 0x58, 0x56, 0x45, 0x52, 0x53, 0x04, 0x00])),
    );
    expect(error.kind).toBe('invalid');
    expect(error.offset).toBe(8);
    expect(error.detail).toMatch(/control byte 0x04/);
  });
});
