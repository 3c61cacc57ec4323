/**
 * Validation re-checks only what changed (each MDX chunk is checked once, when it is read or built by an edit;
 * the checks travel with the document). The property: after any sequence of random edits — and after the
 * structured clone that brings a document from the worker — the diagnostics of the edited document equal those
 * of a full validation of the same file read afresh, offsets included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusModels, modelCorpus } from '../../tests/testing/corpus';
import type { ModelDocument } from './document';
import { readModel, validateModel, writeModel } from './index';
import { attempt, materialize, seed } from './testing/edit-seeds';
import { TWINS } from './testing/twins';
import { readMdx } from '../model/mdx-file';
import { mdxBytes } from '../model/testing/mdx-bytes';

const diagnosticsOf = (document: ModelDocument) => [...document.readDiagnostics, ...validateModel(document)];

/** A full validation: the edited file written and read afresh (nothing carried over). */
const fullDiagnostics = (document: ModelDocument) => diagnosticsOf(readModel(writeModel(document), 'fresh.mdx'));

/** Models with findings to move around: the sample twins and corpus MDX with damaged or unusual chunks. */
function models(): { name: string; bytes: Uint8Array }[] {
  const found = TWINS.map((twin) => ({ name: twin.name, bytes: twin.mdx }));
  // Findings after EVTS, whose offsets move whenever an edit resizes it: an unknown chunk, and a SNDS chunk
  // whose size does not add up.
  const sample = readMdx(TWINS[0]!.mdx);
  found.push({
    name: 'sample with chunks after EVTS',
    bytes: mdxBytes([
      ...sample.chunks.map((chunk) => [chunk.tag, chunk.body] as const),
      ['ABCD', new Uint8Array(12)],
      ['SNDS', new Uint8Array(7)],
    ]),
  });
  for (const model of corpusModels('MDX')) {
    if (!/FountainOfSouls|sabertooth|MortarMissilePurple/.test(model.file)) continue;
    found.push({ name: model.file, bytes: modelCorpus.bytes(model.file) });
  }
  return found;
}

describe('incremental validation', () => {
  for (const model of models()) {
    it(`equals a full validation after random edits (${model.name.split('/').pop()})`, () => {
      const start = readModel(model.bytes, model.name);
      expect(diagnosticsOf(start)).toEqual(fullDiagnostics(start));
      fc.assert(
        fc.property(fc.array(seed, { minLength: 1, maxLength: 8 }), fc.boolean(), (seeds, cloneFirst) => {
          let document = cloneFirst ? structuredClone(start) : start;
          for (const choice of seeds) {
            const edit = materialize(choice, document);
            if (!edit) continue;
            const result = attempt(document, edit);
            if (result instanceof Error) continue;
            document = result;
            expect(diagnosticsOf(document)).toEqual(fullDiagnostics(document));
          }
        }),
        { numRuns: 40, seed: 9 },
      );
    });
  }
});
