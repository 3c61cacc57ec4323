/**
 * Property: block edits make the very model the old way makes. Any sequence of edits — keys of several event
 * objects at once, global sequences, parents, names, inserting and removing nodes, and structured clones between
 * them — applied by blocks (only the changed blocks scanned and read again, the rest shared) gives the same text,
 * the same split into blocks, the same parsed parts at the same offsets, the same style and the same diagnostics
 * as the same edits placed in the whole text, spliced and read again from scratch (testing/mdl-whole-text.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMdlText, reviveMdlText } from '../mdl/mdl-text';
import { applySpanEdits, type MdlEdit } from '../mdl/span-edits';
import { decodeMdlBytes } from '../mdl/text';
import { FIXTURE_MDL, FRAGMENT_MDL } from '../mdl/testing/fixtures';
import { generatedMdl } from '../mdl/testing/generate';
import type { MdlText } from '../mdl/types';
import { eventTrackEdits } from './mdl/edit-events';
import { insertEventObjectEdits, nodeParentEdits, removeNodeEdits, renameEdits } from './mdl/edit-nodes';
import { applyWholeText, modelView } from './testing/mdl-whole-text';
import { viewed } from './testing/mdl-view';

/** CRLF lines, comments between and after blocks, blocks sharing a line, a comment running onto a block's line. */
const QUIRKY_MDL = [
  '// header line',
  '',
  'Bone "Root" {',
  '\tObjectId 0,',
  '}',
  '// about the helper',
  'Helper "H" { ObjectId 1, Parent 0, } EventObject "MRFx0001" { ObjectId 2, EventTrack 1 { 10, } }',
  '/* a comment',
  '   running onto the next block */ EventObject "MRDx0001" {',
  '\tObjectId 3,',
  '\tParent 1,\t// "H"',
  '\tEventTrack 1 {',
  '\t\t20,',
  '\t}',
  '}',
  '   // an indented comment after the last block',
  'PivotPoints 4 {',
  '\t{ 0, 0, 0 },',
  '\t{ 1, 1, 1 },',
  '\t{ 2, 2, 2 },',
  '\t{ 3, 3, 3 },',
  '}',
].join('\r\n');

const START_TEXTS: Record<string, string> = {
  fixture: FIXTURE_MDL,
  fragment: FRAGMENT_MDL,
  quirky: QUIRKY_MDL,
  generated: decodeMdlBytes(generatedMdl(40_000, 6)),
};

const name = fc.stringMatching(/^[A-Za-z0-9_ ]{1,12}$/);
const frames = fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 4 });
const globalSequence = fc.constantFrom(null, 0, 1);

const operation = fc.oneof(
  fc.record({
    op: fc.constant('keys' as const),
    changes: fc.array(fc.record({ pick: fc.nat(), frames, id: globalSequence }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('parent' as const), pick: fc.nat(), parent: fc.integer({ min: -3, max: 50 }) }),
  fc.record({ op: fc.constant('rename' as const), pick: fc.nat(), name }),
  fc.record({ op: fc.constant('insert' as const), name, frames, parent: fc.integer({ min: -3, max: 50 }) }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('clone' as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** The edits of `step` on `model`, or null when the step does not apply to it. */
function editsOf(text: MdlText, step: Exclude<Operation, { op: 'clone' }>): MdlEdit[] | null {
  const model = viewed(text);
  const { nodes, eventObjects: events } = model;
  switch (step.op) {
    case 'keys': {
      if (events.length === 0) return null;
      const picked = new Map(step.changes.map((change) => [change.pick % events.length, change]));
      return [...picked].flatMap(([index, change]) =>
        eventTrackEdits(model, events[index]!, { frames: change.frames, globalSequenceId: change.id }),
      );
    }
    case 'parent': {
      if (nodes.length === 0) return null;
      const node = nodes[step.pick % nodes.length]!;
      const parentId = step.parent < 0 ? -1 : nodes[step.parent % nodes.length]!.objectId!;
      return parentId === node.objectId ? null : nodeParentEdits(model, node, parentId);
    }
    case 'rename':
      return nodes.length === 0 ? null : renameEdits(model, nodes[step.pick % nodes.length]!, step.name);
    case 'insert': {
      const parentId = step.parent < 0 || nodes.length === 0 ? -1 : nodes[step.parent % nodes.length]!.objectId!;
      return insertEventObjectEdits(model, { name: step.name, frames: step.frames, parentId });
    }
    case 'remove':
      return nodes.length === 0 ? null : removeNodeEdits(model, nodes[step.pick % nodes.length]!);
  }
}

describe('MDL block edits', () => {
  for (const [label, text] of Object.entries(START_TEXTS)) {
    it(`make the model that whole-text edits and a fresh read make (${label})`, () => {
      const start = parseMdlText(text);
      fc.assert(
        fc.property(fc.array(operation, { minLength: 1, maxLength: 8 }), (steps) => {
          let blocks = start;
          let whole = start;
          for (const step of steps) {
            if (step.op === 'clone') {
              blocks = reviveMdlText(structuredClone(blocks));
              continue;
            }
            const edits = editsOf(blocks, step);
            if (edits === null) continue;
            const before = blocks.blocks;
            // What an edit may replace: its blocks, and their neighbours (which take lines a removal leaves).
            const touched = new Set(
              edits.flatMap(({ block }) => [-1, 0, 1].map((step) => before[before.indexOf(block) + step])),
            );
            blocks = applySpanEdits(blocks, edits);
            whole = applyWholeText(whole, editsOf(whole, step)!);
            expect(modelView(blocks)).toEqual(modelView(whole));
            // Every other block is shared as it is.
            const after = new Set(blocks.blocks);
            expect(before.filter((block) => !touched.has(block) && !after.has(block)).length).toBe(0);
          }
        }),
        { numRuns: 60, seed: 2026 },
      );
    });
  }
});
