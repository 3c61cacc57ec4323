/**
 * The SYLK dialect Warcraft III's tables are written in (`Splats\SplatData.slk`, `UI\SoundInfo\AnimSounds.slk`, …),
 * read as the game and its tools write it: an `ID` record first, then records one per line, fields split by `;`
 * (`;;` is a literal semicolon), `C` records holding a cell value (`K`) at a column (`X`) and row (`Y`), both
 * 1-based and both carried over from the previous record when left out (`F` records move the cursor too), strings in
 * double quotes, numbers, `TRUE`/`FALSE`, and an `E` record last. `B` (bounds), `P`/`F`/`O` (formats, options) and
 * `NN`/`NE`/`W` records are skipped; a `B` record's counts are not trusted (the game's UberSplatData.slk gets them
 * wrong) and nothing is sized from them.
 *
 * Refused, as a {@link CodecError} (format `slk`) naming the row, the column and the character offset: a file that
 * does not start with `ID`, a file cut short (no `E` record, an unterminated string), a column or row that is not a
 * whole number from 1 to {@link MAX_SLK_COLUMNS} / {@link MAX_SLK_ROWS}, and a value in a column past the last one
 * row 1 names (a row with more columns than the table has). Text is decoded as latin1 (one character per byte), so
 * character offsets are byte offsets.
 */
import { CodecError, type CodecErrorKind } from '../binary/codec-error';

/** Columns a table may have: the game's widest SLK has under 300. */
export const MAX_SLK_COLUMNS = 1024;
/** Rows a table may have: the game's longest SLK has a few thousand. */
export const MAX_SLK_ROWS = 65536;
/** Characters a table may hold (16 MiB); the game's largest SLK is under 2 MiB. */
export const MAX_SLK_CHARACTERS = 16 * 1024 * 1024;

/** A value as the file holds it: text (quoted strings, and unquoted values other than numbers) or a number. */
export type SlkValue = string | number;

/** A table: row 1 is the header (column names), rows from 2 on the data. */
export interface SlkTable {
  /** The file the table was read from, for messages. */
  fileName: string;
  /** Rows in file order of their number; `rows[y - 1]` is row y (1-based), undefined when the file has none. */
  rows: (SlkValue | undefined)[][];
  /** The header's names (row 1), by column (0-based); an unnamed column is ''. */
  columns: string[];
  /** Per row (0-based like `rows`): the character offset of its first value in the file. */
  rowOffsets: number[];
}

/** Where a cell sits, for messages: `row 12, column 3 (Scale)`. */
export function cellWhere(row: number, column: number, name?: string): string {
  return `row ${row}, column ${column}${name ? ` (${name})` : ''}`;
}

function slkError(
  kind: CodecErrorKind,
  fileName: string,
  row: number,
  column: number,
  offset: number,
  detail: string,
): CodecError {
  return new CodecError({ format: 'slk', kind, where: cellWhere(row, column), offset, detail, fileName });
}

/** Decodes bytes as latin1 in slices (no argument-count blowups on large files). */
function latin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192)
    parts.push(String.fromCharCode.apply(null, bytes.subarray(start, start + 8192) as unknown as number[]));
  return parts.join('');
}

/** A value field's text (after `K`) as a value: a quoted string unquoted, a number, else the text itself. */
function parseValue(text: string): SlkValue {
  if (text.charCodeAt(0) === 34 /* " */) return text.slice(1, text.endsWith('"') ? -1 : undefined);
  if (text.length > 0 && text.length < 32) {
    const number = Number(text);
    if (!Number.isNaN(number) && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return number;
  }
  return text;
}

/** A 1-based coordinate from a field's digits, or an error naming where the cursor is. */
function coordinate(
  digits: string,
  limit: number,
  axis: 'row' | 'column',
  fileName: string,
  row: number,
  column: number,
  offset: number,
): number {
  if (!/^\d{1,10}$/.test(digits))
    throw slkError('invalid', fileName, row, column, offset, `the ${axis} "${digits.slice(0, 20)}" is not a number`);
  const value = Number(digits);
  if (value < 1 || value > limit)
    throw slkError('limit', fileName, row, column, offset, `${axis} ${value} is outside 1 to ${limit}`);
  return value;
}

/** Reads a table. `bytes` is the file; `fileName` names it in errors. */
export function readSlk(bytes: Uint8Array | string, fileName: string): SlkTable {
  if (bytes.length > MAX_SLK_CHARACTERS)
    throw slkError('limit', fileName, 1, 1, 0, `the file has ${bytes.length} bytes, more than ${MAX_SLK_CHARACTERS}`);
  const text = typeof bytes === 'string' ? bytes : latin1(bytes);
  if (!text.startsWith('ID')) throw slkError('invalid', fileName, 1, 1, 0, 'an SLK file starts with an ID record');
  const rows: (SlkValue | undefined)[][] = [];
  /** Per row: the offset of the value that set its last column (for the column-count error). */
  const lastCellOffsets: number[] = [];
  const rowOffsets: number[] = [];
  let row = 1;
  let column = 1;
  let ended = false;
  let position = 0;
  while (position < text.length) {
    let end = text.indexOf('\n', position);
    if (end < 0) end = text.length;
    const lineStart = position;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(position, end - 1) : text.slice(position, end);
    position = end + 1;
    if (line.length === 0) continue;
    const type = line.charCodeAt(0);
    // Only C (cell) and F (format, which can move the cursor) records matter; E ends the file.
    if (type === 69 /* E */) {
      ended = true;
      break;
    }
    if ((type !== 67 /* C */ && type !== 70) /* F */ || line.charCodeAt(1) !== 59 /* ; */) continue;
    let value: string | null = null;
    let valueOffset = lineStart;
    let field = 2;
    while (field <= line.length) {
      // A field runs to the next ';' that is not doubled (';;' is a literal semicolon).
      let next = field;
      let hasEscape = false;
      for (;;) {
        next = line.indexOf(';', next);
        if (next < 0 || line.charCodeAt(next + 1) !== 59) break;
        hasEscape = true;
        next += 2;
      }
      if (next < 0) next = line.length;
      const raw = line.slice(field, next);
      const fieldOffset = lineStart + field;
      field = next + 1;
      if (raw.length === 0) continue;
      const code = raw.charCodeAt(0);
      if (code === 88 /* X */)
        column = coordinate(raw.slice(1), MAX_SLK_COLUMNS, 'column', fileName, row, column, fieldOffset);
      else if (code === 89 /* Y */)
        row = coordinate(raw.slice(1), MAX_SLK_ROWS, 'row', fileName, row, column, fieldOffset);
      else if (code === 75 /* K */ && type === 67) {
        value = hasEscape ? raw.slice(1).replaceAll(';;', ';') : raw.slice(1);
        valueOffset = fieldOffset;
        if (value.charCodeAt(0) === 34 && (value.length < 2 || !value.endsWith('"')))
          throw slkError('truncated', fileName, row, column, fieldOffset, 'a string value has no closing quote');
      }
    }
    if (value === null) continue;
    let cells = rows[row - 1];
    if (!cells) {
      // Rows are made as the file reaches them: never sized from a declared count.
      while (rows.length < row - 1) rows.push(undefined as never);
      cells = [];
      rows[row - 1] = cells;
      rowOffsets[row - 1] = valueOffset;
    }
    while (cells.length < column - 1) cells.push(undefined);
    if (column >= cells.length) lastCellOffsets[row - 1] = valueOffset;
    cells[column - 1] = parseValue(value);
  }
  if (!ended)
    throw slkError('truncated', fileName, row, column, text.length, 'the file ends before its E record (a row is cut)');
  const header = rows[0] ?? [];
  const columns = header.map((name) => (name === undefined ? '' : String(name)));
  for (let index = 1; index < rows.length; index += 1) {
    const cells = rows[index];
    if (cells && cells.length > columns.length)
      throw slkError(
        'invalid',
        fileName,
        index + 1,
        cells.length,
        lastCellOffsets[index] ?? 0,
        `the row has a value in column ${cells.length}, past the ${columns.length} columns row 1 names`,
      );
  }
  return { fileName, rows, columns, rowOffsets };
}
