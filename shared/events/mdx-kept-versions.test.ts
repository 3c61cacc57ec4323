/**
 * What an MDX document kept in the undo history holds beside its predecessor: only what its edit changed. Documents
 * and sources share their getters (one function each for all, so they share their hidden class instead of each
 * getting closures, a class and a property dictionary of its own), the chunks, header and node lists the edit did not
 * touch are the previous version's objects, and the EVTS body an edit makes holds no spare capacity.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MdxModel } from '../model/mdx-file';
import type { ModelDocument } from './document';
import { readModel } from './index';
import { getterOf, keyMoveVersions } from './testing/kept-versions';

const sample = join(__dirname, '..', '..', 'assets', 'sample', 'ArthasIllidanSample.mdx');

const modelOf = (document: ModelDocument) => (document.source as { model: MdxModel }).model;

/** The file read, and 10 key moves of its first keyed event object. */
const versions = () => keyMoveVersions(readModel(new Uint8Array(readFileSync(sample)), 'sample.mdx'));

describe('MDX versions kept after edits', () => {
  it('share their getters (documents and sources), still own and enumerable', () => {
    const [first, ...edited] = versions();
    for (const document of edited) {
      for (const key of ['nodes', 'name', 'sequences', 'globalSequences'])
        expect(getterOf(document, key), key).toBe(getterOf(first!, key));
      expect(getterOf(document.source as object, 'checks')).toBe(getterOf(first!.source as object, 'checks'));
    }
    // The structured clone out of the worker reads own enumerable getters: the nodes, header and checks travel.
    expect(Object.keys(first!)).toEqual(expect.arrayContaining(['nodes', 'name', 'sequences', 'globalSequences']));
    const clone = structuredClone(edited[0]!);
    expect(clone.nodes).toEqual(edited[0]!.nodes);
    expect(clone.sequences).toEqual(edited[0]!.sequences);
    expect((clone.source as { checks: unknown[] }).checks).toHaveLength(modelOf(edited[0]!).chunks.length);
  });

  it('share every chunk, the header and the node entries the edit did not touch with the previous version', () => {
    const [before, after] = versions();
    const [old, made] = [modelOf(before!), modelOf(after!)];
    expect(made.chunks.filter((chunk) => !old.chunks.includes(chunk)).map((chunk) => chunk.tag)).toEqual(['EVTS']);
    expect(after!.sequences).toBe(before!.sequences);
    expect(after!.globalSequences).toBe(before!.globalSequences);
    expect(after!.readDiagnostics).toBe(before!.readDiagnostics);
    const others = (document: ModelDocument) => document.nodes.filter((node) => node.kind !== 'eventObject');
    const [kept, now] = [others(before!), others(after!)];
    expect(now.length).toBeGreaterThan(0);
    now.forEach((node, index) => expect(node).toBe(kept[index]));
    expect(after!.nodes.map((node) => node.objectId)).toEqual(before!.nodes.map((node) => node.objectId));
  });

  it('keep an EVTS body of exactly its bytes (no writer capacity beyond them)', () => {
    for (const document of versions().slice(1)) {
      const events = modelOf(document).chunks.find((chunk) => chunk.tag === 'EVTS')!;
      expect(events.body.buffer.byteLength).toBe(events.body.byteLength);
    }
  });
});
