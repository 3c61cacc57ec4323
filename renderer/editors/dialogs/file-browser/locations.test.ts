import { describe, expect, it } from 'vitest';
import type { ArchiveListing, DirectoryListing } from '../../../../shared/contract/contract';
import { HostError } from '../../../../shared/contract/contract';
import { ArchiveTree, filterPattern, folderOf, Locations } from './locations';

const entry = (gamePath: string | null, size = 1) => ({
  gamePath,
  label: gamePath ?? 'File00000007.xxx',
  size,
  storedSize: size,
  encrypted: false,
  compressed: true,
});

const listing: ArchiveListing = {
  path: '/maps/Cape.w3x',
  writable: true,
  entries: [
    entry('Doodads\\Cinematic\\Cape0000.mrf', 10),
    entry('doodads\\cinematic\\Model.mdx', 20),
    entry('DOODADS\\Other\\a.blp'),
    entry('war3map.j'),
    entry(null),
  ],
  total: 6,
  truncated: true,
};

describe('an archive as folders', () => {
  it('folds game paths into folders case-insensitively, in the first spelling, below the archive path', () => {
    const tree = new ArchiveTree(listing);
    expect(tree.entries('/maps/Cape.w3x', '')).toEqual([
      { name: 'Doodads', path: '/maps/Cape.w3x/Doodads', kind: 'directory', size: 0, mtimeMs: 0 },
      { name: 'war3map.j', path: '/maps/Cape.w3x/war3map.j', kind: 'file', size: 1, mtimeMs: 0 },
    ]);
    expect(tree.entries('/maps/Cape.w3x', 'doodads\\CINEMATIC')!.map((row) => [row.name, row.path])).toEqual([
      ['Cape0000.mrf', '/maps/Cape.w3x/Doodads/Cinematic/Cape0000.mrf'],
      ['Model.mdx', '/maps/Cape.w3x/Doodads/Cinematic/Model.mdx'],
    ]);
    expect(tree.entries('/maps/Cape.w3x', 'Nope')).toBeNull();
    expect(tree.unnamed).toBe(1);
  });

  it('lists a folder inside an archive, its parent, and says what is not listed', async () => {
    const calls: string[] = [];
    const host = {
      listArchive: async ({ path }: { path: string }) => {
        calls.push(path);
        if (path.endsWith('Folder.w3x')) throw new HostError('invalid-argument', 'not an archive file', path);
        return listing;
      },
      listDirectory: async ({ path }: { path: string | null }): Promise<DirectoryListing> => ({
        path,
        parent: null,
        entries: [
          { name: 'b.mdx', path: `${path}/b.mdx`, kind: 'file', size: 1, mtimeMs: 1 },
          { name: 'Map.W3M', path: `${path}/Map.W3M`, kind: 'file', size: 1, mtimeMs: 1 },
          { name: 'sub', path: `${path}/sub`, kind: 'directory', size: 0, mtimeMs: 1 },
        ],
      }),
    };
    const locations = new Locations(host as never);
    const inside = await locations.list('/maps/Cape.w3x/Doodads/Cinematic');
    expect(inside).toMatchObject({
      path: '/maps/Cape.w3x/Doodads/Cinematic',
      parent: '/maps/Cape.w3x/Doodads',
      archive: { path: '/maps/Cape.w3x', writable: true, unnamed: 1, truncated: 1 },
    });
    expect((await locations.list('/maps/Cape.w3x')).parent).toBe('/maps');
    expect(calls).toEqual(['/maps/Cape.w3x']);
    await expect(locations.list('/maps/Cape.w3x/Units')).rejects.toThrow('Cape.w3x holds no folder Units');
    // A folder merely named like a map is listed as a folder; archives among files go first after folders.
    const folder = await locations.list('/maps/Folder.w3x');
    expect(folder.archive).toBeNull();
    expect(folder.entries.map((row) => [row.name, row.kind])).toEqual([
      ['sub', 'directory'],
      ['Map.W3M', 'archive'],
      ['b.mdx', 'file'],
    ]);
  });
});

describe('the filter and paths', () => {
  it('matches wildcards case-insensitively; * or nothing matches every file', () => {
    const pattern = filterPattern('*.mdx; *.MRF,cape??.blp')!;
    expect(['a.MDX', 'b.mrf', 'cape01.blp'].every((name) => pattern.test(name))).toBe(true);
    expect(['a.mdl', 'a.mdx.bak', 'cape1.blp', 'x(1).mdx2'].some((name) => pattern.test(name))).toBe(false);
    expect(filterPattern('*')).toBeNull();
    expect(filterPattern('  ')).toBeNull();
    expect(filterPattern('a+b.(x)')!.test('a+b.(x)')).toBe(true);
  });

  it('takes the folder of a path', () => {
    expect(folderOf('/maps/Cape.w3x')).toBe('/maps');
    expect(folderOf('/maps')).toBe('/');
    expect(folderOf('C:\\War3\\War3.mpq')).toBe('C:\\War3');
    expect(folderOf('name')).toBeNull();
  });
});
