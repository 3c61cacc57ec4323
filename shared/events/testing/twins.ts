/**
 * Test models in both formats, written from one description each (assets/generator's describer):
 * the twin pairs the events tests read, edit and compare. Pure data and bytes, no I/O.
 */
import { describeMdl, describeMdx, type ModelDescription } from '../../../assets/generator/model-description';
import { SAMPLE_CINEMATIC } from '../../../assets/generator/sample-cinematic';
import type { ModelDocument } from '../document';

const CAPE_PIVOT = [0, -8, 100] as const;

/**
 * Three sequences, two global sequences, a skeleton and a helper, then event objects with: node
 * tracks of every interpolation (one on a global sequence), keys on a global sequence, no key
 * block at all (`UBRxNOKY`), a link (0001) and a show object without its hide object (0002); then
 * two collision shapes after the event objects, the second parented to the first.
 */
export const EVENTS_FIXTURE: ModelDescription = {
  name: 'EventsFixture',
  comment: 'EventsFixture: a model for the events tests (shared/events/testing/twins.ts)',
  version: 800,
  blendTime: 150,
  extent: { boundsRadius: 100, minimum: [-50, -50, 0], maximum: [50, 50, 100] },
  sequences: [
    {
      name: 'Stand',
      start: 0,
      end: 1000,
      nonLooping: false,
      moveSpeed: 0,
      rarity: 0,
      extent: { boundsRadius: 100, minimum: [-50, -50, 0], maximum: [50, 50, 100] },
    },
    {
      name: 'Attack',
      start: 2000,
      end: 3000,
      nonLooping: true,
      moveSpeed: 0,
      rarity: 2,
      extent: { boundsRadius: 100, minimum: [-50, -50, 0], maximum: [50, 50, 100] },
    },
    {
      name: 'Cinematic',
      start: 5000,
      end: 80000,
      nonLooping: true,
      moveSpeed: 0,
      rarity: 0,
      extent: { boundsRadius: 100, minimum: [-50, -50, 0], maximum: [50, 50, 100] },
    },
  ],
  globalSequences: [1000, 500],
  bones: [
    { name: 'Root', parent: null, pivot: [0, 0, 0] },
    {
      name: 'Arm',
      parent: 'Root',
      pivot: [0, 0, 50],
      tracks: [
        {
          kind: 'rotation',
          interpolation: 'hermite',
          globalSequenceId: null,
          keys: [
            { frame: 0, value: [0, 0, 0, 1] },
            { frame: 1000, value: [0, 0, 1, 0] },
          ],
        },
      ],
    },
  ],
  helpers: [{ name: 'Cape', parent: 'Arm', pivot: CAPE_PIVOT }],
  events: [
    {
      name: 'MRFx0001',
      parent: 'Cape',
      pivot: CAPE_PIVOT,
      keys: { globalSequenceId: null, frames: [2100] },
      tracks: [
        {
          kind: 'translation',
          interpolation: 'linear',
          globalSequenceId: 0,
          keys: [
            { frame: 0, value: [0, 0, 0] },
            { frame: 500, value: [0, 0, 10] },
          ],
        },
        {
          kind: 'rotation',
          interpolation: 'bezier',
          globalSequenceId: null,
          keys: [{ frame: 0, value: [0, 0, 0, 1], inTangent: [0, 0, 0, 1], outTangent: [0, 0, 0.5, 0.5] }],
        },
        { kind: 'scaling', interpolation: 'none', globalSequenceId: null, keys: [{ frame: 250, value: [1, 1, 1] }] },
      ],
    },
    { name: 'MRDx0001', parent: 'Cape', pivot: CAPE_PIVOT, keys: { globalSequenceId: null, frames: [2900] } },
    {
      name: 'SNDxFOOT',
      parent: 'Root',
      pivot: [0, 0, 0],
      keys: { globalSequenceId: 1, frames: [100, 400] },
      tracks: [
        {
          kind: 'translation',
          interpolation: 'hermite',
          globalSequenceId: null,
          keys: [
            { frame: 0, value: [0, 0, 0] },
            { frame: 200, value: [4, 0, 0] },
          ],
        },
      ],
    },
    { name: 'UBRxNOKY', parent: null, pivot: [1, 2, 3], keys: null },
    { name: 'MRFx0002', parent: 'Cape', pivot: CAPE_PIVOT, keys: { globalSequenceId: null, frames: [5500] } },
  ],
  cameras: [{ name: 'Camera01', position: [-200, 0, 100], target: [0, 0, 50], fieldOfView: 0.75, near: 8, far: 2000 }],
  collisionShapes: [
    { name: 'Ball', parent: 'Root', pivot: [0, 0, 40], center: [0, 0, 40], radius: 60 },
    { name: 'Ball2', parent: 'Ball', pivot: [0, 0, 80], center: [0, 0, 80], radius: 20 },
  ],
};

/** A model as MDX bytes and MDL bytes. */
export interface TwinFiles {
  name: string;
  mdx: Uint8Array;
  mdl: Uint8Array;
}

/** The twin files of a description. */
export function twinFiles(description: ModelDescription): TwinFiles {
  return {
    name: description.name,
    mdx: describeMdx(description),
    mdl: new TextEncoder().encode(describeMdl(description)),
  };
}

/** The events fixture and the sample cinematic, each in both formats. */
export const TWINS: readonly TwinFiles[] = [twinFiles(EVENTS_FIXTURE), twinFiles(SAMPLE_CINEMATIC)];

/** Everything a document shows, without its opaque source (the lazy node list read). */
export function documentView(document: ModelDocument): Omit<ModelDocument, 'source'> {
  const { source: _source, ...view } = document;
  return { ...view, nodes: document.nodes };
}
