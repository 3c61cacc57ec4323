import { describe, expect, it } from 'vitest';
import {
  archiveEntryOf,
  archiveEntryPath,
  dataFolderFor,
  displayName,
  distinctLabels,
  isWritableArchive,
  splitArchivePath,
} from './archive-paths';

describe('paths inside archives', () => {
  it('splits at the left-most archive and names the file Map.w3x\\path\\inside', () => {
    expect(splitArchivePath('/maps/Cape.w3x')).toEqual({ archive: '/maps/Cape.w3x', inner: '' });
    expect(archiveEntryOf('/maps/Cape.w3x/Doodads/Cape.mrf')).toEqual({
      archive: '/maps/Cape.w3x',
      gamePath: 'Doodads\\Cape.mrf',
    });
    expect(archiveEntryOf('C:\\Games\\War3.MPQ\\Units\\Human\\Footman.mdx')).toEqual({
      archive: 'C:\\Games\\War3.MPQ',
      gamePath: 'Units\\Human\\Footman.mdx',
    });
    expect(archiveEntryOf('/maps/Cape.w3x')).toBeNull();
    expect(archiveEntryOf('/models/Footman.mdx')).toBeNull();
    expect(splitArchivePath('/maps/.w3x/a.mdx')).toBeNull();
    expect(displayName('/maps/Cape.w3x/Doodads/Cape.mrf')).toBe('Cape.w3x\\Doodads\\Cape.mrf');
    expect(displayName('/models/Footman.mdx')).toBe('Footman.mdx');
  });

  it('joins a game path below an archive in its own spelling', () => {
    expect(archiveEntryPath('/maps/Cape.w3x', 'Doodads\\..\\Cape.mrf')).toBe('/maps/Cape.w3x/Doodads/Cape.mrf');
    expect(archiveEntryPath('C:\\War3\\War3.mpq', 'Units/Footman.mdx')).toBe('C:\\War3\\War3.mpq\\Units\\Footman.mdx');
  });

  it('writes only into maps and campaigns', () => {
    expect(isWritableArchive('/maps/A.W3X')).toBe(true);
    expect(isWritableArchive('/maps/A.w3n')).toBe(true);
    expect(isWritableArchive('/game/War3Patch.mpq')).toBe(false);
  });
});

describe('labels that tell files of one name apart', () => {
  it('adds the fewest folders that differ, only to names that repeat', () => {
    expect(distinctLabels(['/maps/A/Cape.mrf', '/maps/B/Cape.mrf', '/x/Unique.mdx', '/old/maps/a/cape.MRF'])).toEqual([
      { name: 'Cape.mrf', folder: 'maps\\A' },
      { name: 'Cape.mrf', folder: 'B' },
      { name: 'Unique.mdx', folder: null },
      { name: 'cape.MRF', folder: 'old\\maps\\a' },
    ]);
  });
});

describe('the data folder a model sits in', () => {
  it('finds the folder the cape game path starts in, a map or mod folder, or the archive', () => {
    expect(dataFolderFor('/mods/My.w3mod/Doodads/Cinematic/X/Model.mdx', 'doodads\\cinematic\\x\\Cape.mrf')).toBe(
      '/mods/My.w3mod',
    );
    expect(dataFolderFor('/maps/Folder.w3x/Model.mdx', 'Doodads\\Cape.mrf')).toBe('/maps/Folder.w3x');
    expect(dataFolderFor('/maps/M.w3x/Doodads/Model.mdx', 'Doodads\\Cape.mrf')).toBe('/maps/M.w3x');
    expect(dataFolderFor('/work/Sample.mdx', 'Doodads\\Cape.mrf')).toBeNull();
  });
});
