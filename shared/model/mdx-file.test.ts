import { describe, expect, it } from 'vitest';
import { codecError } from '../testing/codec-error';
import { seededRandom } from '../testing/fuzz';
import {
  CHUNK_HEADER_BYTES,
  findChunk,
  insertChunk,
  isMdx,
  newChunk,
  replaceChunkBody,
  writeMdx,
} from '../mdx/container';
import { readMdx, type MdxModel } from './mdx-file';
import { validateMdx } from './mdx-validate';
import { CANONICAL_CHUNK_ORDER } from './registry';
import {
  concat,
  lightBytes,
  mdxBytes,
  modlBody,
  seqsBody,
  testModelBytes,
  trackBytes,
  versBody,
} from './testing/mdx-bytes';
import { parsedChunkOf, typedChunkOf } from './typed-chunks';
import { listNodes } from './testing/mdx-nodes';

/** What opening a model for its events reports: the container's findings and those of MODL, SEQS, GLBS and EVTS. */
function openingDiagnostics(model: MdxModel) {
  const read = model.chunks.filter((chunk) => ['MODL', 'SEQS', 'GLBS', 'EVTS'].includes(chunk.tag));
  return [...model.diagnostics, ...read.flatMap((chunk) => typedChunkOf(chunk, model.version).diagnostics)];
}

describe('MDX container', () => {
  it('writes a model read without edits back byte-identical', () => {
    for (const version of [800, 900, 1000, 1100, 1200]) {
      const bytes = testModelBytes({ version });
      expect(writeMdx(readMdx(bytes))).toEqual(bytes);
    }
  });

  it('keeps 0-byte chunks, in place', () => {
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['PREM', new Uint8Array(0)],
      ['MODL', modlBody({ name: 'Empty' })],
      ['EVTS', new Uint8Array(0)],
    ]);
    const model = readMdx(bytes);
    expect(model.chunks.map((chunk) => [chunk.tag, chunk.body.byteLength])).toEqual([
      ['VERS', 4],
      ['PREM', 0],
      ['MODL', 372],
      ['EVTS', 0],
    ]);
    expect(writeMdx(model)).toEqual(bytes);
    expect(parsedChunkOf(model, 'EVTS')).toEqual([]);
  });

  it('keeps unknown chunks verbatim and in place, and reports them as info', () => {
    const unknown = new Uint8Array([1, 2, 3, 4, 5, 250, 0, 7]);
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MDVI', unknown],
      ['MODL', modlBody({ name: 'X' })],
      ['zz99', new Uint8Array(3)],
    ]);
    const model = readMdx(bytes);
    expect(model.chunks.map((chunk) => chunk.tag)).toEqual(['VERS', 'MDVI', 'MODL', 'zz99']);
    expect(findChunk(model, 'MDVI')!.body).toEqual(unknown);
    expect(writeMdx(model)).toEqual(bytes);
    const unknownDiagnostics = model.diagnostics.filter((diagnostic) => diagnostic.code === 'mdx.unknown-chunk');
    expect(unknownDiagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.where])).toEqual([
      ['info', 'MDVI chunk'],
      ['info', 'zz99 chunk'],
    ]);
  });

  it('reads an empty model (MDLX alone) as a model without chunks, version 800', () => {
    const model = readMdx(new Uint8Array([0x4d, 0x44, 0x4c, 0x58]));
    expect(model.chunks).toEqual([]);
    expect(model.version).toBe(800);
    expect(writeMdx(model)).toEqual(new Uint8Array([0x4d, 0x44, 0x4c, 0x58]));
  });

  it('refuses bytes that are not MDX, naming the magic', () => {
    const error = codecError(() => readMdx(new TextEncoder().encode('Version { FormatVersion 800 }')));
    expect(error.kind).toBe('invalid');
    expect(error.where).toBe('magic');
    expect(error.offset).toBe(0);
    expect(error.message).toContain('not an MDX file');
    expect(codecError(() => readMdx(new Uint8Array([0x4d, 0x44]))).where).toBe('magic');
    expect(isMdx(new Uint8Array([0x4d, 0x44, 0x4c, 0x58, 0]))).toBe(true);
  });

  it('refuses a chunk whose size runs past the end, naming its tag and offset', () => {
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MODL', modlBody({ name: 'Cut' })],
    ]);
    const cut = bytes.subarray(0, bytes.byteLength - 10);
    const error = codecError(() => readMdx(cut));
    expect(error.kind).toBe('truncated');
    expect(error.where).toContain('MODL');
    expect(error.offset).toBe(4 + CHUNK_HEADER_BYTES + 4);
    expect(error.detail).toContain('372');
  });

  it('refuses a file that ends inside a chunk header, or whose next tag is not a tag', () => {
    const bytes = mdxBytes([['VERS', versBody(800)]]);
    expect(codecError(() => readMdx(concat(bytes, new Uint8Array([0x53, 0x45, 0x51])))).where).toBe('chunk[1].header');
    const garbage = codecError(() => readMdx(concat(bytes, new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0]))));
    expect(garbage.kind).toBe('invalid');
    expect(garbage.where).toBe('chunk[1].tag');
    expect(garbage.offset).toBe(bytes.byteLength);
  });

  it('refuses MDLX followed by random bytes instead of reading a shorter model', () => {
    const random = seededRandom(1234);
    for (let trial = 0; trial < 200; trial += 1) {
      const noise = new Uint8Array(16 + Math.floor(random() * 2000));
      for (let index = 0; index < noise.length; index += 1) noise[index] = Math.floor(random() * 256);
      const error = codecError(() => readMdx(concat(new Uint8Array([0x4d, 0x44, 0x4c, 0x58]), noise)));
      expect(['truncated', 'invalid']).toContain(error.kind);
    }
  });

  it('reports a fixed-size chunk that does not add up, keeps its bytes and opens the rest', () => {
    const badSequences = concat(seqsBody([{ name: 'Stand', start: 0, end: 100 }]), new Uint8Array(5));
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MODL', modlBody({ name: 'Model' })],
      ['SEQS', badSequences],
      ['EVTS', new Uint8Array(0)],
    ]);
    const model = readMdx(bytes);
    const diagnostic = model.diagnostics.find((item) => item.code === 'mdx.chunk-size')!;
    expect(diagnostic.severity).toBe('error');
    expect(diagnostic.where).toBe('SEQS chunk');
    expect(diagnostic.message).toContain('137');
    expect(parsedChunkOf(model, 'MODL')!.name).toBe('Model');
    expect(parsedChunkOf(model, 'SEQS')).toBeUndefined();
    // Reported once, by the container: the kind's reader steps over the chunk without a second report.
    expect(typedChunkOf(findChunk(model, 'SEQS')!, model.version).diagnostics).toEqual([]);
    expect(
      openingDiagnostics(model)
        .filter((item) => item.target?.kind === 'chunk' && item.target.tag === 'SEQS' && item.severity === 'error')
        .map((item) => item.code),
    ).toEqual(['mdx.chunk-size']);
    expect(
      validateMdx(model)
        .filter((item) => item.target?.kind === 'chunk' && item.target.tag === 'SEQS' && item.severity === 'error')
        .map((item) => item.code),
    ).toEqual(['mdx.chunk-size']);
    expect(writeMdx(model)).toEqual(bytes);
  });

  it('keeps tracks that a chunk size leaves out as the chunk trailing bytes, with a warning', () => {
    const light = lightBytes({ name: 'Lamp', objectId: 0 }, { intensity: 2 });
    const leftOut = trackBytes({
      tag: 'KLAI',
      interpolation: 1,
      keys: [
        { frame: 0, value: [1] },
        { frame: 100, value: [3] },
      ],
    });
    const bytes = concat(
      mdxBytes([
        ['VERS', versBody(800)],
        ['LITE', light],
      ]),
      leftOut,
      mdxBytes([['PIVT', new Uint8Array(12)]]).subarray(4),
    );
    const model = readMdx(bytes);
    expect(model.chunks.map((chunk) => chunk.tag)).toEqual(['VERS', 'LITE', 'PIVT']);
    expect(model.chunks[1]!.trailing).toEqual(leftOut);
    const warning = model.diagnostics.find((item) => item.code === 'mdx.chunk-size-short')!;
    expect(warning.severity).toBe('warning');
    expect(warning.message).toContain('KLAI');
    expect(listNodes(model)).toEqual([{ kind: 'light', name: 'Lamp', objectId: 0, parentId: -1 }]);
    expect(writeMdx(model)).toEqual(bytes);
  });

  it('replaces a chunk body and inserts chunks at their canonical place', () => {
    const model = readMdx(testModelBytes({ withoutEvents: true }));
    const renamed = replaceChunkBody(model, 1, modlBody({ name: 'Renamed' }));
    expect(parsedChunkOf(renamed, 'MODL')!.name).toBe('Renamed');
    expect(parsedChunkOf(model, 'MODL')!.name).toBe('TestModel');
    const withEvents = insertChunk(model, newChunk('EVTS', new Uint8Array(0)), CANONICAL_CHUNK_ORDER);
    expect(withEvents.chunks.map((chunk) => chunk.tag)).toEqual([
      'VERS',
      'MODL',
      'SEQS',
      'GLBS',
      'GEOS',
      'BONE',
      'LITE',
      'HELP',
      'PIVT',
      'EVTS',
      'CAMS',
      'CLID',
    ]);
    expect(validateMdx(withEvents).filter((item) => item.severity !== 'info')).toEqual([]);
  });

  it('warns of a file of the magic alone, or of a VERS chunk alone, as of an MDL text of a Version block alone', () => {
    const empty = readMdx(mdxBytes([]));
    expect(empty.diagnostics.map(({ severity, code, offset }) => [severity, code, offset])).toEqual([
      ['warning', 'mdx.no-chunks', 4],
    ]);
    const versionOnly = readMdx(mdxBytes([['VERS', versBody(800)]]));
    expect(versionOnly.diagnostics.map(({ severity, code }) => [severity, code])).toEqual([
      ['warning', 'mdx.version-only'],
    ]);
    // Opened with the warning, not refused; with one more chunk, no warning.
    expect(validateMdx(versionOnly).map((item) => item.code)).toContain('mdx.version-only');
    const withModel = readMdx(
      mdxBytes([
        ['VERS', versBody(800)],
        ['MODL', modlBody({ name: 'M' })],
      ]),
    );
    expect(withModel.diagnostics).toEqual([]);
  });

  it('reports a chunk from a later version and a model without VERS as info', () => {
    const model = readMdx(
      mdxBytes([
        ['MODL', modlBody({ name: 'Old' })],
        ['CORN', new Uint8Array(0)],
      ]),
    );
    expect(model.version).toBe(800);
    expect(model.diagnostics.map((item) => [item.severity, item.code])).toEqual([
      ['info', 'mdx.no-version'],
      ['info', 'mdx.chunk-version'],
    ]);
  });
});

describe('opening a model for its events', () => {
  it('reads the header and the events through their kinds, with every read diagnostic', () => {
    const model = readMdx(testModelBytes());
    expect(parsedChunkOf(model, 'MODL')!.name).toBe('TestModel');
    const sequences = parsedChunkOf(model, 'SEQS')!;
    expect(sequences.map((sequence) => [sequence.name, sequence.start, sequence.end])).toEqual([
      ['Stand', 0, 1000],
      ['Walk', 2000, 3000],
    ]);
    expect(parsedChunkOf(model, 'GLBS')).toEqual([500]);
    expect(parsedChunkOf(model, 'EVTS')!.map((object) => object.node.name)).toEqual(['SNDxABCD', 'MRFx0001']);
    expect(openingDiagnostics(model)).toEqual([]);
  });
});
