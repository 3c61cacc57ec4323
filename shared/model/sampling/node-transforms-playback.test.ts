/**
 * The node update keeps state from frame to frame (track-cursor.ts: each track's key range per sequence and its
 * last key; node-transforms.ts: which tracks can move in the sequence). None of it may show: a transforms object
 * played forwards through every sequence must give, frame after frame, exactly the matrices of one that jumps
 * there from elsewhere (another sequence, another time).
 */
import { expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../../tests/testing/corpus';
import { findParsedChunk, readMdxModel } from '../mdx-model';
import { createNodeTransforms, updateNodeTransforms } from './node-transforms';
import { createSampleTime, setSampleTime } from './sample-time';

/** Models played (the ones with the most sequences are not needed: a few dozen frames per sequence suffice). */
const MODELS = 12;
/** Frames played per sequence, 1/60 s apart, from a little before its start to a little after its end. */
const FRAMES = 40;

describeCorpus(modelCorpus, 'Node transforms played frame after frame', () => {
  it('give the same matrices, to the bit, as a transforms object that jumps to each frame', () => {
    const entries = corpusModels('MDX').slice(0, MODELS);
    let compared = 0;
    for (const entry of entries) {
      const typed = readMdxModel(modelCorpus.bytes(entry.file));
      const sequences = findParsedChunk(typed, 'SEQS') ?? [];
      const globalSequences = findParsedChunk(typed, 'GLBS') ?? [];
      const playing = createNodeTransforms(typed);
      const jumping = createNodeTransforms(typed);
      const time = createSampleTime(globalSequences);
      const elsewhere = createSampleTime(globalSequences);
      sequences.forEach((sequence, index) => {
        const other = sequences[(index * 7 + 3) % sequences.length]!;
        for (let frame = 0; frame < FRAMES; frame += 1) {
          const at = sequence.start - 20 + frame * (1000 / 60);
          setSampleTime(time, at, sequence.start, sequence.end, at * 1.3);
          updateNodeTransforms(playing, time);
          // Elsewhere first: another sequence at another time (or no sequence), then the frame.
          const away = other.start + ((frame * 397) % Math.max(1, other.end - other.start + 1));
          if (frame % 5 === 4) setSampleTime(elsewhere, 0, Number.NaN, Number.NaN, away);
          else setSampleTime(elsewhere, away, other.start, other.end, away * 0.7);
          updateNodeTransforms(jumping, elsewhere);
          updateNodeTransforms(jumping, time);
          expect(playing.worldMatrices, `${entry.file} ${sequence.name} frame ${frame}`).toEqual(jumping.worldMatrices);
          expect(playing.worldRotations).toEqual(jumping.worldRotations);
          expect(playing.worldScales).toEqual(jumping.worldScales);
          compared += 1;
        }
      });
    }
    expect(compared).toBeGreaterThan(100);
  });
});
