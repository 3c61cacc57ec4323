/**
 * The MDX side of the model against every real MDX file of the corpus (../shared/corpus, listed in
 * MANIFEST.tsv): byte-identical round trips, the event names the manifest lists read through the EVTS kind, clean
 * validation, event objects added and removed, and refusal of every file cut short. Skips with a message when
 * ../shared is absent.
 */
import { expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus, type CorpusModel } from '../../tests/testing/corpus';
import type { CodecError } from '../binary/codec-error';
import { codecError } from '../testing/codec-error';
import { CHUNK_HEADER_BYTES, insertChunk, MDX_MAGIC_BYTES, newChunk, writeMdx } from '../mdx/container';
import { readMdx, type MdxModel } from '../model/mdx-file';
import { validateMdx } from '../model/mdx-validate';
import { CANONICAL_CHUNK_ORDER } from '../model/registry';
import { parsedChunkOf } from '../model/typed-chunks';
import { insertEventObject, removeEventObject } from './mdx-edits';
import { listNodes } from '../model/testing/mdx-nodes';

/** The names of the model's event objects. */
function eventNames(model: MdxModel): string[] {
  return (parsedChunkOf(model, 'EVTS') ?? []).map(({ node }) => node.name);
}

interface CorpusFile extends CorpusModel {
  bytes: Uint8Array;
}

const files: CorpusFile[] = corpusModels('MDX').map((entry) => ({ ...entry, bytes: modelCorpus.bytes(entry.file) }));
const byName = (suffix: string): CorpusFile => {
  const found = files.find((entry) => entry.file.endsWith(suffix));
  if (!found) throw new Error(`corpus file ${suffix} not found`);
  return found;
};

/** Offsets where a chunk starts (the only places a cut leaves a well-formed, shorter model). */
function chunkBoundaries(model: MdxModel): Set<number> {
  const boundaries = new Set<number>([MDX_MAGIC_BYTES]);
  let offset = MDX_MAGIC_BYTES;
  for (const chunk of model.chunks) {
    offset += CHUNK_HEADER_BYTES + chunk.body.byteLength + chunk.trailing.byteLength;
    boundaries.add(offset);
  }
  return boundaries;
}

/** The CodecError reading a cut model throws. */
function expectCodecError(bytes: Uint8Array): CodecError {
  return codecError(() => readMdx(bytes), `a ${bytes.byteLength}-byte cut was read as a model`);
}

describeCorpus(modelCorpus, 'MDX corpus', () => {
  it('holds the 78 MDX files the manifest lists', () => {
    expect(files.length).toBe(78);
  });

  it('writes every corpus MDX back byte-identical without edits', () => {
    const different = files.filter((entry) => {
      const written = writeMdx(readMdx(entry.bytes));
      return (
        written.byteLength !== entry.bytes.byteLength || !written.every((byte, index) => byte === entry.bytes[index])
      );
    });
    expect(different.map((entry) => entry.file)).toEqual([]);
  });

  it('reads the version and the event names the manifest lists for every file', () => {
    for (const entry of files) {
      const model = readMdx(entry.bytes);
      expect(model.version, entry.file).toBe(entry.version);
      // The manifest's own chunk walk stopped at FountainOfSouls.mdx's short LITE chunk; the
      // chunks after it (HELP, PIVT, PREM, PRE2, EVTS) hold one event object.
      const expected = entry.file.endsWith('/maps__Tribute_Reforged.w3x__FountainOfSouls.mdx')
        ? ['SNDxAUDM']
        : entry.eventNames;
      expect(eventNames(model), entry.file).toEqual(expected);
    }
  });

  it('finds no damage in any corpus file except the LITE chunk of FountainOfSouls.mdx', () => {
    for (const entry of files) {
      const model = readMdx(entry.bytes);
      const problems = validateMdx(model).filter((diagnostic) => diagnostic.severity !== 'info');
      if (entry.file.endsWith('/maps__Tribute_Reforged.w3x__FountainOfSouls.mdx')) {
        expect(problems.map((diagnostic) => diagnostic.code)).toEqual(['mdx.chunk-size-short']);
      } else {
        expect(problems, entry.file).toEqual([]);
      }
    }
  });

  it('keeps the tracks a short LITE chunk size leaves out, and says so', () => {
    const entry = byName('/maps__Tribute_Reforged.w3x__FountainOfSouls.mdx');
    const model = readMdx(entry.bytes);
    const lite = model.chunks.find((chunk) => chunk.tag === 'LITE')!;
    expect(lite.body.byteLength).toBe(144);
    expect(String.fromCharCode(...lite.trailing.subarray(0, 4))).toBe('KLAI');
    expect(lite.trailing.byteLength).toBe(96);
    const diagnostic = model.diagnostics.find((item) => item.code === 'mdx.chunk-size-short')!;
    expect(diagnostic.message).toContain('KLAI');
    expect(diagnostic.offset).toBe(lite.offset + CHUNK_HEADER_BYTES + 144);
    // The chunks after the light are read as chunks, not lost.
    expect(model.chunks.map((chunk) => chunk.tag).slice(-6)).toEqual(['LITE', 'HELP', 'PIVT', 'PREM', 'PRE2', 'EVTS']);
    expect(listNodes(model).map((node) => node.kind)).toContain('helper');
  });

  it('keeps the unknown MDVI chunk of Basket02.mdx, in place', () => {
    const model = readMdx(byName('Basket02.mdx').bytes);
    expect(model.chunks.map((chunk) => chunk.tag)).toEqual([
      'VERS',
      'MODL',
      'SEQS',
      'MTLS',
      'TEXS',
      'GEOS',
      'BONE',
      'PIVT',
      'MDVI',
    ]);
    expect(model.diagnostics.map((diagnostic) => diagnostic.code)).toContain('mdx.unknown-chunk');
  });

  it('keeps the 0-byte PREM chunks in place', () => {
    const withEmpty = files.filter(
      (entry) =>
        entry.chunks.includes('PREM') &&
        readMdx(entry.bytes).chunks.some((chunk) => chunk.tag === 'PREM' && chunk.body.byteLength === 0),
    );
    expect(withEmpty.length).toBeGreaterThan(10);
  });

  it('lists one node per pivot point and reads the sequences of every file', () => {
    for (const entry of files) {
      const model = readMdx(entry.bytes);
      const pivots = model.chunks.find((chunk) => chunk.tag === 'PIVT');
      if (!pivots) continue;
      const nodes = listNodes(model);
      expect(nodes.length, entry.file).toBe(pivots.body.byteLength / 12);
      expect(parsedChunkOf(model, 'SEQS')?.length, entry.file).toBeGreaterThan(0);
    }
  });

  it('adds an event object to every corpus model (renumbering what follows) and removes it again', () => {
    for (const entry of files) {
      const model = readMdx(entry.bytes);
      const before = listNodes(model);
      const count = eventNames(model).length;
      const inserted = insertEventObject(
        model,
        count,
        { name: 'MRFx0042', keys: { globalSequenceId: -1, frames: Int32Array.of(100) } },
        [1, 2, 3],
      );
      const reread = readMdx(writeMdx(inserted));
      const after = listNodes(reread);
      const added = after.find((node) => node.name === 'MRFx0042')!;
      expect(after.length, entry.file).toBe(before.length + 1);
      // Nodes from the new objectId on moved up by one; the others kept theirs.
      before.forEach((node, index) => {
        const moved = after.filter((other) => other !== added)[index]!;
        expect(moved.objectId, `${entry.file} ${node.name}`).toBe(
          node.objectId >= added.objectId ? node.objectId + 1 : node.objectId,
        );
      });
      expect(
        validateMdx(reread).filter((item) => item.severity === 'error'),
        entry.file,
      ).toEqual(validateMdx(model).filter((item) => item.severity === 'error'));
      const removed = writeMdx(removeEventObject(reread, count));
      const expected =
        count > 0
          ? entry.bytes
          : writeMdx(insertChunk(model, newChunk('EVTS', new Uint8Array(0)), CANONICAL_CHUNK_ORDER));
      expect(removed.byteLength, entry.file).toBe(expected.byteLength);
      expect(
        removed.every((byte, index) => byte === expected[index]),
        entry.file,
      ).toBe(true);
    }
  });

  it('refuses every corpus file cut in half', () => {
    for (const entry of files) {
      const half = entry.bytes.subarray(0, Math.floor(entry.bytes.byteLength / 2));
      expect(chunkBoundaries(readMdx(entry.bytes)).has(half.byteLength), entry.file).toBe(false);
      expectCodecError(half);
    }
  });

  it('refuses every corpus file cut anywhere but between two chunks', () => {
    for (const entry of files) {
      const boundaries = chunkBoundaries(readMdx(entry.bytes));
      const length = entry.bytes.byteLength;
      const cuts = new Set<number>([1, 3, length - 1, length - 4, length - 7]);
      for (let step = 1; step < 40; step += 1) cuts.add(Math.floor((length * step) / 40));
      for (const cut of cuts) {
        if (boundaries.has(cut) || cut <= 0) continue;
        const error = expectCodecError(entry.bytes.subarray(0, cut));
        expect(['truncated', 'invalid']).toContain(error.kind);
      }
    }
  });

  it('names the tag and offset of the chunk a cut runs into', () => {
    const entry = byName('Basket02.mdx');
    const model = readMdx(entry.bytes);
    const geos = model.chunks.find((chunk) => chunk.tag === 'GEOS')!;
    const error = expectCodecError(entry.bytes.subarray(0, geos.offset + 100));
    expect(error.kind).toBe('truncated');
    expect(error.where).toContain('GEOS');
    expect(error.offset).toBe(geos.offset);
    expect(error.message).toContain(`byte ${geos.offset}`);
  });
});
