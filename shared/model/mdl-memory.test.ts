/**
 * What an MDL read, edit, validation and print leave behind once their model is dropped: module-level scratch within
 * SCRATCH_CAP_BYTES whatever the size of the file, and no reference to the file's text (a closed file's text goes
 * with its document). And what an open model's reads hold: its tracks' storage, with little room to spare.
 */
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../events';
import { keptScratch, keptScratchBytes, SCRATCH_CAP_BYTES } from '../mdl/scratch';
import { readMdlText } from '../mdl/mdl-text';
import { generatedMdlText } from '../mdl/testing/generate';
import { encodeMdlText } from '../mdl/text';
import { collectGarbage } from '../../tests/testing/garbage';
import { mdlTypedModel, readMdlModel } from './mdl-model';
import { mdlNodes } from './mdl-parts';
import type { Track } from './track';
import { findParsedChunk } from './typed-model';
import { writeMdlModel } from './mdl-print';

/** Keys of the long rotation track: more than the track reader's buffers keep between reads. */
const TRACK_KEYS = 6_000;

/**
 * A generated model of about 2 MB whose bone has a rotation track of TRACK_KEYS keys written with more digits than
 * a double holds (the decimal reader's long path, which reads four digits at a time).
 */
function largeModel(): Uint8Array {
  const keys = Array.from({ length: TRACK_KEYS }, (_, key) => `\t\t${key * 10}: { 0.12345678901234567, 0, 0, 1 },`);
  const track = ['\tRotation ' + TRACK_KEYS + ' {', '\t\tLinear,', ...keys, '\t}'].join('\n');
  const text = generatedMdlText(2_000_000).replace('\tGeosetAnimId None,\n', `\tGeosetAnimId None,\n${track}\n`);
  return encodeMdlText(text);
}

/** A generated model with `bones` bones, each with Translation, Rotation and Scaling tracks of `keys` keys. */
function modelWithBones(bones: number, keys: number): Uint8Array {
  const lines: string[] = [];
  const track = (keyword: string, value: (key: number) => string) => {
    lines.push(`\t${keyword} ${keys} {`, '\t\tLinear,');
    for (let key = 0; key < keys; key += 1) lines.push(`\t\t${key * 10}: { ${value(key)} },`);
    lines.push('\t}');
  };
  for (let bone = 1; bone <= bones; bone += 1) {
    lines.push(`Bone "Bone${bone}" {`, `\tObjectId ${bone},`, '\tParent 0,');
    track('Translation', (key) => `${bone}.5, ${key}.25, -0.125`);
    track('Rotation', (key) => `0, 0, ${key / keys}, 1`);
    track('Scaling', () => '1, 1, 1');
    lines.push('}');
  }
  const text = generatedMdlText(50_000, 0).replace('PivotPoints', `${lines.join('\n')}\nPivotPoints`);
  return encodeMdlText(text);
}

/** Opens, validates, edits and saves `bytes` as the editor does, and reads and prints it as the converter does. */
function useAndDrop(bytes: Uint8Array): void {
  let document = modelCodec.readModel(bytes, 'large.mdl');
  expect(modelCodec.validateModel(document).filter((finding) => finding.severity === 'error')).toEqual([]);
  const object = document.eventObjects.find((candidate) => candidate.frames.length > 0)!;
  document = modelCodec.applyEdit(document, {
    kind: 'moveKeys',
    keys: [{ objectIndex: object.index, frameIndex: 0 }],
    deltaMs: 10,
  });
  modelCodec.validateModel(document);
  expect(modelCodec.writeModel(document).byteLength).toBe(bytes.byteLength);
  const read = readMdlModel(bytes, 'large.mdl');
  expect(read.diagnostics.filter((finding) => finding.severity === 'error')).toEqual([]);
  expect(writeMdlModel(read).byteLength).toBeGreaterThan(bytes.byteLength / 2);
}

describe('MDL scratch after a large model is dropped', () => {
  it('keeps at most SCRATCH_CAP_BYTES of module scratch, however large the model read and printed', () => {
    useAndDrop(largeModel());
    const kept = keptScratch().filter((holder) => holder.bytes > 0);
    expect(kept.length).toBeGreaterThan(0);
    expect(keptScratchBytes(), JSON.stringify(kept)).toBeLessThanOrEqual(SCRATCH_CAP_BYTES);
  });

  it('keeps no reference to the text of a model once its document and reads are dropped', async () => {
    let bytes: Uint8Array | null = largeModel();
    const text = new WeakRef(bytes.buffer);
    useAndDrop(bytes);
    bytes = null;
    await collectGarbage();
    expect(text.deref()?.byteLength).toBeUndefined();
  });
});

describe('MDL read buffers', () => {
  it('stores the tracks of node blocks read one by one, then the rest, with little room to spare', () => {
    const text = readMdlText(modelWithBones(60, 400));
    // As opening a document does: the node blocks first, each alone; then every block, for the typed model.
    expect(mdlNodes(text)).toHaveLength(61);
    const bones = findParsedChunk(mdlTypedModel(text).model, 'BONE')!;
    const tracks: Track[] = bones.flatMap((bone) => bone.node.tracks);
    expect(tracks).toHaveLength(3 * 60);
    const stored = tracks.reduce((sum, track) => sum + track.keyWords.byteLength, 0);
    const buffers = new Set(tracks.map((track) => track.keyWords.buffer));
    const allocated = [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(stored).toBe(60 * 400 * (4 + 5 + 4) * 4);
    expect(allocated).toBeLessThan(1.25 * stored);
  });
});
