/**
 * Reading values out of statements: numbers, integers, strings and `{ a, b, c }` vectors.
 *
 * A value the codec interprets (an ObjectId, a frame, an interval) that is not a number is a
 * CodecError naming the block path and the character offset: such a model cannot be represented.
 */
import { TokenKind } from './lexer';
import { mdlError } from './text';
import { MdlLevel, type MdlStatement } from './tree';

/**
 * The number in token `token` of `statement`'s level; throws CodecError when it is not a number,
 * naming `context`'s block path (the statement itself unless given).
 */
export function numberAt(statement: MdlStatement, token: number, context: MdlStatement = statement): number {
  const level = statement.level;
  if (level.kindOf(token) !== TokenKind.Number) {
    throw mdlError(
      level.source.bytes,
      'invalid',
      context.path,
      level.starts[token]!,
      `expected a number, found ${quoted(level, token)}`,
    );
  }
  return Number(level.textOf(token));
}

/** The integer in token `token`; throws CodecError when it is not an integer. */
export function integerAt(statement: MdlStatement, token: number, context: MdlStatement = statement): number {
  const value = numberAt(statement, token, context);
  if (!Number.isSafeInteger(value)) {
    const level = statement.level;
    throw mdlError(
      level.source.bytes,
      'invalid',
      context.path,
      level.starts[token]!,
      `expected an integer, found ${quoted(level, token)}`,
    );
  }
  return value;
}

function quoted(level: MdlLevel, token: number): string {
  const text = level.textOf(token);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** The token right after the keyword (`3` in `ObjectId 3,`), or -1 when the statement has only its keyword. */
export function valueToken(statement: MdlStatement): number {
  const header = statement.headerTokens;
  return header.length > 0 ? header[0]! : -1;
}

function requireValue(statement: MdlStatement): number {
  const token = valueToken(statement);
  if (token < 0) {
    throw mdlError(
      statement.level.source.bytes,
      'invalid',
      statement.path,
      statement.end,
      `"${statement.keyword}" has no value`,
    );
  }
  return token;
}

/** The integer value of `Key N,`; throws CodecError when it is missing or not an integer. */
export function integerValue(statement: MdlStatement): number {
  return integerAt(statement, requireValue(statement));
}

/** The number value of `Key x,`; throws CodecError when it is missing or not a number. */
export function numberValue(statement: MdlStatement): number {
  return numberAt(statement, requireValue(statement));
}

/** The string value of `Key "text",`, or null when the first value is not a string. */
export function stringValue(statement: MdlStatement): string | null {
  const token = valueToken(statement);
  return token >= 0 && statement.level.kindOf(token) === TokenKind.String ? statement.level.stringOf(token) : null;
}

/** Token index of the statement's name (its first header string), or -1. */
export function nameToken(statement: MdlStatement): number {
  return statement.headerTokens.find((token) => statement.level.kindOf(token) === TokenKind.String) ?? -1;
}

/** The name of `Keyword "name" … { … }`, or '' when it has none. */
export function statementName(statement: MdlStatement): string {
  const token = nameToken(statement);
  return token < 0 ? '' : statement.level.stringOf(token);
}

/** Token index of the count in `Keyword ["name"] N {`, or -1 when the header has no number. */
export function countToken(statement: MdlStatement): number {
  return statement.headerTokens.find((token) => statement.level.kindOf(token) === TokenKind.Number) ?? -1;
}

/** The declared count of `Keyword N { … }`, or null when the header has none. */
export function declaredCount(statement: MdlStatement): number | null {
  const token = countToken(statement);
  return token < 0 ? null : integerAt(statement, token);
}

/** The numbers of the statement's `{ a, b, c }` block; throws CodecError on anything else. */
export function vectorValue(statement: MdlStatement): number[] {
  const values: number[] = [];
  if (!statement.hasBlock) return values;
  const level = new MdlLevel(statement.level.source, statement.open + 1, statement.close);
  for (let token = 0; token < level.count; token += 1) {
    if (level.kindOf(token) === TokenKind.Comma) continue;
    if (level.kindOf(token) !== TokenKind.Number) {
      throw mdlError(
        level.source.bytes,
        'invalid',
        statement.path,
        level.starts[token]!,
        `expected a number, found ${quoted(level, token)}`,
      );
    }
    values.push(Number(level.textOf(token)));
  }
  return values;
}
