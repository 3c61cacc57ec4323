/**
 * Property-based edit sequences (fast-check): random ModelEdits — valid and invalid — applied to
 * the MDX and MDL files of the same model. After every step both formats agree (the same edit is
 * refused by both, or gives the same event objects, links and nodes); at the end each result reads
 * back as the same document and has no error diagnostics.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelDocument, ModelEdit } from './document';
import { applyEdit, EditError, readModel, validateModel, writeModel } from './index';
import { attempt, materialize, seed } from './testing/edit-seeds';
import { documentView, TWINS } from './testing/twins';

const sharedView = (document: ModelDocument) => ({
  eventObjects: document.eventObjects,
  links: document.links,
  nodes: document.nodes,
});
const errors = (document: ModelDocument) =>
  [...document.readDiagnostics, ...validateModel(document)].filter((diagnostic) => diagnostic.severity === 'error');

describe('random edit sequences', () => {
  for (const twin of TWINS) {
    it(`keep the ${twin.name} MDX and MDL valid, re-readable and alike`, () => {
      const start = { mdx: readModel(twin.mdx, 'twin.mdx'), mdl: readModel(twin.mdl, 'twin.mdl') };
      expect(errors(start.mdx)).toEqual([]);
      fc.assert(
        fc.property(fc.array(seed, { minLength: 1, maxLength: 7 }), (seeds) => {
          let { mdx, mdl } = start;
          for (const chosen of seeds) {
            const edit = materialize(chosen, mdx);
            if (!edit) continue;
            const nextMdx = attempt(mdx, edit);
            const nextMdl = attempt(mdl, edit);
            expect(nextMdl instanceof EditError, JSON.stringify(edit)).toBe(nextMdx instanceof EditError);
            if (nextMdx instanceof EditError || nextMdl instanceof EditError) continue;
            [mdx, mdl] = [nextMdx, nextMdl];
            expect(sharedView(mdl), JSON.stringify(edit)).toEqual(sharedView(mdx));
          }
          for (const document of [mdx, mdl]) {
            expect(documentView(readModel(writeModel(document), `again.${document.format}`))).toEqual(
              documentView(document),
            );
            expect(errors(document)).toEqual([]);
            expect(document.nodes.map((node) => node.objectId).sort((left, right) => left - right)).toEqual(
              document.nodes.map((_, index) => index),
            );
            for (const object of document.eventObjects)
              expect([...object.frames].sort((left, right) => left - right)).toEqual(object.frames);
          }
        }),
        { numRuns: Number(process.env.EVENTS_PROPERTY_RUNS ?? 60) },
      );
    });
  }
});
