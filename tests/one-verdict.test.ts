/**
 * One verdict per file: `morf inspect`, `events`, `validate`, `convert` and `dump` and the editor's reader (the model
 * worker's parse) accept exactly the same files — every corpus model, each cut in half (refused), each MDL cut
 * between two blocks (complete blocks: a model), and the cases issue 19 names: an MDL whose PivotPoints do not match
 * its nodes and one with a Version block and event objects but no Model block open with diagnostics everywhere; a
 * bare `Faces` or `MinimumExtent` fragment is refused as not a model, and cut text as truncated, everywhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessMorf } from '../electron/cli/testing/run-cli';
import { modelCodec } from '../shared/events';
import { readMdlText } from '../shared/mdl/mdl-text';
import { createModelWorkerHandler } from '../renderer/workers/model-parser';
import { corpusModels, modelCorpus } from './testing/corpus';

let folder: string;
const morf = inProcessMorf(() => folder);
const parse = createModelWorkerHandler(modelCodec);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-verdict-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The verdict of the editor's reader: 'opens', or the refusal's first words (`MDL truncated`). */
function editorVerdict(bytes: Uint8Array, fileName: string): string {
  const { response } = parse({ kind: 'parse', id: 1, bytes: bytes.slice().buffer, fileName, baseId: 1 });
  return response.ok ? 'opens' : refusalOf(response.error.message);
}

/** `MDX truncated`, `MDL invalid`: the format and kind a refusal names, wherever it is printed. */
function refusalOf(message: string): string {
  return /\b(MDX|MDL) (truncated|invalid)\b/.exec(message)?.[0] ?? message;
}

/** Every path's verdict on `bytes` written as `name`: the five commands and the editor. */
async function verdicts(name: string, bytes: Uint8Array): Promise<Record<string, string>> {
  writeFileSync(join(folder, name), bytes);
  const other = name.endsWith('.mdx') ? 'mdl' : 'mdx';
  const runs = {
    inspect: await morf('inspect', name),
    events: await morf('events', name),
    validate: await morf('validate', name),
    convert: await morf('convert', name, `converted.${other}`),
    dump: await morf('dump', name, '--json'),
  };
  const found: Record<string, string> = { editor: editorVerdict(bytes, name) };
  for (const [command, run] of Object.entries(runs))
    found[command] = run.code === 2 ? refusalOf(run.stderr) : run.code <= 1 ? 'opens' : `exit ${run.code}`;
  return found;
}

/** Expects every path to give `expected` for the file. */
async function expectOneVerdict(name: string, bytes: Uint8Array, expected?: string): Promise<string> {
  const found = await verdicts(name, bytes);
  const verdict = found['editor']!;
  expect(found, name).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, expected ?? verdict])));
  return verdict;
}

const encode = (text: string) => new Uint8Array([...text].map((character) => character.charCodeAt(0)));

describe('one verdict per file', () => {
  it('for the cases the issue names: open with diagnostics, refused as not a model, refused as truncated', async () => {
    const mismatch = [
      'Version {\n\tFormatVersion 800,\n}',
      'Model "Odd" {\n\tNumBones 1,\n}',
      'Bone "Root" {\n\tObjectId 0,\n\tGeosetId Multiple,\n\tGeosetAnimId None,\n}',
      'PivotPoints 2 {\n\t{ 0, 0, 0 },\n\t{ 1, 1, 1 },\n}',
      '',
    ].join('\n');
    await expectOneVerdict('pivots.mdl', encode(mismatch), 'opens');
    const { stdout } = await morf('validate', 'pivots.mdl');
    expect(stdout).toContain('mdl.pivot-count');
    const noModel = [
      'Version {\n\tFormatVersion 800,\n}',
      'EventObject "MRFx0001" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t100,\n\t}\n}',
      'EventObject "MRDx0001" {\n\tObjectId 1,\n\tEventTrack 1 {\n\t\t200,\n\t}\n}',
      '',
    ].join('\n');
    await expectOneVerdict('events.mdl', encode(noModel), 'opens');
    expect((await morf('events', 'events.mdl')).stdout).toContain('0001');
    expect((await morf('validate', 'events.mdl')).stdout).toContain('mdl.missing-pivot-points');
    await expectOneVerdict(
      'faces.mdl',
      encode('Faces 1 3 {\n\tTriangles {\n\t\t{ 0, 1, 2 },\n\t}\n}\n'),
      'MDL invalid',
    );
    await expectOneVerdict('extent.mdl', encode('MinimumExtent { -1, -1, -1 },\n'), 'MDL invalid');
    await expectOneVerdict('cut.mdl', encode(noModel.slice(0, noModel.indexOf('200'))), 'MDL truncated');
    await expectOneVerdict('cut.mdx', encode('MDLXVERS'), 'MDX truncated');
  });

  it('for every corpus model, cut in half, and (MDL) cut between two blocks', { timeout: 600_000 }, async () => {
    if (!modelCorpus.present) return;
    for (const row of corpusModels('MDX', 'MDL')) {
      const bytes = modelCorpus.bytes(row.file);
      const name = `model.${row.format.toLowerCase()}`;
      expect(await expectOneVerdict(name, bytes), row.file).toBe('opens');
      expect(await expectOneVerdict(name, bytes.subarray(0, bytes.length >> 1)), row.file).not.toBe('opens');
      if (row.format !== 'MDL') continue;
      const statements = readMdlText(bytes).statements;
      const between = statements[Math.floor(statements.length / 2)]!.start;
      expect(await expectOneVerdict(name, bytes.subarray(0, between)), row.file).toBe('opens');
    }
  });
});
