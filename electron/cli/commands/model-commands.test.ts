import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModel } from '../../../shared/events/index';
import {
  isParsedChunk,
  readMdxModel,
  writeMdxModel,
  type Helper,
  type TypedMdxChunk,
} from '../../../shared/model/index';
import { EVENTS_FIXTURE, twinFiles } from '../../../shared/events/testing/twins';
import { buildMorf, inProcessMorf, runBuiltMorf } from '../testing/run-cli';

const root = join(import.meta.dirname, '..', '..', '..');
const sample = join(root, 'assets', 'sample', 'ArthasIllidanSample');
let folder: string;

const morf = inProcessMorf(() => folder);

const bytes = (name: string) => new Uint8Array(readFileSync(join(folder, name)));

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-models-'));
  copyFileSync(`${sample}.mdx`, join(folder, 'sample.mdx'));
  copyFileSync(`${sample}.mdl`, join(folder, 'sample.mdl'));
  const fixture = twinFiles(EVENTS_FIXTURE);
  writeFileSync(join(folder, 'fixture.mdx'), fixture.mdx);
  writeFileSync(join(folder, 'fixture.mdl'), fixture.mdl);
  writeFileSync(join(folder, 'half.mdx'), fixture.mdx.subarray(0, fixture.mdx.length >> 1));
  writeFileSync(
    join(folder, 'negative.mdl'),
    'EventObject "SNDxNEGA" {\n\tObjectId 0,\n\tEventTrack 1 {\n\t\t-40,\n\t}\n}\n',
  );
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf inspect for models', () => {
  it.each(['sample.mdx', 'sample.mdl'])('prints exactly the documented --json fields (%s)', async (file) => {
    const { code, stdout } = await morf('inspect', file, '--json');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(Object.keys(summary)).toEqual([
      'format',
      'version',
      'name',
      'sequences',
      'globalSequences',
      'eventObjects',
      'mrfLinks',
      'diagnostics',
    ]);
    expect(summary).toMatchObject({
      format: file.slice(-3),
      version: 800,
      name: 'ArthasIllidanSample',
      globalSequences: [20000],
      diagnostics: [],
    });
    expect(summary.sequences).toEqual([
      { name: 'Cinematic', start: 0, end: 80000, moveSpeed: 0, nonLooping: true, rarity: 0 },
    ]);
    expect(summary.eventObjects[0]).toEqual({
      name: 'MRFx0000',
      type: 'MRF',
      id: '0000',
      objectId: 4,
      parentId: 3,
      globalSequenceId: null,
      frames: [19300],
      tracks: [],
    });
    expect(summary.eventObjects.at(-1)).toMatchObject({ name: 'SNDxWIND', globalSequenceId: 0, frames: [0] });
    expect(summary.mrfLinks[1]).toEqual({
      id: '0001',
      path: 'Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0001.mrf',
      show: [28133],
      hide: [36067],
    });
    expect(summary.mrfLinks).toHaveLength(6);
  });

  it('reports node tracks and diagnostics, and prints a readable summary', async () => {
    const summary = JSON.parse((await morf('inspect', 'fixture.mdl', '--json')).stdout);
    expect(summary.eventObjects[0].tracks).toContainEqual({
      kind: 'rotation',
      interpolation: 'bezier',
      globalSequenceId: null,
      frames: [0],
    });
    expect(summary.diagnostics.map((diagnostic: { code: string }) => diagnostic.code)).toEqual([
      'events.show-without-hide',
    ]);
    const { stdout } = await morf('inspect', 'sample.mdx');
    expect(stdout).toMatch(/^sample\.mdx: MDX 800 "ArthasIllidanSample", \d+ bytes\n/);
    expect(stdout).toContain('Cinematic                0–80000 ms, non-looping');
    expect(stdout).toContain('event objects     14 (MRF 6, MRD 6, SND 2)');
    expect(stdout).toMatch(/0003 +show 55933 +hide 58333 +Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0003\.mrf/);
  });
});

describe('morf events', () => {
  it('lists the keys by sequence and global sequence, then the links', async () => {
    const { code, stdout } = await morf('events', 'sample.mdl');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const cinematic = lines.indexOf('Sequence "Cinematic" (0–80000 ms)');
    expect(cinematic).toBeGreaterThan(0);
    expect(lines[cinematic + 1]).toMatch(/^ {2}time ms +object +type +id +objectId +parent +action$/);
    expect(lines[cinematic + 2]).toMatch(/^ +19300 +MRFx0000 +MRF +0000 +4 +Cape_Anchor +show ArthasCape0000\.mrf$/);
    expect(lines[cinematic + 3]).toMatch(/^ +22300 +MRDx0000 +MRD +0000 +5 +Cape_Anchor +hide ArthasCape0000\.mrf$/);
    expect(lines[cinematic + 4]).toMatch(/^ +24000 +SNDxSWRD +SND +SWRD +16 +Arthas$/);
    expect(stdout).toContain('Global sequence 0 (20000 ms, loops on its own)');
    expect(stdout).toMatch(/\n {2}0005 +72867 +74633 +Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0005\.mrf\n/);
    expect(stdout).toContain('Diagnostics: ok');
  });

  it('lists objects without keys and links missing an object', async () => {
    const { stdout } = await morf('events', 'fixture.mdx');
    expect(stdout).toContain('Event objects without keys');
    expect(stdout).toMatch(/UBRxNOKY +UBR +NOKY +6 +— +no key block/);
    expect(stdout).toMatch(
      /0002 +5500 +— +Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape0002\.mrf {2}\(no hide object\)/,
    );
    expect(stdout).toContain('Diagnostics: 1 warning');
  });
});

describe('morf link and unlink', () => {
  it('creates a link in place, keeping MODEL.bak and .orig, and removes it again to the original bytes', async () => {
    const original = bytes('sample.mdx');
    const created = await morf('link', 'sample.mdx', '--id', '0006', '--show', '76000', '--hide', '78000');
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toBe(
      'sample.mdx: link 0006 created (show 76000; hide 78000) → sample.mdx (the previous file is kept as ' +
        'sample.mdx.bak, the first original as sample.mdx.orig)\n',
    );
    expect(bytes('sample.mdx.bak')).toEqual(original);
    expect(bytes('sample.mdx.orig')).toEqual(original);
    const linked = readModel(bytes('sample.mdx'), 'sample.mdx');
    expect(linked.links.at(-1)).toMatchObject({ id: '0006', showFrames: [76000], hideFrames: [78000] });
    expect(linked.eventObjects.at(-1)).toMatchObject({ name: 'MRDx0006', parentId: 3 });
    expect((await morf('unlink', 'sample.mdx', '--id', '0006')).code).toBe(0);
    expect(bytes('sample.mdx')).toEqual(original);
  });

  it('writes -o OUT and leaves MODEL alone; updates only the keys given; reports what the edit brought', async () => {
    const original = bytes('sample.mdl');
    const updated = await morf('link', 'sample.mdl', '--id', '0001', '--hide', '27000', '-o', 'edited.mdl');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('sample.mdl: link 0001 updated (hide 27000) → edited.mdl\n');
    expect(updated.stdout).toContain('warning events.hide-before-show at link 0001');
    expect(bytes('sample.mdl')).toEqual(original);
    expect(existsSync(join(folder, 'sample.mdl.bak'))).toBe(false);
    expect(readModel(bytes('edited.mdl'), 'edited.mdl').links[1]).toMatchObject({
      showFrames: [28133],
      hideFrames: [27000],
    });
    const added = await morf('link', 'fixture.mdl', '--id', '0002', '--hide=6000,6500', '-o', 'fixture-linked.mdl');
    expect(added.code).toBe(0);
    expect(readModel(bytes('fixture-linked.mdl'), 'x').links[1]).toMatchObject({
      id: '0002',
      showFrames: [5500],
      hideFrames: [6000, 6500],
    });
    const removed = await morf('unlink', 'sample.mdl', '--id', 'abc', '-o', 'never.mdl');
    expect(removed).toMatchObject({
      code: 2,
      stderr: 'morf unlink: sample.mdl has no MRF link abc (its links: 0000, 0001, 0002, 0003, 0004, 0005)\n',
    });
    expect(existsSync(join(folder, 'never.mdl'))).toBe(false);
  });

  it('refuses bad usage with one line and exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['link', 'sample.mdx', '--id', '0007', '--show', '100'],
        /has no link 0007; creating it needs both --show and --hide/,
      ],
      [['link', 'sample.mdx', '--id', 'a.b', '--show', '1', '--hide', '2'], /only letters, digits, _ and -/],
      [['link', 'sample.mdx', '--id', '0001', '--show', '1.5'], /--show expects times in ms/],
      [['link', 'sample.mdx', '--id', '0001'], /give --show, --hide or both/],
      [['link', 'sample.mdx', '--show', '1'], /--id is required/],
      [['link', 'sample.mdx', '--id'], /--id needs a value/],
      [['link', 'sample.mdx', '--id', '1', '--hide', '2', '--color', 'red'], /unknown option --color/],
      [['unlink', 'missing.mdx', '--id', '0000'], /missing\.mdx: no such file or folder/],
      [['events', 'half.mdx'], /half\.mdx: MDX truncated at /],
    ];
    for (const [args, message] of cases) {
      const result = await morf(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr.split('\n')).toHaveLength(2);
    }
  });
});

describe('morf convert and validate for models', () => {
  it('rewrites a model in its own format byte for byte', async () => {
    expect((await morf('convert', 'sample.mdl', 'copy.mdl')).code).toBe(0);
    expect(bytes('copy.mdl')).toEqual(new Uint8Array(readFileSync(`${sample}.mdl`)));
  });

  it('converts a whole model MDX → MDL → MDX, byte for byte when nothing is lost', async () => {
    const toText = await morf('convert', 'sample.mdx', 'sample-out.mdl');
    expect(toText).toMatchObject({ code: 0, stderr: '' });
    expect(toText.stdout).toMatch(/^sample\.mdx → sample-out\.mdl \(MDL, \d+ bytes\): whole model MDX → MDL\n$/);
    const text = new TextDecoder('latin1').decode(bytes('sample-out.mdl'));
    expect(text).toMatch(/^Version {\n\tFormatVersion 800,\n}\nModel "ArthasIllidanSample" {\n\tNumHelpers 1,\n/);
    expect(text).toContain('EventObject "MRFx0000" {');
    expect((await morf('convert', 'sample-out.mdl', 'sample-back.mdx')).code).toBe(0);
    expect(bytes('sample-back.mdx')).toEqual(bytes('sample.mdx'));
  });

  it('warns, naming it, about what MDL cannot carry, and writes the rest', async () => {
    const source = bytes('fixture.mdx');
    const unknown = new Uint8Array(source.length + 12);
    unknown.set(source);
    unknown.set([0x5a, 0x5a, 0x5a, 0x5a, 4, 0, 0, 0, 1, 2, 3, 4], source.length);
    writeFileSync(join(folder, 'unknown.mdx'), unknown);
    const result = await morf('convert', 'unknown.mdx', 'unknown.mdl');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('whole model MDX → MDL, 1 thing not carried (warnings below)');
    expect(result.stderr).toBe(
      'morf convert: warning: chunk ZZZZ (4 bytes) is unknown to the model; MDL cannot carry it\n',
    );
    expect((await morf('convert', 'unknown.mdl', 'unknown-back.mdx')).code).toBe(0);
    expect(bytes('unknown-back.mdx')).toEqual(source);
  });

  it('leaves out, with a warning, what no MDL keyword says; --mdl-extensions writes it, back exact', async () => {
    // The sample's helper with the bone bit (0x100), as some exporters leave it: MDL's Helper block cannot say it.
    const model = readMdxModel(bytes('sample.mdx'));
    const chunks = model.chunks.map((chunk) =>
      chunk.tag === 'HELP' && isParsedChunk(chunk)
        ? {
            ...chunk,
            parsed: (chunk.parsed as Helper[]).map((helper) => ({ node: { ...helper.node, flags: 0x100 } })),
          }
        : chunk,
    ) as TypedMdxChunk[];
    writeFileSync(join(folder, 'boned.mdx'), writeMdxModel({ ...model, chunks }));
    const plain = await morf('convert', 'boned.mdx', 'boned.mdl');
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(
      /^morf convert: warning: Helper "[^"]+" has flags 0x100 where its statements say 0x0,/,
    );
    expect(plain.stderr).toMatch(/, which no MDL keyword says; it is left out\n$/);
    expect(new TextDecoder('latin1').decode(bytes('boned.mdl'))).not.toMatch(/\tFlags /);
    const extended = await morf('convert', 'boned.mdx', 'boned-extended.mdl', '--mdl-extensions');
    expect(extended).toMatchObject({ code: 0, stderr: '' });
    expect(new TextDecoder('latin1').decode(bytes('boned-extended.mdl'))).toContain('\tFlags 256,\n');
    expect((await morf('convert', 'boned-extended.mdl', 'boned-back.mdx')).code).toBe(0);
    expect(bytes('boned-back.mdx')).toEqual(bytes('boned.mdx'));
    // The switch belongs to MDX → MDL, and its help names the tools that refuse its output.
    expect((await morf('convert', 'sample.mdl', 'x.mdx', '--mdl-extensions')).stderr).toMatch(/unknown option/);
    const help = (await morf('help', 'convert')).stdout;
    expect(help).toMatch(/--mdl-extensions +also write what no MDL keyword says.*mdx-m3-viewer/);
  });

  it('converts an inconsistent MDL text, its errors as warnings', async () => {
    const text = new TextDecoder('latin1').decode(bytes('sample.mdl')).replace('Sequences 1 {', 'Sequences 3 {');
    writeFileSync(join(folder, 'miscounted.mdl'), text, 'latin1');
    const result = await morf('convert', 'miscounted.mdl', 'miscounted.mdx');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^morf convert: warning: [^\n]*Sequences[^\n]*declares 3 Anim blocks but holds 1/);
    expect(existsSync(join(folder, 'miscounted.mdx'))).toBe(true);
  });

  it('validates models: 0 when clean, 1 with errors, 2 when unreadable', async () => {
    expect(await morf('validate', 'sample.mdx', 'sample.mdl')).toMatchObject({
      code: 0,
      stdout: 'sample.mdx: ok\nsample.mdl: ok\n',
    });
    const negative = await morf('validate', 'negative.mdl');
    expect(negative.code).toBe(1);
    expect(negative.stdout).toContain('error events.negative-frame at event object 0 "SNDxNEGA"');
    expect((await morf('validate', 'half.mdx')).code).toBe(2);
  });
});

describe('the built morf program with models', () => {
  beforeAll(buildMorf);

  it('lists the sample cinematic events and links a cape', async () => {
    const events = await runBuiltMorf(['events', 'sample.mdx'], folder);
    expect(events.stdout).toMatch(/^ +72867 +MRFx0005 +MRF +0005 +14 +Cape_Anchor +show ArthasCape0005\.mrf$/m);
    const linked = await runBuiltMorf(
      ['link', 'sample.mdx', '--id', '0010', '--show', '100', '--hide', '200', '-o', 'built.mdx'],
      folder,
    );
    expect(linked.stdout).toContain('link 0010 created');
    expect(readModel(bytes('built.mdx'), 'built.mdx').links.at(-1)).toMatchObject({
      id: '0010',
      showFrames: [100],
      hideFrames: [200],
    });
  });
});
