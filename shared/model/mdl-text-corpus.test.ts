/**
 * MDL texts read by the model against the real files of ../shared/corpus (skipped, saying so, when it is absent):
 * byte-identical round trips, refusal of every file cut inside a block and diagnostics for every file cut between
 * blocks (complete blocks are a model), the same event objects and node headers as the MDX twins, and edits that
 * change only what they must.
 */
import { expect, it } from 'vitest';
import { CORPUS_TWINS, corpusModels, describeCorpus, modelCorpus } from '../../tests/testing/corpus';
import { CodecError } from '../binary/codec-error';
import { readMdlText, writeMdl } from '../mdl/mdl-text';
import type { MdlText } from '../mdl/types';
import { mdlTypedModel } from './mdl-model';
import { eventTrackOf, setEventFrames } from './mdl/edit-events';
import { insertEventObject, removeNode } from './mdl/edit-nodes';
import { viewed, type ViewedText } from './testing/mdl-view';

type MdlModel = ViewedText;
const readMdl = (bytes: Uint8Array) => viewed(readMdlText(bytes));

const rows = corpusModels('MDL');

/** What a text cut short at `length` does: 'refused', or 'empty' when nothing but comments is left. */
function cutOutcome(bytes: Uint8Array, length: number): 'refused' | 'empty' | 'read' {
  try {
    const model = readMdlText(bytes.subarray(0, length));
    return model.statements.length === 0 ? 'empty' : 'read';
  } catch (error) {
    if (error instanceof CodecError) return 'refused';
    throw error;
  }
}

/** Node headers read straight from an MDX's node chunks (classic 800 layout), for the twin comparison. */
interface MdxNodeHeader {
  name: string;
  objectId: number;
  parentId: number;
  globalSequenceId?: number;
  frames?: number[];
}

const NODE_HEADER_BYTES = 96;
const NAME_BYTES = 80;

function readMdxNodeHeaders(bytes: Uint8Array): MdxNodeHeader[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  const headers: MdxNodeHeader[] = [];
  for (let offset = 4; offset + 8 <= bytes.length; offset += 8 + view.getUint32(offset + 4, true)) {
    const chunk = tag(offset);
    const end = offset + 8 + view.getUint32(offset + 4, true);
    const inclusive = ['LITE', 'ATCH', 'PREM', 'PRE2', 'RIBB'].includes(chunk);
    if (!inclusive && !['BONE', 'HELP', 'EVTS', 'CLID'].includes(chunk)) continue;
    let position = offset + 8;
    while (position < end) {
      const node = inclusive ? position + 4 : position;
      const nodeSize = view.getUint32(node, true);
      const nameBytes = bytes.subarray(node + 4, node + 4 + NAME_BYTES);
      const header: MdxNodeHeader = {
        name: String.fromCharCode(
          ...nameBytes.subarray(0, nameBytes.indexOf(0) < 0 ? NAME_BYTES : nameBytes.indexOf(0)),
        ),
        objectId: view.getInt32(node + 4 + NAME_BYTES, true),
        parentId: view.getInt32(node + 8 + NAME_BYTES, true),
      };
      let next = node + nodeSize;
      if (chunk === 'BONE') next += 8;
      if (chunk === 'EVTS') {
        header.frames = [];
        if (tag(next) === 'KEVT') {
          const count = view.getUint32(next + 4, true);
          header.globalSequenceId = view.getInt32(next + 8, true);
          for (let index = 0; index < count; index += 1)
            header.frames.push(view.getUint32(next + 12 + 4 * index, true));
          next += 12 + 4 * count;
        }
      }
      if (chunk === 'CLID') {
        const shape = view.getUint32(next, true);
        next += 4 + (shape === 2 ? 12 : 24) + (shape === 2 || shape === 3 ? 4 : 0);
      }
      headers.push(header);
      position = inclusive ? position + view.getUint32(position, true) : next;
      expect(nodeSize).toBeGreaterThanOrEqual(NODE_HEADER_BYTES);
    }
  }
  return headers.sort((left, right) => left.objectId - right.objectId);
}

function mdlNodeHeaders(model: MdlModel): MdxNodeHeader[] {
  return model.nodes
    .map((node) => {
      const header: MdxNodeHeader = { name: node.name, objectId: node.objectId!, parentId: node.parentId };
      if (node.kind === 'eventObject') {
        const event = model.eventObjects.find((candidate) => candidate.statement === node.statement)!;
        header.frames = [...event.frames];
        if (event.hasKeyBlock) header.globalSequenceId = event.globalSequenceId ?? -1;
      }
      return header;
    })
    .sort((left, right) => left.objectId - right.objectId);
}

describeCorpus(modelCorpus, 'MDL corpus', () => {
  it('reads and writes every corpus MDL byte for byte, with the event objects the manifest lists', () => {
    expect(rows.length).toBeGreaterThan(0);
    const identical: string[] = [];
    for (const row of rows) {
      const bytes = modelCorpus.bytes(row.file);
      const model = readMdl(bytes);
      const written = writeMdl(model);
      if (written.length === bytes.length && written.every((value, index) => value === bytes[index]))
        identical.push(row.file);
      expect(
        model.eventObjects.map((event) => event.name),
        row.file,
      ).toEqual(row.eventNames);
      expect(model.diagnostics, row.file).toEqual([]);
      expect(
        model.nodes.map((node) => node.objectId),
        row.file,
      ).toEqual(model.nodes.map((_, index) => index));
    }
    expect(`${identical.length}/${rows.length}`).toBe(`${rows.length}/${rows.length}`);
  });

  it('refuses every corpus MDL cut in half', () => {
    for (const row of rows) {
      const bytes = modelCorpus.bytes(row.file);
      expect(cutOutcome(bytes, Math.floor(bytes.length / 2)), row.file).toBe('refused');
    }
  });

  it('opens every corpus MDL cut between two top-level blocks with diagnostics naming what it lacks', () => {
    for (const row of rows) {
      const bytes = modelCorpus.bytes(row.file);
      const statements = readMdlText(bytes).statements;
      // Cut before each block that starts a run of one keyword, before the last block, and inside the longest run.
      const cuts = statements.filter(
        (statement, index) =>
          index > 0 && (statement.keyword !== statements[index - 1]!.keyword || index === statements.length - 1),
      );
      const runs = statements.map(
        (statement) => statements.filter((other) => other.keyword === statement.keyword).length,
      );
      const longest = runs.indexOf(Math.max(...runs));
      if (runs[longest]! >= 3) cuts.push(statements[longest + Math.floor(runs[longest]! / 2)]!);
      expect(cuts.length).toBeGreaterThan(2);
      for (const statement of cuts) {
        const label = `${row.file} cut before ${statement.label}`;
        expect(cutOutcome(bytes, statement.start), label).toBe('read');
        const found = mdlTypedModel(readMdlText(bytes.subarray(0, statement.start))).diagnostics;
        expect(found.length, label).toBeGreaterThan(0);
      }
      expect(cutOutcome(bytes, statements[statements.length - 1]!.end)).toBe('read');
    }
  });

  it('refuses corpus MDLs cut inside a block, and opens them cut between blocks with diagnostics', () => {
    let seed = 7;
    for (const row of rows.filter((candidate) => !candidate.file.includes('alchemist'))) {
      const bytes = modelCorpus.bytes(row.file);
      for (let cut = 0; cut < 4; cut += 1) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const length = seed % bytes.length;
        const outcome = cutOutcome(bytes, length);
        // A cut that falls between two blocks leaves complete blocks: a model, which says what it lacks.
        if (outcome === 'read')
          expect(mdlTypedModel(readMdlText(bytes.subarray(0, length))).diagnostics.length).toBeGreaterThan(0);
        else expect(['refused', 'empty'], `${row.file} cut at ${length}`).toContain(outcome);
      }
    }
  });

  it('reads the same event objects and node headers as the MDX twin', () => {
    for (const [mdlFile, mdxFile] of CORPUS_TWINS) {
      const fromMdl = mdlNodeHeaders(readMdl(modelCorpus.bytes(mdlFile)));
      const fromMdx = readMdxNodeHeaders(modelCorpus.bytes(mdxFile));
      expect(fromMdl.length, mdlFile).toBeGreaterThan(0);
      expect(fromMdl, mdlFile).toEqual(fromMdx);
    }
    const packHorse = readMdl(modelCorpus.bytes(CORPUS_TWINS[0]![0]));
    expect(packHorse.eventObjects.map((event) => [event.name, event.objectId, event.frames])).toContainEqual([
      'SNDXDHOR',
      65,
      [30167],
    ]);
  });

  it('edits corpus MDLs changing only the spans they must', () => {
    for (const row of rows.filter(
      (candidate) => candidate.eventNames.length > 0 && !candidate.file.includes('alchemist'),
    )) {
      const bytes = modelCorpus.bytes(row.file);
      const model = readMdl(bytes);
      const original = model.text;
      const event = model.eventObjects[0]!;

      const framed = setEventFrames(model, event, [...event.frames, 99999]).text;
      const track = eventTrackOf(event.statement)!;
      expect(framed.slice(0, track.start), row.file).toBe(original.slice(0, track.start));
      expect(framed.slice(framed.length - (original.length - event.statement.end)), row.file).toBe(
        original.slice(event.statement.end),
      );
      expect(viewed(setEventFrames(model, event, []), false).eventObjects[0]!.frames).toEqual([]);

      const inserted = viewed(insertEventObject(model, { name: 'MRFx0000', frames: [19300], parentId: 0 }));
      expect(inserted.diagnostics, row.file).toEqual([]);
      expect(inserted.nodes.map((node) => node.objectId).sort((left, right) => left! - right!)).toEqual(
        inserted.nodes.map((_, index) => index),
      );
      const restored = removeNode(inserted, inserted.eventObjects[inserted.eventObjects.length - 1]!);
      expect(restored.text === original, row.file).toBe(true);

      const removed = viewed(removeNode(model, event));
      expect(removed.diagnostics, row.file).toEqual([]);
      expect(removed.eventObjects.length).toBe(model.eventObjects.length - 1);
      expect(removed.nodes.map((node) => node.objectId)).toEqual(removed.nodes.map((_, index) => index));
    }
  });
});
