import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics';
import {
  boneBytes,
  concat,
  eventObjectBytes,
  mdxBytes,
  modlBody,
  pivtBody,
  seqsBody,
  versBody,
} from '../model/testing/mdx-bytes';
import { readModel, validateModel } from './index';
import { EVENTS_FIXTURE, TWINS, twinFiles } from './testing/twins';

const encode = (text: string) => new TextEncoder().encode(text);

/** An MDL text (a fragment: no Version or Model block) with one sequence and one 500 ms global sequence. */
function mdl(events: string) {
  return readModel(
    encode(
      `Sequences 1 {\n\tAnim "Stand" { Interval { 1000, 2000 }, }\n}\nGlobalSequences 1 {\n\tDuration 500,\n` +
        `}\n${events}`,
    ),
    'test.mdl',
  );
}

function event(name: string, objectId: number, frames: readonly number[], extra = ''): string {
  return (
    `EventObject "${name}" {\n\tObjectId ${objectId},\n${extra}\tEventTrack ${frames.length} ` +
    `{\n${frames.map((frame) => `\t\t${frame},\n`).join('')}\t}\n}\n`
  );
}

const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((diagnostic) => diagnostic.code);
const only = (diagnostics: readonly Diagnostic[], code: string) =>
  diagnostics.filter((diagnostic) => diagnostic.code === code);

describe('validateModel', () => {
  it('finds nothing in the sample cinematic, and only the lone show object in the events fixture', () => {
    const sample = TWINS[1]!;
    for (const bytes of [sample.mdx, sample.mdl]) expect(validateModel(readModel(bytes, 'sample'))).toEqual([]);
    const fixture = twinFiles(EVENTS_FIXTURE);
    for (const bytes of [fixture.mdx, fixture.mdl]) {
      expect(validateModel(readModel(bytes, 'fixture'))).toEqual([
        {
          severity: 'warning',
          code: 'events.show-without-hide',
          message: 'Link 0002 has a show object (MRFx0002) but no hide object (MRDx0002); the cape stays once shown',
          where: 'link 0002',
          target: { kind: 'link', id: '0002' },
        },
      ]);
    }
  });

  it('warns of a show key after the last hide (a pasted one) as of a link without hide keys, at that key', () => {
    const document = mdl(event('MRFx0001', 0, [1100, 1600]) + event('MRDx0001', 1, [1300]));
    expect(only(validateModel(document), 'events.show-without-hide')).toMatchObject([
      {
        severity: 'warning',
        message: 'Link 0001 shows its cape at 1600 ms with no hide key after it; the cape stays until "Stand" ends',
        target: { kind: 'eventObject', objectIndex: 0, frameIndex: 1 },
      },
    ]);
    expect(
      only(validateModel(mdl(event('MRFx0001', 0, [1100]) + event('MRDx0001', 1, [1300]))), 'events.show-without-hide'),
    ).toEqual([]);
  });

  it('reports keys out of order, duplicate keys and keys before 0 at the first such key', () => {
    const document = mdl(event('SNDxAAAA', 0, [1500, 1200, 1200, -5]));
    const found = validateModel(document);
    expect(only(found, 'events.frames-out-of-order')).toMatchObject([
      { severity: 'warning', target: { kind: 'eventObject', objectIndex: 0, frameIndex: 1 } },
    ]);
    expect(only(found, 'events.duplicate-frame')).toMatchObject([
      { severity: 'warning', target: { objectIndex: 0, frameIndex: 2 }, message: expect.stringContaining('1200') },
    ]);
    expect(only(found, 'events.negative-frame')).toMatchObject([
      { severity: 'error', target: { objectIndex: 0, frameIndex: 3 } },
    ]);
  });

  it('reports keys outside every sequence (frame 0 excepted) and beyond their global sequence', () => {
    const document = mdl(
      event('SNDxAAAA', 0, [0, 1000, 2000, 2001, 500]) + event('SNDxBBBB', 1, [0, 500, 501], '\tGlobalSeqId 0,\n'),
    );
    const found = validateModel(document);
    expect(only(found, 'events.frame-outside-sequences')).toMatchObject([
      { target: { objectIndex: 0, frameIndex: 3 }, message: expect.stringContaining('2001, 500 ms') },
    ]);
    expect(only(found, 'events.frame-beyond-global-sequence')).toMatchObject([
      { severity: 'warning', target: { objectIndex: 1, frameIndex: 2 } },
    ]);
  });

  it('reports a global sequence the model does not have', () => {
    const found = validateModel(mdl(event('SNDxAAAA', 0, [100], '\tGlobalSeqId 3,\n')));
    expect(only(found, 'events.unknown-global-sequence')).toMatchObject([
      { severity: 'error', target: { kind: 'eventObject', objectIndex: 0 } },
    ]);
  });

  it('reports hide before show, show without hide and hide without show', () => {
    const found = validateModel(
      mdl(
        event('MRFx0001', 0, [1500]) +
          event('MRDx0001', 1, [1100, 1900]) +
          event('MRFx0002', 2, [1200]) +
          event('MRDx0003', 3, [1300]) +
          event('MRFx0004', 4, [1400]) +
          event('MRDx0004', 5, []),
      ),
    );
    expect(only(found, 'events.hide-before-show')).toMatchObject([
      { where: 'link 0001', target: { kind: 'eventObject', objectIndex: 1, frameIndex: 0 } },
    ]);
    expect(only(found, 'events.show-without-hide').map((diagnostic) => diagnostic.target)).toEqual([
      { kind: 'link', id: '0002' },
      { kind: 'link', id: '0004' },
    ]);
    expect(only(found, 'events.hide-without-show')).toMatchObject([{ target: { kind: 'link', id: '0003' } }]);
  });

  it('warns of a show and a hide at one time, saying which fires last (the object later in the model)', () => {
    const hideLast = validateModel(mdl(event('MRFx0001', 0, [1500]) + event('MRDx0001', 1, [1500, 1800])));
    expect(only(hideLast, 'events.show-hide-same-time')).toEqual([
      {
        severity: 'warning',
        code: 'events.show-hide-same-time',
        message:
          'Link 0001 shows and hides its cape at 1500 ms: the game fires both in one update, the hide last ' +
          '(MRDx0001 comes after MRFx0001 in the model), so the cape is not shown',
        where: 'link 0001',
        target: { kind: 'eventObject', objectIndex: 0, frameIndex: 0 },
      },
    ]);
    // The hide at 1800 then finds the cape off.
    expect(only(hideLast, 'events.hide-before-show')).toMatchObject([{ target: { objectIndex: 1, frameIndex: 1 } }]);
    const showLast = validateModel(mdl(event('MRDx0001', 0, [1500]) + event('MRFx0001', 1, [1500])));
    expect(only(showLast, 'events.show-hide-same-time')[0]!.message).toMatch(
      /the show last \(MRFx0001 comes after MRDx0001 in the model\), so the hide does nothing and the cape stays on$/,
    );
    // (The minimal MDL's own findings, such as its missing Version, are the typed model's; only the events' here.)
    const eventCodes = codes(showLast).filter((code) => code.startsWith('events.'));
    expect(eventCodes).toEqual(['events.show-hide-same-time', 'events.show-without-hide']);
  });

  it('walks each sequence alone: a show left on at one sequence’s end, a hide that finds it off in the next', () => {
    const twoSequences = readModel(
      encode(
        'Sequences 2 {\n\tAnim "A" { Interval { 0, 1000 }, }\n\tAnim "B" { Interval { 2000, 3000 }, }\n}\n' +
          event('MRFx0001', 0, [900]) +
          event('MRDx0001', 1, [2500]),
      ),
      'two.mdl',
    );
    const found = validateModel(twoSequences);
    expect(only(found, 'events.show-without-hide')).toMatchObject([
      { message: expect.stringContaining('the cape stays until "A" ends'), target: { objectIndex: 0, frameIndex: 0 } },
    ]);
    expect(only(found, 'events.hide-before-show')).toMatchObject([{ target: { objectIndex: 1, frameIndex: 0 } }]);
  });

  it('says that a link on a global sequence is not previewed', () => {
    const found = validateModel(
      mdl(event('MRFx0001', 0, [100], '\tGlobalSeqId 0,\n') + event('MRDx0001', 1, [300], '\tGlobalSeqId 0,\n')),
    );
    expect(only(found, 'events.link-on-global-sequence')).toMatchObject([
      { severity: 'info', target: { kind: 'link', id: '0001' } },
    ]);
  });

  it('reports the show and hide objects of a link on different timelines, and a second show object', () => {
    const found = validateModel(
      mdl(
        event('MRFx0001', 0, [1500]) + event('MRDx0001', 1, [100], '\tGlobalSeqId 0,\n') + event('MRFy0001', 2, [1600]),
      ),
    );
    expect(codes(found)).toContain('events.link-timelines-differ');
    expect(only(found, 'events.duplicate-link-object')).toMatchObject([
      { target: { kind: 'eventObject', objectIndex: 2 } },
    ]);
  });

  it('reports an ID longer than the 80-byte name allows, names off their pattern, and unknown types', () => {
    const long = `MRFx${'7'.repeat(80)}`;
    const found = validateModel(
      mdl(
        event(long, 0, [1500]) +
          event('SNDxFOOTS', 1, [1500]) +
          event('MRF10001', 2, [1500]) +
          event('Marker', 3, [1500]),
      ),
    );
    expect(only(found, 'events.id-too-long')).toMatchObject([
      {
        severity: 'error',
        target: { objectIndex: 0 },
        message: expect.stringContaining('has 80 characters; the 80-byte name allows 76 after "MRFx"'),
      },
    ]);
    expect(only(found, 'events.name-pattern').map((diagnostic) => diagnostic.target)).toEqual([
      { kind: 'eventObject', objectIndex: 1 },
      { kind: 'eventObject', objectIndex: 2 },
    ]);
    expect(only(found, 'events.unknown-type')).toMatchObject([{ severity: 'info', target: { objectIndex: 3 } }]);
  });

  it('reports a parent no node has, in MDL and in MDX alike', () => {
    expect(
      only(validateModel(mdl(event('SNDxAAAA', 0, [1500], '\tParent 42,\n'))), 'events.missing-parent'),
    ).toMatchObject([{ target: { objectIndex: 0 } }]);
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MODL', modlBody({ name: 'Orphan' })],
      ['SEQS', seqsBody([{ name: 'Stand', start: 0, end: 1000 }])],
      ['PIVT', pivtBody([[0, 0, 0]])],
      ['EVTS', eventObjectBytes({ name: 'SNDxAAAA', objectId: 0, parentId: 42 }, { frames: [10] })],
    ]);
    const found = validateModel(readModel(bytes, 'orphan.mdx'));
    expect(codes(found)).toEqual(['events.missing-parent']);
  });

  it("adds the format's structural findings, each once (MDX reports them all from its chunk checks)", () => {
    const bytes = mdxBytes([
      ['VERS', versBody(800)],
      ['MODL', modlBody({ name: 'Pivots' })],
      ['SEQS', seqsBody([{ name: 'Stand', start: 0, end: 1000 }])],
      ['BONE', concat(boneBytes({ name: 'Root', objectId: 0 }), boneBytes({ name: 'Arm', objectId: 1, parentId: 0 }))],
      ['PIVT', pivtBody([[0, 0, 0]])],
      ['ABCD', new Uint8Array(4)],
    ]);
    const document = readModel(bytes, 'pivots.mdx');
    expect(codes(document.readDiagnostics)).toEqual([]);
    expect(codes(validateModel(document))).toEqual(['mdx.unknown-chunk', 'mdx.pivot-count']);
  });

  it('never throws, even for a document it did not read', () => {
    const document = { ...readModel(TWINS[1]!.mdx, 'sample.mdx'), source: null };
    expect(codes(validateModel(document))).toEqual(['events.unreadable']);
  });
});
