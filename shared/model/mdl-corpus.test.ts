/**
 * MDX ↔ MDL conversion over every model of the corpus (../shared/corpus; skipped with a message
 * when it is absent): every MDX converts MDX → MDL → MDX byte-identical unless the conversion
 * warned about what it could not carry — by default (what no MDL keyword says left out, each a
 * warning) and with the printer's extensions (this project's own statements for those values, so
 * that only what MDL can never carry is lost); every MDL converts MDL → MDX → MDL → MDX to a fixpoint
 * (and its MDL text to a fixpoint too); the MDL mdx-m3-viewer writes for each file it reads is
 * read here without an error, and the MDL war3-model writes is read (its errors are war3-model's).
 */
import { parsers } from 'mdx-m3-viewer';
import { generateMDL, parseMDX } from 'war3-model';
import { expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { convertModel } from './convert';
import { readMdlModel } from './mdl-model';
import type { MdlPrintOptions } from './mdl/writer';

const mdxFiles = corpusModels('MDX').map((entry) => entry.file);
const mdlFiles = corpusModels('MDL').map((entry) => entry.file);

function same(left: Uint8Array, right: Uint8Array): boolean {
  if (left.byteLength !== right.byteLength) return false;
  for (let index = 0; index < left.byteLength; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

describeCorpus(modelCorpus, 'MDX ↔ MDL over the corpus', () => {
  /** MDX → MDL → MDX of every corpus MDX with the printer's `options`: the files back byte-identical, the others. */
  function roundTrips(options: MdlPrintOptions) {
    const identical: string[] = [];
    const warned: { file: string; codes: Set<string>; first: string }[] = [];
    for (const file of mdxFiles) {
      const source = modelCorpus.bytes(file);
      const text = convertModel(source, 'mdx', 'mdl', file, options);
      const back = convertModel(text.bytes, 'mdl', 'mdx', file);
      expect(
        back.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
        file,
      ).toEqual([]);
      expect(back.warnings, file).toEqual([]);
      if (same(back.bytes, source)) identical.push(file);
      else {
        // Never a silent loss: a file that does not come back had a warning naming what was lost.
        expect(text.warnings.length, `${file} came back different without a warning`).toBeGreaterThan(0);
        const codes = new Set(text.warnings.map((warning) => warning.code));
        warned.push({ file, codes, first: text.warnings[0]!.message });
      }
    }
    expect(identical.length + warned.length).toBe(mdxFiles.length);
    return { identical, warned };
  }

  it('converts every MDX to MDL and back byte-identical, or warns naming what it could not carry', () => {
    const plain = roundTrips({});
    const extended = roundTrips({ extensions: true });
    const lines = plain.warned.map((item) => `${item.file}: ${item.first}`);
    console.info(
      `MDX → MDL → MDX: ${plain.identical.length} of ${mdxFiles.length} byte-identical (with the extensions ` +
        `${extended.identical.length}); warned:\n  ${lines.join('\n  ')}`,
    );
    // With the extensions, only what MDL can never carry is lost (a chunk unknown to the model, bytes after a
    // name's NUL or after a chunk): three quarters of the corpus comes back byte for byte.
    for (const item of extended.warned) expect([...item.codes], item.file).not.toContain('mdl.unnamed-value');
    expect(extended.identical.length).toBeGreaterThanOrEqual(Math.ceil(mdxFiles.length * 0.75));
    // Without them, a file that does not come back as it does with them warned of a value no MDL keyword says.
    for (const item of plain.warned)
      if (extended.identical.includes(item.file)) expect([...item.codes], item.file).toContain('mdl.unnamed-value');
    expect(plain.identical.every((file) => extended.identical.includes(file))).toBe(true);
  });

  it('converts every MDL to MDX, MDL and MDX again to a fixpoint', () => {
    for (const file of mdlFiles) {
      const source = modelCorpus.bytes(file);
      const first = convertModel(source, 'mdl', 'mdx', file);
      const text = convertModel(first.bytes, 'mdx', 'mdl', file);
      const second = convertModel(text.bytes, 'mdl', 'mdx', file);
      // (Compared by hand: toEqual on megabyte arrays takes seconds.)
      expect(same(second.bytes, first.bytes), `${file}: MDX differs after MDL → MDX → MDL → MDX`).toBe(true);
      expect(same(convertModel(second.bytes, 'mdx', 'mdl', file).bytes, text.bytes), `${file}: MDL text`).toBe(true);
      expect(
        first.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
        file,
      ).toEqual([]);
    }
  });

  it('reads the MDL mdx-m3-viewer writes for every corpus model it reads, without an error', () => {
    let read = 0;
    for (const file of [...mdxFiles, ...mdlFiles]) {
      const bytes = modelCorpus.bytes(file);
      const viewer = new parsers.mdlx.Model();
      let text: string;
      try {
        viewer.load(file.toLowerCase().endsWith('.mdl') ? new TextDecoder('latin1').decode(bytes) : bytes);
        text = viewer.saveMdl();
      } catch {
        continue;
      }
      const { diagnostics } = readMdlModel(text, file);
      expect(
        diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
        file,
      ).toEqual([]);
      read += 1;
    }
    expect(read).toBeGreaterThan((mdxFiles.length + mdlFiles.length) / 2);
  });

  it('reads the MDL war3-model writes for every corpus MDX it reads (an error only where its text is wrong)', () => {
    let clean = 0;
    let read = 0;
    for (const file of mdxFiles) {
      const bytes = modelCorpus.bytes(file);
      let text: string;
      try {
        text = generateMDL(parseMDX(bytes.slice().buffer));
      } catch {
        continue;
      }
      read += 1;
      const { diagnostics } = readMdlModel(text, file);
      // war3-model prints the model name and animation file as one 336-byte field, and drops pivots of some models.
      const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      for (const error of errors) expect(error.message, file).toMatch(/^(Model: "|PivotPoints holds 0 points)/);
      if (errors.length === 0) clean += 1;
    }
    expect(clean).toBeGreaterThan(read * 0.75);
  });
});
