/**
 * The typed model in MDL: every kind of every version MDX → MDL → MDX byte-identical (the fixtures
 * built from the specification), the printer's layout, what the reader accepts from other tools,
 * inconsistent text opened with error diagnostics, cut text refused, and the conversion's warnings.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../binary/codec-error';
import { convertModel } from './convert';
import { printMdlModel, readMdlModel, writeMdlModel } from './mdl-model';
import { findParsedChunk, isParsedChunk, readMdxModel, writeMdxModel, type TypedMdxChunk } from './mdx-model';
import { NO_BYTES } from '../mdx/cursor';
import { fullModelBytes } from './testing/fixture-bytes';
import { fullModelSpec } from './testing/fixtures';
import { trackValue } from './track';

const VERSIONS = [800, 900, 1000, 1100, 1200];
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

function codesOf(diagnostics: readonly { code: string }[]): string[] {
  return diagnostics.map((diagnostic) => diagnostic.code);
}

/** The MDL printer's option that writes what no MDL keyword says as this project's own statements. */
const EXTENSIONS = { extensions: true } as const;

describe('MDX → MDL → MDX', () => {
  it.each(VERSIONS)(
    'carries every kind of a version %i model byte for byte with the extensions, with nothing to warn',
    (version) => {
      const mdx = fullModelBytes(fullModelSpec(version));
      const text = convertModel(mdx, 'mdx', 'mdl', '', EXTENSIONS);
      expect(text.warnings).toEqual([]);
      const back = convertModel(text.bytes, 'mdl', 'mdx');
      expect(back.diagnostics).toEqual([]);
      expect(back.warnings).toEqual([]);
      expect(back.bytes).toEqual(mdx);
      // Printing the model read back gives the same text: MDL → MDX → MDL is a fixpoint at once.
      expect(convertModel(back.bytes, 'mdx', 'mdl', '', EXTENSIONS).bytes).toEqual(text.bytes);
    },
  );

  it.each(VERSIONS)(
    'leaves out of a version %i model only what no MDL keyword says, each with a warning naming it',
    (version) => {
      const mdx = fullModelBytes(fullModelSpec(version));
      const text = convertModel(mdx, 'mdx', 'mdl');
      // The fixture's pre-release sound track and its popcorn emitter without the emitter bit (0x1000) its block
      // implies.
      const unnamed = version === 800 ? ['SNDS'] : ['SNDS', 'ParticleEmitterPopcorn "Popcorn"'];
      expect(text.warnings.map((warning) => [warning.code, warning.where])).toEqual(
        unnamed.map((where) => ['mdl.unnamed-value', where]),
      );
      expect(latin1(text.bytes)).not.toMatch(/\b(SoundTracks|Flags|SelectionFlags|SyncPoint|LightType) /);
      // Read back, the model differs in those values only: printed with the extensions, the texts differ only in
      // the lines that hold them.
      const back = convertModel(text.bytes, 'mdl', 'mdx');
      expect(back.diagnostics).toEqual([]);
      const lines = (bytes: Uint8Array) => latin1(convertModel(bytes, 'mdx', 'mdl', '', EXTENSIONS).bytes).split('\n');
      const before = lines(mdx);
      const after = new Set(lines(back.bytes));
      const lost = before.filter((line) => !after.has(line)).map((line) => line.trim());
      expect(lost.filter((line) => !/^(SoundTracks|SoundTrack |Volume|Pitch|Flags|\}|,)/.test(line))).toEqual([]);
      expect(lost.length).toBeGreaterThan(0);
    },
  );

  it('prints the layout the community writes: tabs, counts in headers, static values, shortest floats', () => {
    const text = latin1(writeMdlModel(readMdxModel(fullModelBytes(fullModelSpec(800)))));
    expect(text.startsWith('Version {\n\tFormatVersion 800,\n}\nModel "FullModel" {\n\tNumGeosets 1,\n')).toBe(true);
    expect(text).toContain('\nSequences 2 {\n\tAnim "Stand" {\n\t\tInterval { 0, 1000 },\n');
    expect(text).toContain('\nGlobalSequences 2 {\n\tDuration 500,\n\tDuration 1200,\n}\n');
    expect(text).toMatch(/\n\t\t\tstatic Alpha 0\.75,\n/);
    expect(text).toMatch(/\n\tVertices \d+ {\n\t\t{ [-\d.e]+, [-\d.e]+, [-\d.e]+ },\n/);
    // The face type block closes without a comma, as the game's exporter, Retera's Model Studio and mdx-m3-viewer
    // write it (war3-model refuses '},' there).
    expect(text).toMatch(/\n\tFaces 1 3 {\n\t\tTriangles {\n\t\t\t{ 0, 1, 2 },\n\t\t}\n\t}\n/);
    expect(text).not.toMatch(/ {2}|\/\//);
    const model = readMdlModel(
      'Version {\n\tFormatVersion 800,\n}\nSequences 1 {\n\tAnim "A" {\n\t\tInterval { 0, 1 },\n' +
        '\t\tMoveSpeed 0.1,\n\t\tRarity 3.4028234663852886e38,\n\t}\n}\n',
    );
    expect(latin1(writeMdlModel(model))).toContain('\t\tMoveSpeed 0.1,\n\t\tRarity 3.4028235e+38,\n');
  });
});

describe('MDL reader', () => {
  it('reads the forms Retera’s Model Studio, Magos and war3-model write', () => {
    const { model, diagnostics } = readMdlModel(
      [
        'Version {',
        '\tFormatVersion 800,',
        '}',
        'Model "Forms" {',
        '\tNumBones 1,',
        '\tNumEvents 1,',
        '\tBlendTime 150,',
        '}',
        'Bone "Root" {',
        '\tObjectId 0,',
        '\tGeosetId Multiple,',
        '\tGeosetAnimId None,',
        '\tBillboardedLockZ,',
        '\tDontInherit { Rotation },',
        '\tRotation 1 {',
        '\t\tLinear,',
        '\t\t0: { 0, 0, 0, 1 },',
        '\t}',
        '}',
        'EventObject "SNDxFOOT" {',
        '\tObjectId 1,',
        '\tParent 0,',
        '\tEventTrack 2 {',
        '\t\t100,',
        '\t\t200,',
        '\t}',
        '\tGlobalSeqId 0,',
        '}',
        'PivotPoints 2 {',
        '\t{ 0, 0, 0 },',
        '\t{ 1, 2, 3 },',
        '}',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    const bone = findParsedChunk(model, 'BONE')![0]!;
    expect(bone).toMatchObject({ geosetId: -1, geosetAnimationId: -1 });
    expect(bone.node.flags).toBe(0x100 | 0x40 | 0x2);
    expect(trackValue(bone.node.tracks[0]!, 0, 3)).toBe(1);
    expect(findParsedChunk(model, 'EVTS')![0]!.keys).toEqual({
      globalSequenceId: 0,
      frames: new Int32Array([100, 200]),
    });
    expect(Array.from(findParsedChunk(model, 'PIVT')!)).toEqual([0, 0, 0, 1, 2, 3]);
  });

  it('reads unquoted names, a missing comma, and NaN and infinity words as Visual C++ prints them', () => {
    const { model, diagnostics } = readMdlModel(
      'Version {\n\tFormatVersion 800,\n}\nSequences 1 {\n\tAnim Stand {\n\t\tInterval { 0, 100 },\n' +
        '\t\tMoveSpeed 1.#INF,\n\t\tRarity -1.#IND,\n\t}\n}\nHelper "H" {\n\tObjectId 0 Parent -1,\n' +
        '\tScaling 1 {\n\t\tLinear,\n\t\t0: { 1.#QNAN0, -NaN, Infinity },\n\t}\n}\n' +
        'PivotPoints 1 {\n\t{ 0, 0, 0 },\n}\n',
    );
    expect(diagnostics).toEqual([]);
    const sequence = findParsedChunk(model, 'SEQS')![0]!;
    expect(sequence).toMatchObject({ name: 'Stand', moveSpeed: Infinity, rarity: NaN });
    const track = findParsedChunk(model, 'HELP')![0]!.node.tracks[0]!;
    expect(Array.from(new Uint32Array(track.keyWords.buffer, track.keyWords.byteOffset, 4))).toEqual([
      0, 0x7fc00000, 0xffc00000, 0x7f800000,
    ]);
    expect(latin1(writeMdlModel(model))).toContain('\t\tMoveSpeed Infinity,\n\t\tRarity -NaN,\n');
  });

  it('takes a name field spelled out whole (NULs and the bytes after them, as war3-model prints it)', () => {
    const { model, diagnostics } = readMdlModel(
      'Version {\n\tFormatVersion 800,\n}\nModel "Wisp" {\n\tBlendTime 150,\n\tAnimationFile "\0\0PDR",\n}\n',
    );
    expect(diagnostics).toEqual([]);
    const info = findParsedChunk(model, 'MODL')!;
    expect(info.animationFileName).toBe('');
    expect(Array.from(info.animationFileNameBytes.subarray(0, 6))).toEqual([0, 0, 0x50, 0x44, 0x52, 0]);
    expect(readMdxModel(writeMdxModel(model)).chunks).toHaveLength(2);
  });

  it('opens a complete but inconsistent text with error diagnostics naming each problem', () => {
    const text = [
      'Version {',
      '\tFormatVersion 800,',
      '}',
      'Model "Odd" {',
      '\tNumBones 3,',
      '\tBlendTime fast,',
      '}',
      'Sequences 2 {',
      '\tAnim "Stand" {',
      '\t\tInterval { 0, 1000 },',
      '\t}',
      '}',
      'Bone "NoId" {',
      '\tGeosetId 0,',
      '\tGeosetAnimId None,',
      '}',
      'Bone "Far" {',
      '\tObjectId 7,',
      '\tGeosetId 0,',
      '\tGeosetAnimId None,',
      '\tTranslation 1 {',
      '\t\tLinear,',
      '\t\t0: { 1, 2 },',
      '\t}',
      '}',
      'PivotPoints 3 {',
      '\t{ 0, 0, 0 },',
      '\t{ 1, 1, 1 },',
      '\t{ 2, 2, 2 },',
      '}',
    ].join('\n');
    const { model, diagnostics } = readMdlModel(text, 'odd.mdl');
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(codesOf(errors).sort()).toEqual([
      'mdl.count-mismatch', // NumBones 3
      'mdl.count-mismatch', // Sequences 2
      'mdl.invalid-value', // BlendTime fast
      'mdl.invalid-value', // { 1, 2 } for a translation
      'mdl.missing-object-id',
      'mdl.object-id',
      'mdl.pivot-count',
    ]);
    expect(errors.find((error) => error.code === 'mdl.missing-object-id')!.message).toMatch(
      /^Bone "NoId" has no ObjectId; it is given 0 \(line 13, column 1\)$/,
    );
    expect(errors.every((error) => error.where!.startsWith('odd.mdl: '))).toBe(true);
    expect(findParsedChunk(model, 'BONE')!.map((bone) => bone.node.objectId)).toEqual([0, 7]);
    // It still converts: the model holds what the text says.
    expect(readMdxModel(convertModel(new TextEncoder().encode(text), 'mdl', 'mdx').bytes).chunks).toHaveLength(5);
  });

  it('refuses only text that is cut, with a CodecError', () => {
    const text = latin1(writeMdlModel(readMdxModel(fullModelBytes(fullModelSpec(800)))));
    for (const end of [text.indexOf('Bone') + 3, text.length >> 1, text.length - 2]) {
      let error: unknown;
      try {
        readMdlModel(text.slice(0, end));
      } catch (caught) {
        error = caught;
      }
      expect(error, `cut at ${end}`).toBeInstanceOf(CodecError);
      expect((error as CodecError).kind).toBe('truncated');
    }
    expect(() => readMdlModel('Version {\n\tFormatVersion 800,\n}\nModel "模型" {\n}\n')).toThrow(CodecError);
  });
});

describe('what MDL cannot carry', () => {
  const model = readMdxModel(fullModelBytes(fullModelSpec(900)));
  const withChunks = (chunks: TypedMdxChunk[]) => ({ chunks });

  it('warns about a chunk unknown to the model, naming it, and writes the rest', () => {
    const unknown = { tag: 'ZZZZ', bytes: new Uint8Array([1, 2, 3, 4]), trailing: NO_BYTES };
    const printed = printMdlModel(withChunks([...model.chunks, unknown]), EXTENSIONS);
    expect(printed.warnings).toEqual([
      expect.objectContaining({ code: 'mdl.chunk-not-carried', where: 'ZZZZ', severity: 'warning' }),
    ]);
    expect(printed.bytes).toEqual(printMdlModel(model, EXTENSIONS).bytes);
  });

  it('warns about bytes after a name’s NUL and keeps an empty chunk through its count of 0', () => {
    const chunks = model.chunks.map((chunk) => {
      if (chunk.tag !== 'SEQS' || !isParsedChunk(chunk)) return chunk;
      const sequences = chunk.parsed as { nameBytes?: Uint8Array }[];
      const nameBytes = new Uint8Array(80);
      nameBytes.set([0x53, 0x74, 0x61, 0x6e, 0x64, 0, 0x21]);
      return { ...chunk, parsed: [{ ...sequences[0], nameBytes }, ...sequences.slice(1)] } as TypedMdxChunk;
    });
    const at = chunks.findIndex((chunk) => chunk.tag === 'FAFX');
    chunks[at] = { tag: 'FAFX', parsed: [], trailing: NO_BYTES };
    const printed = printMdlModel(withChunks(chunks), EXTENSIONS);
    expect(printed.warnings.map((warning) => warning.where)).toEqual(['SEQS[0].name']);
    expect(latin1(printed.bytes)).toContain('\tNumFaceFX 0,\n');
    const read = readMdlModel(printed.bytes).model;
    expect(read.chunks.map((chunk) => chunk.tag)).toEqual(chunks.map((chunk) => chunk.tag));
  });

  it('warns when the MDX version does not store what the text sets', () => {
    const text = latin1(writeMdlModel(readMdxModel(fullModelBytes(fullModelSpec(800))))).replace(
      '\t\t\tstatic Alpha 0.75,\n',
      '\t\t\tstatic Alpha 0.75,\n\t\t\tstatic EmissiveGain 0.5,\n',
    );
    const converted = convertModel(new TextEncoder().encode(text), 'mdl', 'mdx');
    expect(converted.warnings).toEqual([expect.objectContaining({ code: 'mdx.not-stored' })]);
    expect(converted.warnings[0]!.message).toContain('static EmissiveGain 0.5');
    expect(writeMdxModel(readMdxModel(converted.bytes))).toEqual(converted.bytes);
  });
});
