/**
 * The reader against StormLib (Debian's smpq): archives built by smpq for every compression and
 * layout, and every file extracted exactly as `smpq -x` extracts it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildArchive,
  extractWithSmpq,
  listWithSmpq,
  smpqSkipReason,
  temporaryFolder,
  type AddOptions,
  type ArchiveInput,
} from '../../../tests/testing/smpq';
import { MpqArchive } from './archive';
import {
  FILE_COMPRESS,
  FILE_ENCRYPTED,
  FILE_FIX_KEY,
  FILE_IMPLODE,
  FILE_SECTOR_CRC,
  FILE_SINGLE_UNIT,
} from './constants';
import { memorySource } from './source';
import { byteDifference } from './testing/bytes';
import { noise, text, wav } from './testing/samples';

const skip = smpqSkipReason();

/** Files of every shape: empty, one byte, exactly one sector, many sectors, compressible or not. */
function generalFiles(prefix: string): ArchiveInput[] {
  return [
    { name: `${prefix}\\empty.txt`, bytes: new Uint8Array(0) },
    { name: `${prefix}\\one.bin`, bytes: new Uint8Array([7]) },
    { name: `${prefix}\\sector.txt`, bytes: text(4096, 5) },
    { name: `${prefix}\\Long Text.mdl`, bytes: text(70_001, 6) },
    { name: `${prefix}\\noise.blp`, bytes: noise(20_000, 7) },
    { name: `${prefix}\\mixed.mdx`, bytes: new Uint8Array([...text(9000, 8), ...noise(5000, 9), ...text(3000, 10)]) },
    { name: `${prefix}\\sparse.w3e`, bytes: sparse(30_000) },
  ];
}

/** Mostly zeros with short runs of text: what the sparse compression is for. */
function sparse(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  for (let at = 0; at < count; at += 997) bytes.set(text(Math.min(40, count - at), at), at);
  return bytes;
}

/** The mask byte of the first sector of an unencrypted sector-based file (-1 when that sector is stored raw). */
function firstSectorMask(archive: MpqArchive, bytes: Uint8Array, name: string): number {
  const entry = archive.find(name)!;
  const view = new DataView(bytes.buffer, bytes.byteOffset + entry.offset);
  const start = view.getUint32(0, true);
  const stored = view.getUint32(4, true) - start;
  return stored < Math.min(archive.sectorSize, entry.fileSize) ? bytes[entry.offset + start]! : -1;
}

function waveFiles(prefix: string): ArchiveInput[] {
  return [
    { name: `${prefix}\\mono.wav`, bytes: wav(9_000, 1, 11) },
    { name: `${prefix}\\stereo.wav`, bytes: wav(7_001, 2, 12) },
  ];
}

async function open(path: string, listfile?: string[]): Promise<MpqArchive> {
  return MpqArchive.open(memorySource(new Uint8Array(readFileSync(path))), listfile ? { listfile } : {});
}

/** Builds an archive with smpq and checks every file smpq extracts reads back identical. */
async function expectLikeSmpq(groups: ReadonlyArray<{ files: ArchiveInput[]; options?: AddOptions }>) {
  const folder = temporaryFolder();
  const path = join(folder, 'test.mpq');
  buildArchive(path, groups);
  const archive = await open(path);
  const expected = extractWithSmpq(path);
  const inputs = groups.flatMap((group) => group.files);
  expect(expected.size).toBeGreaterThanOrEqual(inputs.length);
  for (const [name, bytes] of expected) expect(byteDifference(await archive.read(name), bytes), name).toBe('same');
  const listed = archive.entries().map((entry) => entry.label);
  for (const name of listWithSmpq(path)) expect(listed, name).toContain(name);
  return { archive, inputs, expected, bytes: new Uint8Array(readFileSync(path)) };
}

describe.skipIf(skip !== null)(`MPQ reader against smpq${skip ? ` (skipped: ${skip})` : ''}`, () => {
  /** Each compression smpq offers and the mask its compressible files' sectors carry. */
  const compressions: ReadonlyArray<[string, number]> = [
    ['none', -1],
    ['ZLIB', 0x02],
    ['PKWARE', 0x08],
    ['BZIP2', 0x10],
    ['HUFFMANN', 0x01],
    ['ZLIB+PKWARE', 0x02],
    ['BZIP2+PKWARE', 0x08], // smpq keeps the last method it is given
    ['SPARSE', 0x20],
    ['SPARSE+ZLIB', 0x22],
    ['SPARSE+BZIP2+PKWARE', 0x28],
  ];
  for (const [compression, mask] of compressions) {
    it(`reads ${compression} files as smpq extracts them`, async () => {
      const { archive, inputs, bytes } = await expectLikeSmpq([
        { files: generalFiles('Data'), options: { compression } },
      ]);
      if (mask !== -1) expect(firstSectorMask(archive, bytes, 'Data\\sparse.w3e')).toBe(mask);
      // Lossless compressions: the bytes are the input's.
      for (const input of inputs)
        expect(byteDifference(await archive.read(input.name), input.bytes), input.name).toBe('same');
    });
  }

  it('reads IMPLODE files (the whole-file flag, not the mask) as smpq extracts them', async () => {
    const { archive, inputs } = await expectLikeSmpq([
      { files: generalFiles('Imploded'), options: { compression: 'IMPLODE' } },
    ]);
    const flags = archive.find('Imploded\\Long Text.mdl')!.flags;
    expect(flags & FILE_IMPLODE).toBe(FILE_IMPLODE);
    expect(flags & FILE_COMPRESS).toBe(0);
    for (const input of inputs) expect(byteDifference(await archive.read(input.name), input.bytes)).toBe('same');
  });

  for (const compression of ['ADPCM_MONO', 'ADPCM_STEREO', 'HUFFMANN+ADPCM_MONO', 'HUFFMANN+ADPCM_STEREO']) {
    it(`reads WAV files compressed with ${compression} as smpq extracts them (lossy)`, async () => {
      const { archive, inputs, expected, bytes } = await expectLikeSmpq([
        { files: waveFiles('Sound'), options: { compression } },
      ]);
      const mask = (compression.startsWith('HUFFMANN') ? 0x01 : 0) | (compression.endsWith('STEREO') ? 0x80 : 0x40);
      expect(firstSectorMask(archive, bytes, 'Sound\\mono.wav')).toBe(mask);
      for (const input of inputs) {
        const ours = await archive.read(input.name);
        expect(ours.length).toBe(input.bytes.length);
        expect(ours).toEqual(expected.get(input.name));
      }
    });
  }

  it('reads encrypted files (with and without the offset-adjusted key), single units, sector checksums', async () => {
    const { archive } = await expectLikeSmpq([
      { files: generalFiles('Encrypted'), options: { encrypt: true } },
      { files: generalFiles('FixKey'), options: { encrypt: true, fixKey: true, compression: 'BZIP2' } },
      { files: generalFiles('Single'), options: { singleUnit: true } },
      { files: generalFiles('Checked'), options: { sectorCrc: true } },
      { files: generalFiles('CheckedCrypt'), options: { sectorCrc: true, encrypt: true, compression: 'PKWARE' } },
      { files: waveFiles('Wave'), options: { compression: 'HUFFMANN+ADPCM_STEREO', encrypt: true, fixKey: true } },
    ]);
    expect(archive.find('FixKey\\noise.blp')!.flags & (FILE_ENCRYPTED | FILE_FIX_KEY)).toBe(
      FILE_ENCRYPTED | FILE_FIX_KEY,
    );
    expect(archive.find('Single\\Long Text.mdl')!.flags & FILE_SINGLE_UNIT).toBe(FILE_SINGLE_UNIT);
    expect(archive.find('Checked\\Long Text.mdl')!.flags & FILE_SECTOR_CRC).toBe(FILE_SECTOR_CRC);
  });

  it('lists unnamed entries by index, recovers encrypted keys, names them from a user listfile', async () => {
    const folder = temporaryFolder();
    const path = join(folder, 'unnamed.mpq');
    const files = generalFiles('Hidden');
    buildArchive(path, [{ files, options: { encrypt: true } }]);
    const full = await open(path);
    const listfile = full.find('(listfile)')!;
    // Drop the names: read without the archive's listfile by opening a copy whose listfile entry is unknown.
    const bytes = new Uint8Array(readFileSync(path));
    const archive = await MpqArchive.open(memorySource(bytes));
    archive['names'].clear();
    const unnamed = archive.entries().filter((entry) => entry.name === null);
    expect(unnamed.length).toBeGreaterThanOrEqual(files.length);
    expect(unnamed.every((entry) => /^File\d{8}\.xxx$/.test(entry.label))).toBe(true);
    const longText = unnamed.find((entry) => entry.blockIndex === full.find('Hidden\\Long Text.mdl')!.blockIndex)!;
    expect(byteDifference(await archive.read(longText), files[3]!.bytes)).toBe('same');
    expect(listfile.name).toBe('(listfile)');
    expect(archive.addNames(files.map((file) => file.name))).toBe(files.length);
    expect(archive.find('hidden\\LONG TEXT.MDL')!.name).toBe('hidden\\LONG TEXT.MDL');
  });
});
