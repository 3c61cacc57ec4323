/**
 * What an MDL read, edit, validation and print leave behind once their model is dropped: module-level scratch within
 * SCRATCH_CAP_BYTES whatever the size of the file, and no reference to the file's text (a closed file's text goes
 * with its document).
 */
import { describe, expect, it } from 'vitest';
import { modelCodec } from '../events';
import { keptScratch, keptScratchBytes, SCRATCH_CAP_BYTES } from '../mdl/scratch';
import { generatedMdlText } from '../mdl/testing/generate';
import { encodeMdlText } from '../mdl/text';
import { collectGarbage } from '../../tests/testing/garbage';
import { readMdlModel } from './mdl-model';
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
