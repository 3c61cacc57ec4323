import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { readSlk } from './slk';
import { writeSlk } from './testing/tables';

function codecError(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
  throw new Error('expected a CodecError');
}

describe('readSlk', () => {
  it('reads the dialect the game writes: cursor carried over, quoted text, numbers, ;; escapes', () => {
    const text =
      'ID;PWXL;N;E\r\nP;PGeneral\r\nB;X3;Y3;D0 0 2 2\r\nC;X1;Y1;K"Name"\r\nC;X2;K"Model"\r\nC;X3;K"Scale"\r\n' +
      'F;X1;Y2\r\nC;K"HBF0"\r\nC;X2;K"a;;b.mdl"\r\nC;X3;K1.5\r\nC;Y3;X1;K"HBL0"\r\nC;X3;K-2e1\r\nE\r\n';
    const table = readSlk(text, 'SpawnData.slk');
    expect(table.columns).toEqual(['Name', 'Model', 'Scale']);
    expect(table.rows[1]).toEqual(['HBF0', 'a;b.mdl', 1.5]);
    expect(table.rows[2]).toEqual(['HBL0', undefined, -20]);
  });

  it('round-trips the test writer', () => {
    const rows = [
      ['Name', 'file', 'Scale'],
      ['AAA0', 'x;y', 12],
      ['AAA1', undefined, 0.25],
    ];
    expect(readSlk(writeSlk(rows), 't.slk').rows).toEqual(rows);
  });

  it('refuses a file that is not SLK, naming the file, row and column', () => {
    const error = codecError(() => readSlk('hello', 'Splats\\SplatData.slk'));
    expect(error.message).toBe(
      'Splats\\SplatData.slk: SLK invalid at row 1, column 1 (byte 0): an SLK file starts with an ID record',
    );
  });

  it('refuses a cut row (no E record) and an unterminated string, naming row and column', () => {
    const cut = writeSlk([
      ['Name', 'Model'],
      ['HBF0', 'x.mdl'],
    ]).replace(/E\r\n$/, '');
    const error = codecError(() => readSlk(cut, 'SpawnData.slk'));
    expect(error.kind).toBe('truncated');
    expect(error.where).toBe('row 2, column 2');
    const open = 'ID;P\r\nC;X1;Y1;K"Name"\r\nC;X1;Y2;K"HBF\r\nE\r\n';
    const unterminated = codecError(() => readSlk(open, 'SpawnData.slk'));
    expect(unterminated.kind).toBe('truncated');
    expect(unterminated.message).toContain('SpawnData.slk: SLK truncated at row 2, column 1');
  });

  it('refuses a row with more columns than row 1 names', () => {
    const text = writeSlk([
      ['Name', 'Model'],
      ['HBF0', 'x.mdl', 'extra'],
    ]);
    const error = codecError(() => readSlk(text, 'SpawnData.slk'));
    expect(error.where).toBe('row 2, column 3');
    expect(error.detail).toContain('past the 2 columns row 1 names');
    expect(error.offset).toBe(text.indexOf('K"extra"'));
  });

  it('refuses hostile coordinates without allocating for them', () => {
    for (const field of ['Y99999999', 'X4096', 'Y0', 'Xabc', 'Y18446744073709551616']) {
      const error = codecError(() => readSlk(`ID;P\r\nC;X1;Y1;K"Name"\r\nC;${field};K1\r\nE\r\n`, 'Huge.slk'));
      expect(error.message).toMatch(/^Huge\.slk: SLK (limit|invalid) at row 1, column 1/);
    }
  });
});
