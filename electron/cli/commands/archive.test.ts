/**
 * `morf archive` and `--data FOLDER_OR_ARCHIVE`, in-process: list (text and JSON), extract with
 * wildcards, add and remove (atomic, `.bak` kept, every other file kept), a damaged map refused in
 * one line naming the archive, the entry and the offset (exit 2), and capes found in a map's archive
 * or a folder, first match wins.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MpqArchive } from '../../../shared/archives/mpq/archive';
import { FILE_ENCRYPTED } from '../../../shared/archives/mpq/constants';
import { decryptInPlace, encryptInPlace, readWord, writeWord } from '../../../shared/archives/mpq/crypto';
import { BLOCK_TABLE_KEY } from '../../../shared/archives/mpq/tables';
import { memorySource } from '../../../shared/archives/mpq/source';
import { byteDifference } from '../../../shared/archives/mpq/testing/bytes';
import { noise, text } from '../../../shared/archives/mpq/testing/samples';
import { emptyMpq, writeMpq } from '../../../shared/archives/mpq/writer';
import { inProcessMorf } from '../testing/run-cli';
import { extractionPath, wildcard } from './archive';

const root = join(import.meta.dirname, '..', '..', '..');
const CAPE = 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0000.mrf';
let folder: string;
const morf = inProcessMorf(() => folder);

/** A map (HM3W block, then the archive) holding `files`, with a (listfile). */
async function makeMap(files: ReadonlyMap<string, Uint8Array>): Promise<Uint8Array> {
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const edits = [...files].map(([name, bytes]) => ({ kind: 'put' as const, name, bytes }));
  const { bytes } = await writeMpq(base, edits, { createListfile: true });
  const map = new Uint8Array(512 + bytes.length);
  map.set([0x48, 0x4d, 0x33, 0x57]);
  map.set(bytes, 512);
  return map;
}

const sampleCape = readFileSync(
  join(root, 'assets', 'sample', 'data', 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0000.mrf'),
);
const FILES = new Map<string, Uint8Array>([
  ['war3map.j', text(9_000, 1)],
  ['Units\\Footman.mdx', noise(3_000, 2)],
  [CAPE, new Uint8Array(sampleCape)],
]);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'morf-archive-'));
  writeFileSync(join(folder, 'map.w3x'), await makeMap(FILES));
  copyFileSync(join(root, 'assets', 'sample', 'ArthasIllidanSample.mdx'), join(folder, 'sample.mdx'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf archive', () => {
  it('lists one path per line, and JSON with sizes and layout', async () => {
    const listed = await morf('archive', 'list', 'map.w3x');
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').sort()).toEqual([...FILES.keys(), '(listfile)'].sort());
    const json = await morf('archive', 'list', 'map.w3x', '--json');
    const parsed = JSON.parse(json.stdout) as { files: { path: string; size: number; named: boolean }[] };
    expect(parsed.files.find((file) => file.path === 'war3map.j')).toMatchObject({ size: 9_000, named: true });
  });

  it('extracts every file, or those matching case-insensitive wildcards, with backslashes as folders', async () => {
    const all = await morf('archive', 'extract', 'map.w3x', '-o', 'all');
    expect(all.code).toBe(0);
    expect(readFileSync(join(folder, 'all', 'Units', 'Footman.mdx'))).toEqual(
      Buffer.from(FILES.get('Units\\Footman.mdx')!),
    );
    const some = await morf('archive', 'extract', 'map.w3x', '*.MRF', 'war3map.?', '-o', 'some');
    expect(some.stdout).toMatch(/extracted 2 files/);
    expect(existsSync(join(folder, 'some', 'war3map.j'))).toBe(true);
    expect(existsSync(join(folder, 'some', 'Units'))).toBe(false);
  });

  it('adds, replaces and removes files atomically, keeping MAP.bak and every other file', async () => {
    writeFileSync(join(folder, 'edit.w3x'), readFileSync(join(folder, 'map.w3x')));
    writeFileSync(join(folder, 'new.blp'), noise(5_000, 9));
    const added = await morf('archive', 'add', 'edit.w3x', 'new.blp', '--as', 'Textures\\New.blp');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/added Textures\\New\.blp/);
    expect(readFileSync(join(folder, 'edit.w3x.bak')).equals(readFileSync(join(folder, 'map.w3x')))).toBe(true);
    const replaced = await morf('archive', 'add', 'edit.w3x', 'new.blp', '--as', 'units\\footman.MDX');
    expect(replaced.stdout).toMatch(/replaced/);
    const removed = await morf('archive', 'remove', 'edit.w3x', 'war3map.j');
    expect(removed.code).toBe(0);
    const archive = await MpqArchive.open(memorySource(new Uint8Array(readFileSync(join(folder, 'edit.w3x')))));
    expect(archive.find('war3map.j')).toBeNull();
    expect(await archive.read('Textures\\New.blp')).toEqual(noise(5_000, 9));
    expect(await archive.read('Units\\Footman.mdx')).toEqual(noise(5_000, 9));
    expect(byteDifference(await archive.read(CAPE), FILES.get(CAPE)!)).toBe('same');
    const noMap = await morf('archive', 'add', 'absent.w3x', 'new.blp', '--as', 'x.blp');
    expect(noMap).toMatchObject({ code: 2, stderr: 'morf archive: absent.w3x: no such file or folder\n' });
    const missing = await morf('archive', 'remove', 'edit.w3x', 'nothing.txt');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nothing\.txt.*no such file/);
  });

  it('refuses a damaged map in one line naming the archive, the entry and the offset, exit 2', async () => {
    const bytes = new Uint8Array(readFileSync(join(folder, 'map.w3x')));
    const archive = await MpqArchive.open(memorySource(bytes));
    const entry = archive.find('war3map.j')!;
    // Inside the first sector's zlib stream (after the 16-byte offset table of a 3-sector file).
    bytes.fill(0x55, entry.offset + 20, entry.offset + 48);
    writeFileSync(join(folder, 'damaged.w3x'), bytes);
    const result = await morf('archive', 'extract', 'damaged.w3x', 'war3map.j', '-o', 'damaged');
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^morf archive: damaged\.w3x: MPQ \w+ at file war3map\.j sector 0 \(byte \d+\)/);
    const notArchive = await morf('archive', 'list', 'sample.mdx');
    expect(notArchive.code).toBe(2);
    expect(notArchive.stderr).toMatch(/sample\.mdx: MPQ invalid at header/);
  });

  it('skips, with a note and exit 1, an encrypted file whose name (its key) is unknown', async () => {
    const base = await MpqArchive.open(memorySource(emptyMpq()));
    const { bytes } = await writeMpq(base, [
      { kind: 'put', name: 'war3map.j', bytes: text(2_000, 3) },
      { kind: 'put', name: 'Hidden\\Secret.mdx', bytes: text(2_000, 4) },
    ]);
    const archive = await MpqArchive.open(memorySource(bytes));
    const hidden = archive.entries().find((entry) => entry.name === null)!;
    const position = readWord(bytes, 20);
    const table = bytes.subarray(position, position + archive.blockTable.count * 16);
    decryptInPlace(table, BLOCK_TABLE_KEY);
    writeWord(table, hidden.blockIndex * 16 + 12, hidden.flags | FILE_ENCRYPTED);
    encryptInPlace(table, BLOCK_TABLE_KEY);
    writeFileSync(join(folder, 'hidden.mpq'), bytes);
    const result = await morf('archive', 'extract', 'hidden.mpq', '-o', 'hidden');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/extracted 1 file to hidden \(1 skipped\)/);
    expect(result.stderr).toMatch(
      /skipped hidden\.mpq: MPQ unsupported at file File\d{8}\.xxx .*name \(the key\) is unknown/,
    );
    expect(existsSync(join(folder, 'hidden', 'war3map.j'))).toBe(true);
  });

  it('matches wildcards and keeps extraction inside the output folder', () => {
    expect(wildcard('units\\*.MDX')('Units\\Footman.mdx')).toBe(true);
    expect(wildcard('*.mdx')('Units\\Footman.mdx')).toBe(true);
    expect(wildcard('war3map.?')('war3map.j')).toBe(true);
    expect(wildcard('war3map.?')('war3map.j2')).toBe(false);
    expect(extractionPath('/out', '..\\..\\etc\\passwd')).toBe(join('/out', 'etc', 'passwd'));
    expect(extractionPath('/out', 'C:\\x.txt')).toBe(join('/out', 'C_', 'x.txt'));
  });
});

describe('--data FOLDER_OR_ARCHIVE', () => {
  const data = () => join(root, 'assets', 'sample', 'data');

  it('inspect reports each link’s cape as found in the first archive or folder that holds it, or missing', async () => {
    const mapOnly = await morf('inspect', 'sample.mdx', '--json', '--data', 'map.w3x');
    const capes = JSON.parse(mapOnly.stdout).capes as { id: string; found: boolean; where: string | null }[];
    expect(capes.find((cape) => cape.id === '0000')).toMatchObject({ found: true, where: `map.w3x:${CAPE}` });
    expect(capes.filter((cape) => !cape.found).length).toBe(capes.length - 1);
    const both = await morf('inspect', 'sample.mdx', '--data', 'map.w3x', '--data', data());
    expect(both.stdout).toMatch(/cape 0000 .*: found in map\.w3x:/);
    expect(both.stdout).toMatch(/cape 0001 .*: found in .*arthascape0001\.mrf/);
    expect(both.stdout).not.toMatch(/missing/);
  });

  it('validate and events report the capes too; a missing --data source is one error line', async () => {
    const validated = await morf('validate', 'sample.mdx', '--data', 'map.w3x');
    expect(validated.stdout).toMatch(/cape 0000 .*found in map\.w3x/);
    expect(validated.stdout).toMatch(/cape 0001 .*missing/);
    const events = await morf('events', 'sample.mdx', '--data', data());
    expect(events.stdout).toMatch(/Capes \(--data\):\n {2}cape 0000/);
    const absent = await morf('inspect', 'sample.mdx', '--data', 'nowhere');
    expect(absent.code).toBe(2);
    expect(absent.stderr).toMatch(/nowhere: no such file or folder/);
  });
});
