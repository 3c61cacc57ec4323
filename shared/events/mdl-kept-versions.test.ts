/**
 * What an MDL document kept in the undo history holds beside its predecessor: only what its edit changed. Documents
 * and sources share their getters (one function for all, so they share their hidden class instead of each getting a
 * class and a property dictionary of its own), an edit leaves no tokenized children behind in the version it edited,
 * and the blocks, reads, sequences and global sequences it did not touch are the previous version's objects. Only the
 * last few versions keep their typed model; an older one asked for again (an undo) is assembled again without reading
 * a block, from values the latest shares.
 */
import { describe, expect, it } from 'vitest';
import type { MdlText } from '../mdl/types';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import { mdlTypedModel, TYPED_MODELS_KEPT } from '../model/mdl-model';
import { mdlBlockReadCount, mdlEventObjects } from '../model/mdl-parts';
import type { ModelDocument } from './document';
import { readModel } from './index';
import { getterOf, keyMoveVersions } from './testing/kept-versions';

const fixture = new Uint8Array([...FIXTURE_MDL].map((character) => character.charCodeAt(0)));

const textOf = (document: ModelDocument) => (document.source as { model: MdlText }).model;

/** The file read, and 10 key moves of its first keyed event object. */
const versions = () => keyMoveVersions(readModel(fixture.slice(), 'fixture.mdl'));

describe('MDL versions kept after edits', () => {
  it('share one nodes getter (documents) and one reads getter (sources), still own and enumerable', () => {
    const [first, ...edited] = versions();
    for (const document of edited) {
      expect(getterOf(document, 'nodes')).toBe(getterOf(first!, 'nodes'));
      expect(getterOf(document.source as object, 'reads')).toBe(getterOf(first!.source as object, 'reads'));
    }
    // The structured clone out of the worker reads own enumerable getters: the nodes travel.
    expect(Object.keys(first!)).toContain('nodes');
    expect(structuredClone(edited[0]!).nodes).toEqual(edited[0]!.nodes);
  });

  it('keep no children tokenized by the edit that followed them', () => {
    const kept = versions();
    for (const document of kept.slice(0, -1)) {
      const object = mdlEventObjects(textOf(document)).find((part) => part.value.keys !== null)!;
      expect(object.statement.tokenized).toBe(false);
    }
  });

  it('share every block, read and list the edit did not touch with the previous version', () => {
    const [before, after] = versions();
    const [old, made] = [textOf(before!), textOf(after!)];
    const changed = made.blocks.filter((block) => !old.blocks.includes(block));
    expect(changed).toHaveLength(1);
    expect(after!.sequences).toBe(before!.sequences);
    expect(after!.globalSequences).toBe(before!.globalSequences);
    expect(after!.readDiagnostics).toBe(before!.readDiagnostics);
    const unchanged = before!.eventObjects.filter((object) => object.frames.length === 0);
    for (const object of unchanged) expect(after!.eventObjects[object.index]).toBe(object);
  });

  it('keep no typed model but the last few: an older one is assembled again, reading no block', () => {
    const kept = versions();
    const typed = kept.map((document) => mdlTypedModel(textOf(document)));
    const latest = typed[typed.length - 1]!;
    const [oldest, recent] = [kept[0]!, kept[kept.length - TYPED_MODELS_KEPT]!];
    expect(mdlTypedModel(textOf(recent))).toBe(typed[kept.length - TYPED_MODELS_KEPT]);
    const reads = mdlBlockReadCount();
    const again = mdlTypedModel(textOf(oldest));
    expect(again).not.toBe(typed[0]);
    expect(mdlBlockReadCount()).toBe(reads);
    expect(again).toEqual(typed[0]);
    // Every chunk value but the edited event objects' is the latest version's (the preview keeps its geometry).
    const parsed = (read: typeof latest) => read.model.chunks.map((chunk) => ('parsed' in chunk ? chunk.parsed : null));
    const [before, after] = [parsed(again), parsed(latest)];
    const tags = latest.model.chunks.map((chunk) => chunk.tag);
    expect(tags.filter((_tag, index) => before[index] !== after[index])).toEqual(['EVTS']);
  });
});
