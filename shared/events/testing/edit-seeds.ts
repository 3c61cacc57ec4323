/**
 * Random edits for property tests (fast-check): a {@link seed} is a random choice that {@link materialize} turns
 * into a ModelEdit against the current document — valid and invalid ones alike.
 */
import fc from 'fast-check';
import type { ModelDocument, ModelEdit } from '../document';
import { applyEdit, EditError } from '../index';

/** Random choices, turned into an edit against the current document by {@link materialize}. */
export type Seed =
  | { kind: 'setFrames' | 'addKeys'; pick: number; frames: number[] }
  | { kind: 'removeKeys'; picks: [number, number][] }
  | { kind: 'moveKeys'; picks: [number, number][]; delta: number }
  | { kind: 'setGlobalSequence'; pick: number; globalSequence: number | null }
  | { kind: 'setParent'; pick: number; parentPick: number }
  | { kind: 'renameEventObject'; pick: number; name: string }
  | { kind: 'addEventObject'; name: string; frames: number[] }
  | { kind: 'removeEventObject' | 'removeLink'; pick: number }
  | { kind: 'renameLink'; pick: number; newId: string }
  | { kind: 'addLink'; id: string; show: number[]; hide: number[] };

const frame = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 2 ** 31, 0.5) },
);
const frames = fc.array(frame, { maxLength: 4 });
const pick = fc.nat({ max: 1000 });
const picks = fc.array(fc.tuple(pick, pick), { minLength: 1, maxLength: 3 });
const linkId = fc.oneof(
  fc.constantFrom('0000', '0001', '0002', '0005', 'ab', 'AB'),
  fc.stringMatching(/^[0-9A-Za-z_-]{1,6}$/),
  fc.constantFrom('', 'a b', 'x'.repeat(77)),
);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^(MRF|MRD|SND|FPT|UBR|mrf)[xyXZ2][0-9A-Z]{1,6}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Marker',
      'SNDx{}//',
      'MRFx a,b',
      'Café',
      'bad"name',
      '',
      'line\nbreak',
      'SNDx\u0101',
      'M'.repeat(81),
    ),
  },
);

export const seed: fc.Arbitrary<Seed> = fc.oneof(
  fc.record({ kind: fc.constantFrom('setFrames' as const, 'addKeys' as const), pick, frames }),
  fc.record({ kind: fc.constant('removeKeys' as const), picks }),
  fc.record({ kind: fc.constant('moveKeys' as const), picks, delta: fc.integer({ min: -30_000, max: 30_000 }) }),
  fc.record({ kind: fc.constant('setGlobalSequence' as const), pick, globalSequence: fc.option(fc.nat({ max: 2 })) }),
  fc.record({ kind: fc.constant('setParent' as const), pick, parentPick: fc.integer({ min: -2, max: 40 }) }),
  fc.record({ kind: fc.constant('renameEventObject' as const), pick, name }),
  fc.record({ kind: fc.constant('addEventObject' as const), name, frames }),
  fc.record({ kind: fc.constantFrom('removeEventObject' as const, 'removeLink' as const), pick }),
  fc.record({ kind: fc.constant('renameLink' as const), pick, newId: linkId }),
  fc.record({ kind: fc.constant('addLink' as const), id: linkId, show: frames, hide: frames }),
);

/** The edit a seed makes on `document`, or null when the document has nothing to pick from. */
export function materialize(seed: Seed, document: ModelDocument): ModelEdit | null {
  const objects = document.eventObjects;
  const keys = objects.flatMap((object) =>
    object.frames.map((_, frameIndex) => ({ objectIndex: object.index, frameIndex })),
  );
  const keyPicks = (chosen: [number, number][]) => chosen.map(([first]) => keys[first % keys.length]!);
  switch (seed.kind) {
    case 'setFrames':
    case 'addKeys':
      return objects.length ? { kind: seed.kind, objectIndex: seed.pick % objects.length, frames: seed.frames } : null;
    case 'removeKeys':
      return keys.length ? { kind: 'removeKeys', keys: keyPicks(seed.picks) } : null;
    case 'moveKeys':
      return keys.length ? { kind: 'moveKeys', keys: keyPicks(seed.picks), deltaMs: seed.delta } : null;
    case 'setGlobalSequence':
      return objects.length
        ? { kind: 'setGlobalSequence', objectIndex: seed.pick % objects.length, globalSequenceId: seed.globalSequence }
        : null;
    case 'setParent': {
      if (!objects.length) return null;
      const nodes = document.nodes;
      const parentId =
        seed.parentPick < 0
          ? seed.parentPick
          : seed.parentPick < nodes.length * 2
            ? nodes[seed.parentPick % nodes.length]!.objectId
            : seed.parentPick + 100;
      return { kind: 'setParent', objectIndex: seed.pick % objects.length, parentId };
    }
    case 'renameEventObject':
      return objects.length
        ? { kind: 'renameEventObject', objectIndex: seed.pick % objects.length, name: seed.name }
        : null;
    case 'addEventObject':
      return { kind: 'addEventObject', name: seed.name, frames: seed.frames };
    case 'removeEventObject':
      return objects.length ? { kind: 'removeEventObject', objectIndex: seed.pick % objects.length } : null;
    case 'removeLink':
      return document.links.length
        ? { kind: 'removeLink', id: document.links[seed.pick % document.links.length]!.id }
        : { kind: 'removeLink', id: '0000' };
    case 'renameLink':
      return document.links.length
        ? { kind: 'renameLink', id: document.links[seed.pick % document.links.length]!.id, newId: seed.newId }
        : null;
    case 'addLink':
      return { kind: 'addLink', id: seed.id, showFrames: seed.show, hideFrames: seed.hide };
  }
}

/** Applies `edit`, returning the EditError instead of throwing it (any other error fails the test). */
export function attempt(document: ModelDocument, edit: ModelEdit): ModelDocument | EditError {
  try {
    return applyEdit(document, edit);
  } catch (error) {
    if (error instanceof EditError) return error;
    throw error;
  }
}
