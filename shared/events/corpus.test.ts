/**
 * The events module against the real files of ../shared/corpus (skipped, saying so, when it is
 * absent): every MDX and MDL read and written byte for byte, MDL/MDX twins read as the same event
 * objects, and a link added and removed again giving the original bytes.
 */
import { expect, it } from 'vitest';
import { CORPUS_TWINS, corpusModels, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { hasErrors } from '../diagnostics';
import { applyEdit, readModel, validateModel, writeModel } from './index';

const rows = corpusModels('MDX', 'MDL');
const same = (left: Uint8Array, right: Uint8Array) =>
  left.length === right.length && left.every((value, index) => value === right[index]);

describeCorpus(modelCorpus, 'events corpus', () => {
  it('reads and writes every corpus MDX and MDL byte for byte, with the event objects the manifest lists', () => {
    expect(rows.filter((row) => row.format === 'MDX').length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.format === 'MDL').length).toBeGreaterThan(20);
    const identical: string[] = [];
    for (const row of rows) {
      const bytes = modelCorpus.bytes(row.file);
      const document = readModel(bytes, row.file);
      expect(document.format, row.file).toBe(row.format.toLowerCase());
      // The manifest's chunk walk stopped at FountainOfSouls.mdx's short LITE chunk, before its EVTS.
      const expected = row.file.endsWith('/maps__Tribute_Reforged.w3x__FountainOfSouls.mdx')
        ? ['SNDxAUDM']
        : row.eventNames;
      expect(
        document.eventObjects.map((object) => object.name),
        row.file,
      ).toEqual(expected);
      if (same(writeModel(document), bytes)) identical.push(row.file);
      expect(
        validateModel(document).map((diagnostic) => diagnostic.code),
        row.file,
      ).not.toContain('events.unreadable');
    }
    expect(`${identical.length}/${rows.length}`).toBe(`${rows.length}/${rows.length}`);
  });

  it('reads the same event objects, links and nodes from each MDL and its MDX twin', () => {
    for (const [mdlFile, mdxFile] of CORPUS_TWINS) {
      expect(rows.some((row) => row.file === mdlFile) && rows.some((row) => row.file === mdxFile), mdlFile).toBe(true);
      const mdl = readModel(modelCorpus.bytes(mdlFile), mdlFile);
      const mdx = readModel(modelCorpus.bytes(mdxFile), mdxFile);
      expect(mdl.nodes.length, mdlFile).toBeGreaterThan(0);
      expect(mdl.eventObjects, mdlFile).toEqual(mdx.eventObjects);
      expect(mdl.links, mdlFile).toEqual(mdx.links);
      expect(mdl.nodes, mdlFile).toEqual(mdx.nodes);
    }
    const packHorse = readModel(modelCorpus.bytes(CORPUS_TWINS[0]![1]), 'PackHorse.mdx');
    expect(packHorse.eventObjects.map((object) => [object.name, object.objectId, object.frames])).toContainEqual([
      'SNDXDHOR',
      65,
      [30167],
    ]);
  });

  it('adds a link to every corpus model with event objects and removes it again, back to the same bytes', () => {
    for (const row of rows.filter((candidate) => candidate.eventNames.length > 0)) {
      const bytes = modelCorpus.bytes(row.file);
      const document = readModel(bytes, row.file);
      const linked = applyEdit(document, { kind: 'addLink', id: '0009', showFrames: [100], hideFrames: [200] });
      expect(linked.links.at(-1), row.file).toMatchObject({ id: '0009', showFrames: [100], hideFrames: [200] });
      expect(
        linked.nodes.map((node) => node.objectId).sort((left, right) => left - right),
        row.file,
      ).toEqual(linked.nodes.map((_, index) => index));
      const errorsBefore = [...document.readDiagnostics, ...validateModel(document)].filter(
        (diagnostic) => diagnostic.severity === 'error',
      ).length;
      expect(
        [...linked.readDiagnostics, ...validateModel(linked)].filter((diagnostic) => diagnostic.severity === 'error')
          .length,
        row.file,
      ).toBe(errorsBefore);
      expect(same(writeModel(applyEdit(linked, { kind: 'removeLink', id: '0009' })), bytes), row.file).toBe(true);
    }
  });

  it('finds no error in the corpus models with event objects', () => {
    for (const row of rows.filter((candidate) => candidate.eventNames.length > 0)) {
      const document = readModel(modelCorpus.bytes(row.file), row.file);
      expect(hasErrors([...document.readDiagnostics, ...validateModel(document)]), row.file).toBe(false);
    }
  });
});
