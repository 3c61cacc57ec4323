/**
 * Hostile emitters: an emission rate or lifespan of NaN, an infinity, 1e30 or a negative number — static or in a
 * track — is capped when the simulation reads it and reported once by the validation pass; the live count never
 * passes the caps (the emitter says it was capped), and an update never runs away, whatever the sequence's length.
 */
import { describe, expect, it } from 'vitest';
import { emitterDiagnostics } from './emitter-diagnostics';
import { MAX_EMISSION_RATE, MAX_LIVE_PER_EMITTER, MAX_LIVE_PER_MODEL, MAX_SPAWNED_PER_EMITTER } from './limits';
import { ModelSimulation } from './model-simulation';
import {
  emitterModel,
  particleEmitter,
  particleEmitter2,
  ribbonEmitter,
  sequence,
  steppedTrack,
} from './testing/emitter-models';

/** Not looping: no pre-roll, so the capped emitters below are simulated for 2 s, not for their 120 s lifespan. */
const BIRTH = sequence('Birth', 0, 2000, true);

describe('a hostile emitter', () => {
  for (const [rate, lifespan] of [
    [Number.NaN, 1],
    [1e30, 1],
    [-50, 1],
    [Number.POSITIVE_INFINITY, 1e30],
    [100, Number.NaN],
    [100, -3],
    [1e30, 1e30],
  ] as const)
    it(`with rate ${rate} and lifespan ${lifespan} stays within the caps, with a diagnostic`, () => {
      const model = emitterModel({ kind: 'PRE2', object: particleEmitter2({ emissionRate: rate, lifespan }) }, [BIRTH]);
      const diagnostics = emitterDiagnostics(model);
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics[0]).toMatchObject({ severity: 'warning', where: expect.stringContaining('PRE2 "Emitter"') });
      const simulation = new ModelSimulation(model);
      simulation.update(1999, null, Infinity);
      expect(simulation.alive).toBeLessThanOrEqual(MAX_LIVE_PER_EMITTER);
      // A rate capped at the largest used still fills the emitter within the second.
      if (rate > 1e6 && lifespan > 0) expect(simulation.emitters[0]!.capped).toBe(true);
      if (!(rate > 0) || !(lifespan > 0)) expect(simulation.alive).toBe(0);
    });

  it('with hostile keys in its emission track is capped and reported', () => {
    const model = emitterModel(
      {
        kind: 'PRE2',
        object: particleEmitter2({
          tracks: [
            steppedTrack('KP2E', [
              [0, Number.NaN],
              [500, 1e30],
              [1500, -1],
            ]),
          ],
        }),
      },
      [sequence('Birth', 0, 2000, true)],
    );
    expect(emitterDiagnostics(model).map((diagnostic) => diagnostic.message)).toEqual([
      'ParticleEmitter2 "Emitter" has emission rate NaN at frame 0 (KP2E); the preview uses 0.',
    ]);
    const simulation = new ModelSimulation(model);
    simulation.update(400, null, Infinity);
    expect(simulation.alive).toBe(0);
    // 400 ms at the largest rate used (the rate is read at each step's end: the step ending at the key emits too).
    simulation.update(900, null, Infinity);
    expect(Math.abs(simulation.alive - MAX_EMISSION_RATE * 0.4)).toBeLessThanOrEqual(MAX_EMISSION_RATE / 60 + 1);
    expect(simulation.emitters[0]!.capped).toBe(false);
    simulation.update(1400, null, Infinity);
    expect(simulation.alive).toBe(MAX_LIVE_PER_EMITTER);
    expect(simulation.emitters[0]!.capped).toBe(true);
    simulation.update(1999, null, Infinity);
    expect(simulation.alive).toBeLessThanOrEqual(MAX_LIVE_PER_EMITTER);
  });

  it('stops short of a frame deep in a sequence four billion ms long, and gets there over later updates', () => {
    const model = emitterModel({ kind: 'PRE2', object: particleEmitter2({ emissionRate: 1e30, lifespan: 1e30 }) }, [
      sequence('Forever', 0, 4_000_000_000),
    ]);
    const simulation = new ModelSimulation(model);
    expect(simulation.update(3_000_000_000)).toBe(false);
    expect(simulation.caughtUp).toBe(false);
    const before = simulation.stateFrameMs;
    simulation.update(3_000_000_000);
    expect(simulation.stateFrameMs).toBeGreaterThan(before);
  });

  it('with many emitters stops at the model’s cap', () => {
    const emitters = Array.from({ length: 6 }, () => particleEmitter2({ emissionRate: 1e30, lifespan: 60 }));
    const model = emitterModel({ kind: 'PRE2', object: emitters[0]! }, [sequence('Birth', 0, 2000, true)]);
    const chunk = model.chunks.find((entry) => entry.tag === 'PRE2') as unknown as { parsed: unknown[] };
    chunk.parsed.push(...emitters.slice(1));
    const simulation = new ModelSimulation(model);
    simulation.update(1000, null, Infinity);
    expect(simulation.alive).toBe(MAX_LIVE_PER_MODEL);
    expect(simulation.emitters.filter((emitter) => emitter.capped).length).toBeGreaterThan(0);
  });

  it('ribbons and spawned models are capped too', () => {
    const ribbon = new ModelSimulation(
      emitterModel({ kind: 'RIBB', object: ribbonEmitter({ emissionRate: 4_000_000_000, lifespan: 1e30 }) }, [BIRTH]),
    );
    ribbon.update(1500, null, Infinity);
    expect(ribbon.alive).toBe(MAX_LIVE_PER_EMITTER);
    const spawner = new ModelSimulation(
      emitterModel({ kind: 'PREM', object: particleEmitter({ emissionRate: 1e30, lifespan: 1e30 }) }, [BIRTH]),
    );
    spawner.update(1500, null, Infinity);
    expect(spawner.alive).toBe(MAX_SPAWNED_PER_EMITTER);
    expect(spawner.emitters[0]!.capped).toBe(true);
  });
});
