/**
 * Property: any sequence of MDL edits keeps the model readable and consistent — objectIds dense in
 * canonical order, one pivot and one bind-pose matrix per node, the Model block's counts right,
 * parents pointing at nodes — and each edit does what it says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMdlText } from '../mdl/mdl-text';
import { FIXTURE_MDL } from '../mdl/testing/fixtures';
import { setEventFrames, setEventGlobalSequence } from './mdl/edit-events';
import { insertEventObject, newEventObjectId, removeNode, renameNode, setNodeParent } from './mdl/edit-nodes';
import { kindOfTag, MODEL_COUNTS, NODE_KINDS } from './registry';
import { viewed, type ViewedText } from './testing/mdl-view';

type MdlModel = ViewedText;

const name = fc.stringMatching(/^[A-Za-z0-9_ ]{1,12}$/);
const frames = fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 5 });
const globalSequence = fc.constantFrom(null, 0, 1);

const operation = fc.oneof(
  fc.record({ op: fc.constant('frames' as const), pick: fc.nat(), frames }),
  fc.record({ op: fc.constant('global' as const), pick: fc.nat(), id: globalSequence }),
  fc.record({ op: fc.constant('parent' as const), pick: fc.nat(), parent: fc.integer({ min: -3, max: 50 }) }),
  fc.record({ op: fc.constant('rename' as const), pick: fc.nat(), name }),
  fc.record({
    op: fc.constant('insert' as const),
    name,
    frames,
    parent: fc.integer({ min: -3, max: 50 }),
    id: globalSequence,
  }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function checkConsistent(model: MdlModel): void {
  // The fixture's one finding: a later-version keyword (ShaderTypeId) it keeps in the text but does not read.
  expect(model.diagnostics.filter((diagnostic) => diagnostic.code !== 'mdl.unknown-statement')).toEqual([]);
  const byId = [...model.nodes].sort((left, right) => left.objectId! - right.objectId!);
  expect(byId.map((node) => node.objectId)).toEqual(byId.map((_, index) => index));
  const ranks = byId.map((node) => NODE_KINDS.indexOf(node.kind));
  expect(ranks).toEqual([...ranks].sort((left, right) => left - right));
  expect([model.pivotPoints!.points.length, model.pivotPoints!.declaredCount]).toEqual([
    model.nodes.length,
    model.nodes.length,
  ]);
  expect([model.bindPose!.entries.length, model.bindPose!.declaredCount]).toEqual([
    model.nodes.length,
    model.nodes.length,
  ]);
  // Every count the Model block writes is right, and none is 0 (the tools leave zero counts out).
  for (const [key, tag] of MODEL_COUNTS) {
    const keyword = kindOfTag(tag)!.keyword;
    const present = model.statements.filter((statement) => statement.keyword === keyword).length;
    const declared = model.info!.counts[key];
    if (declared !== undefined) expect(declared, key).toBe(present);
    expect(declared, key).not.toBe(0);
  }
  expect(model.info!.counts['NumEvents'] ?? 0).toBe(model.eventObjects.length);
  for (const node of model.nodes)
    expect(node.parentId === -1 || model.nodes.some((other) => other.objectId === node.parentId)).toBe(true);
}

function apply(model: MdlModel, step: Operation): MdlModel {
  const result = applyStep(model, step);
  return result === model ? model : viewed(result);
}

function applyStep(model: MdlModel, step: Operation): MdlModel {
  const events = model.eventObjects;
  const nodes = model.nodes;
  switch (step.op) {
    case 'frames': {
      if (events.length === 0) return model;
      const index = step.pick % events.length;
      const next = viewed(setEventFrames(model, events[index]!, step.frames));
      expect(next.eventObjects[index]!.frames).toEqual(step.frames);
      expect(next.eventObjects[index]!.globalSequenceId).toBe(events[index]!.globalSequenceId);
      return next;
    }
    case 'global': {
      if (events.length === 0) return model;
      const index = step.pick % events.length;
      const next = viewed(setEventGlobalSequence(model, events[index]!, step.id));
      expect([next.eventObjects[index]!.globalSequenceId, next.eventObjects[index]!.frames]).toEqual([
        step.id,
        events[index]!.frames,
      ]);
      return next;
    }
    case 'parent': {
      if (nodes.length === 0) return model;
      const index = step.pick % nodes.length;
      const parentId = step.parent < 0 ? -1 : nodes[step.parent % nodes.length]!.objectId!;
      if (parentId === nodes[index]!.objectId) return model;
      const next = viewed(setNodeParent(model, nodes[index]!, parentId));
      expect(next.nodes[index]!.parentId).toBe(parentId);
      return next;
    }
    case 'rename': {
      if (nodes.length === 0) return model;
      const index = step.pick % nodes.length;
      const next = viewed(renameNode(model, nodes[index]!, step.name));
      expect(next.nodes[index]!.name).toBe(step.name);
      return next;
    }
    case 'insert': {
      const parentId = step.parent < 0 || nodes.length === 0 ? -1 : nodes[step.parent % nodes.length]!.objectId!;
      const objectId = newEventObjectId(model);
      const next = viewed(
        insertEventObject(model, {
          name: step.name,
          frames: step.frames,
          globalSequenceId: step.id,
          parentId,
        }),
      );
      const inserted = next.eventObjects.find((event) => event.objectId === objectId)!;
      expect([inserted.name, inserted.frames, inserted.globalSequenceId]).toEqual([step.name, step.frames, step.id]);
      expect(inserted.parentId).toBe(parentId >= objectId ? parentId + 1 : parentId);
      expect(next.eventObjects.length).toBe(events.length + 1);
      return next;
    }
    case 'remove': {
      if (nodes.length === 0) return model;
      const next = viewed(removeNode(model, nodes[step.pick % nodes.length]!));
      expect(next.nodes.length).toBe(nodes.length - 1);
      return next;
    }
  }
}

describe('MDL edit sequences', () => {
  it('keep the model readable and consistent, each edit doing what it says', () => {
    const start = viewed(parseMdlText(FIXTURE_MDL));
    checkConsistent(start);
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 8 }), (steps) => {
        let model = start;
        for (const step of steps) {
          model = apply(model, step);
          checkConsistent(model);
        }
      }),
      { numRuns: 80, seed: 4242 },
    );
  });
});
