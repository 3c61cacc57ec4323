/**
 * Scrubbing equals playing: the particles at a frame are the same numbers whether the simulation played there frame
 * by frame, jumped there, came back from later, or went there through another sequence — on a fixture and on every
 * corpus model with emitters. Skips the corpus part with a message when ../shared is absent.
 */
import { describe, expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../../tests/testing/corpus';
import { readMdxModel, type TypedMdxModel } from '../index';
import { ModelSimulation } from './model-simulation';
import { emitterModel, particleEmitter2, sequence, steppedTrack } from './testing/emitter-models';

/** Every emitter's live particles, as numbers. */
function state(simulation: ModelSimulation): number[][] {
  return simulation.emitters.map((emitter) => [...emitter.pool.data.subarray(0, emitter.pool.liveFloats)]);
}

/** Plays `model` frame by frame (60 fps) through every sequence and checks jumps against it at some frames. */
function checkScrubbing(model: TypedMdxModel, framesPerSequence: number): number {
  const played = new ModelSimulation(model);
  const jumped = new ModelSimulation(model);
  let checked = 0;
  for (const [index, sequence] of played.sequences.slice(0, 4).entries()) {
    const length = sequence.end - sequence.start;
    const marks = new Set(Array.from({ length: framesPerSequence }, (_, mark) => Math.floor((mark * 7919) % 97)));
    let frame = 0;
    for (let time = sequence.start; time <= sequence.end; time += 1000 / 60, frame += 1) {
      played.update(time, null, Infinity);
      if (!marks.has(frame % 97) || checked > 400) continue;
      // Jump there from elsewhere: another sequence, the end of this one, then the frame.
      const other = played.sequences[(index + 1) % played.sequences.length]!;
      jumped.update(other.start + (other.end - other.start) / 3, null, Infinity);
      jumped.update(sequence.start + length, null, Infinity);
      jumped.update(time, null, Infinity);
      expect(jumped.alive, `${sequence.name} at ${time}`).toBe(played.alive);
      expect(state(jumped), `${sequence.name} at ${time}`).toEqual(state(played));
      checked += 1;
    }
  }
  return checked;
}

describe('scrubbing', () => {
  it('gives the particles playing gives, on a looping and a non-looping sequence with squirt and visibility', () => {
    const emitter = particleEmitter2({
      emissionRate: 45,
      lifespan: 0.8,
      speed: 120,
      latitude: 40,
      gravity: 90,
      variation: 0.3,
      length: 20,
      width: 10,
      headOrTail: 2,
      tracks: [
        steppedTrack('KP2V', [
          [0, 1],
          [700, 0],
          [900, 1],
        ]),
      ],
    });
    const model = emitterModel({ kind: 'PRE2', object: emitter }, [
      sequence('Stand', 0, 1600),
      sequence('Birth', 2000, 2900, true),
    ]);
    expect(checkScrubbing(model, 12)).toBeGreaterThanOrEqual(20);
  });

  it('gives the same particles at a frame after a long way round (cache thinned to its budget or not)', () => {
    const emitter = particleEmitter2({ emissionRate: 300, lifespan: 2, speed: 50, latitude: 90 });
    const model = emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Long', 0, 60_000)]);
    const first = new ModelSimulation(model);
    first.update(45_000, null, Infinity);
    const expected = state(first);
    const second = new ModelSimulation(model);
    for (let time = 0; time <= 45_000; time += 1000 / 60) second.update(time, null, Infinity);
    second.update(45_000, null, Infinity);
    expect(state(second)).toEqual(expected);
    second.update(10_000, null, Infinity);
    second.update(45_000, null, Infinity);
    expect(state(second)).toEqual(expected);
  });
});

const files = corpusModels('MDX').map((entry) => entry.file);

describeCorpus(modelCorpus, 'scrubbing the corpus', () => {
  it('gives the particles playing gives on every corpus MDX with emitters', () => {
    let models = 0;
    for (const file of files) {
      const model = readMdxModel(modelCorpus.bytes(file));
      if (new ModelSimulation(model).emitters.length === 0) continue;
      checkScrubbing(model, 3);
      models += 1;
    }
    expect(models).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
