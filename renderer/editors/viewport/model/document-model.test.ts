import { describe, expect, it } from 'vitest';
import { applyEdit, readModel } from '../../../../shared/events/index';
import { findParsedChunk } from '../../../../shared/model/mdx-model';
import { typedChunkReads } from '../../../../shared/model/typed-chunks';
import { CORPUS_TWINS, describeCorpus, modelCorpus } from '../../../../tests/testing/corpus';
import { rigOfDocument, typedModelOfDocument } from './document-model';

const FOOTMAN = 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx';

describeCorpus(modelCorpus, 'The preview model of a document', () => {
  it('types each chunk once: an event edit reads EVTS again and nothing else, and keeps the geometry', () => {
    // The events view and the preview read the chunks through one reader: each is typed once for both.
    const before = typedChunkReads.count;
    const document = readModel(modelCorpus.bytes(FOOTMAN), 'Footman_portrait.mdx');
    const model = typedModelOfDocument(document)!;
    const rig = rigOfDocument(document)!;
    const firstReads = typedChunkReads.count - before;
    expect(firstReads).toBe(model.chunks.length);
    expect(rig.geosets.length).toBeGreaterThan(0);
    expect(typedModelOfDocument(document)).toBe(model);
    expect(rigOfDocument(document)).toBe(rig);

    const eventIndex = document.eventObjects.findIndex((object) => object.frames.length > 0);
    expect(eventIndex).toBeGreaterThanOrEqual(0);
    const edited = applyEdit(document, {
      kind: 'moveKeys',
      keys: [{ objectIndex: eventIndex, frameIndex: 0 }],
      deltaMs: 10,
    });
    const editedModel = typedModelOfDocument(edited)!;
    const editedRig = rigOfDocument(edited)!;
    expect(typedChunkReads.count - before - firstReads).toBe(1);
    expect(editedModel).not.toBe(model);
    expect(findParsedChunk(editedModel, 'GEOS')).toBe(findParsedChunk(model, 'GEOS'));
    expect(findParsedChunk(editedModel, 'MTLS')).toBe(findParsedChunk(model, 'MTLS'));
    expect(findParsedChunk(editedModel, 'EVTS')).not.toBe(findParsedChunk(model, 'EVTS'));
    // The geosets' GPU data is the same object: nothing is rebuilt or uploaded again.
    expect(editedRig.geometry).toBe(rig.geometry);
    expect(editedRig.geosets[0]).toBe(rig.geosets[0]);
  });
});

describeCorpus(modelCorpus, 'The preview model of an MDL document', () => {
  it('reads the MDL text into the same rig as its MDX twin', () => {
    const [mdl, mdx] = CORPUS_TWINS[0]!;
    const fromText = rigOfDocument(readModel(modelCorpus.bytes(mdl), 'PackHorse.mdl'))!;
    const fromBinary = rigOfDocument(readModel(modelCorpus.bytes(mdx), 'PackHorse.mdx'))!;
    expect(fromText.geosets.length).toBe(fromBinary.geosets.length);
    expect(fromText.vertexCount).toBe(fromBinary.vertexCount);
    expect(fromText.triangleCount).toBe(fromBinary.triangleCount);
    expect(fromText.nodes.count).toBe(fromBinary.nodes.count);
    expect(fromText.vertexCount).toBeGreaterThan(0);
  });
});

describe('typedModelOfDocument', () => {
  it('is null without a document', () => {
    expect(typedModelOfDocument(null)).toBeNull();
    expect(rigOfDocument(null)).toBeNull();
  });
});
