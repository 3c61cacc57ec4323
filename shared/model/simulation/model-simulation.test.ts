/**
 * The simulation's closed forms: the steady-state count (rate × lifespan × the level's factor), squirt emitting only
 * at its keys, visibility 0 emitting nothing, a particle's path under gravity worked out by hand, a ribbon's
 * segment count, and loops and sequences starting as the game starts them.
 */
import { describe, expect, it } from 'vitest';
import { ModelSimulation } from './model-simulation';
import { PARTICLE2, PARTICLE2_SHAPE, PARTICLE2_STRIDE, type Particle2State } from './particle-emitter2-state';
import { PARTICLE_LEVELS, PARTICLE_LEVEL_FACTOR } from './particle-level';
import { RIBBON, RIBBON_STRIDE } from './ribbon-state';
import { emitterModel, particleEmitter2, ribbonEmitter, sequence, steppedTrack } from './testing/emitter-models';

const LONG = sequence('Stand', 0, 10_000);

describe('a particle emitter 2 in a steady state', () => {
  for (const level of PARTICLE_LEVELS)
    it(`holds emission rate × lifespan × the level's factor live particles (±1) at ${level}`, () => {
      const emitter = particleEmitter2({ emissionRate: 37, lifespan: 1.5 });
      const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]), { level });
      const expected = 37 * 1.5 * PARTICLE_LEVEL_FACTOR[level];
      for (const time of [2000, 2500, 3333, 4017, 9000]) {
        simulation.update(time, null, Infinity);
        expect(Math.abs(simulation.alive - expected), `${time} ms`).toBeLessThanOrEqual(1);
        expect(simulation.emitters[0]!.emissionScale).toBe(PARTICLE_LEVEL_FACTOR[level]);
      }
    });

  it('makes one particle per emission for Both, drawn as a head and a tail', () => {
    const emitter = particleEmitter2({ emissionRate: 20, lifespan: 2, headOrTail: 2 });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]), {
      level: 'medium',
    });
    simulation.update(5000, null, Infinity);
    expect(Math.abs(simulation.alive - 40)).toBeLessThanOrEqual(1);
    const state = simulation.emitters[0] as Particle2State;
    expect(state.pool.data[PARTICLE2.tail]).toBe(PARTICLE2_SHAPE.both);
  });

  it('plays an animated rate as written whatever the level (its emission scale is 1)', () => {
    const emitter = particleEmitter2({ emissionRate: 99, lifespan: 1, tracks: [steppedTrack('KP2E', [[0, 30]])] });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]), { level: 'high' });
    simulation.update(4000, null, Infinity);
    expect(Math.abs(simulation.alive - 30)).toBeLessThanOrEqual(1);
    expect(simulation.emitters[0]!.emissionScale).toBe(1);
  });
});

describe('squirt', () => {
  it('emits each KP2E key’s count when the key is passed, and nothing else', () => {
    const emitter = particleEmitter2({
      squirt: 1,
      emissionRate: 500,
      lifespan: 100,
      tracks: [
        steppedTrack('KP2E', [
          [0, 4],
          [250, 0],
          [500, 7],
          [520, 0],
          [800, 3],
        ]),
      ],
    });
    const simulation = new ModelSimulation(
      emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Birth', 0, 1000, true)]),
    );
    const seen: [number, number][] = [];
    for (let time = 0; time <= 1000; time += 1000 / 60) {
      simulation.update(time, null, Infinity);
      if (seen.length === 0 || seen[seen.length - 1]![1] !== simulation.alive) seen.push([time, simulation.alive]);
    }
    // At the sequence start nothing has played yet; the key there is emitted by the first step.
    expect(seen.map(([, alive]) => alive)).toEqual([0, 4, 11, 14]);
    expect(seen[1]![0]).toBeCloseTo(1000 / 60, 6);
    // Each other count appears at the first frame at or after its key.
    expect(seen[2]![0]).toBeGreaterThanOrEqual(500 - 1e-9);
    expect(seen[2]![0]).toBeLessThan(500 + 1000 / 60);
    expect(seen[3]![0]).toBeGreaterThanOrEqual(800 - 1e-9);
    expect(seen[3]![0]).toBeLessThan(800 + 1000 / 60);
  });

  it('emits nothing without KP2E keys, however large its static rate', () => {
    const emitter = particleEmitter2({ squirt: 1, emissionRate: 1000, lifespan: 10 });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]));
    simulation.update(3000, null, Infinity);
    expect(simulation.alive).toBe(0);
  });
});

describe('visibility', () => {
  it('0 emits nothing; particles already out live on', () => {
    const emitter = particleEmitter2({
      emissionRate: 60,
      lifespan: 5,
      tracks: [
        steppedTrack('KP2V', [
          [0, 0],
          [1000, 1],
          [2000, 0],
        ]),
      ],
    });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]), {
      level: 'medium',
    });
    simulation.update(990, null, Infinity);
    expect(simulation.alive).toBe(0);
    simulation.update(2000, null, Infinity);
    const emitted = simulation.alive;
    expect(Math.abs(emitted - 60)).toBeLessThanOrEqual(1);
    simulation.update(4000, null, Infinity);
    expect(simulation.alive).toBe(emitted);
    simulation.update(7000, null, Infinity);
    expect(simulation.alive).toBe(0);
  });
});

describe('a particle’s path', () => {
  it('rises at its speed and falls at its gravity: z = pivot z + v t − g t² / 2', () => {
    const speed = 300;
    const gravity = 400;
    const emitter = particleEmitter2({
      squirt: 1,
      speed,
      gravity,
      lifespan: 10,
      tracks: [steppedTrack('KP2E', [[500, 1]])],
    });
    const pivot = [12, -7, 40] as const;
    const simulation = new ModelSimulation(
      emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Birth', 0, 5000, true)], pivot),
    );
    for (const time of [500 + 1000 / 60, 1000, 1750, 2500]) {
      simulation.update(time, null, Infinity);
      const state = simulation.emitters[0] as Particle2State;
      expect(state.alive).toBe(1);
      // The state is at the last step at or before the frame; the particle is as old as that step is after the key.
      const age = (simulation.stateFrameMs - 500) / 1000;
      const data = state.pool.data;
      expect(data[PARTICLE2.age]).toBeCloseTo(age, 5);
      expect(data[PARTICLE2.x]).toBeCloseTo(pivot[0], 4);
      expect(data[PARTICLE2.y]).toBeCloseTo(pivot[1], 4);
      expect(data[PARTICLE2.z]).toBeCloseTo(pivot[2] + speed * age - (gravity * age * age) / 2, 2);
      expect(data[PARTICLE2.vz]).toBeCloseTo(speed - gravity * age, 3);
    }
  });

  it('stays inside the latitude cone and the emitter rectangle', () => {
    const emitter = particleEmitter2({
      emissionRate: 200,
      lifespan: 1,
      speed: 100,
      latitude: 30,
      length: 40,
      width: 20,
    });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [LONG]));
    simulation.update(3000, null, Infinity);
    const state = simulation.emitters[0] as Particle2State;
    const data = state.pool.data;
    for (let index = 0; index < state.alive; index += 1) {
      const at = index * PARTICLE2_STRIDE;
      const [vx, vy, vz] = [data[at + 3]!, data[at + 4]!, data[at + 5]!];
      expect(Math.hypot(vx, vy, vz)).toBeCloseTo(100, 3);
      // Two angles of at most 30° each: within acos(cos² 30°) of +Z.
      expect(vz / 100).toBeGreaterThanOrEqual(Math.cos((30 * Math.PI) / 180) ** 2 - 1e-6);
      const age = data[at + PARTICLE2.age]!;
      expect(Math.abs(data[at]! - vx * age)).toBeLessThanOrEqual(20 + 1e-3);
      expect(Math.abs(data[at + 1]! - vy * age)).toBeLessThanOrEqual(10 + 1e-3);
    }
  });
});

describe('ribbons', () => {
  for (const level of PARTICLE_LEVELS)
    it(`hold edges per second × lifespan × the level's factor edges at ${level}`, () => {
      const ribbon = ribbonEmitter({ emissionRate: 24, lifespan: 0.75 });
      const simulation = new ModelSimulation(emitterModel({ kind: 'RIBB', object: ribbon }, [LONG]), { level });
      simulation.update(3210, null, Infinity);
      expect(Math.abs(simulation.alive - 24 * 0.75 * PARTICLE_LEVEL_FACTOR[level])).toBeLessThanOrEqual(1);
    });

  it('put each edge from height above to height below the pivot, oldest first', () => {
    const ribbon = ribbonEmitter({ emissionRate: 10, lifespan: 1, heightAbove: 5, heightBelow: 3 });
    const simulation = new ModelSimulation(emitterModel({ kind: 'RIBB', object: ribbon }, [LONG], [1, 2, 3]));
    simulation.update(2000, null, Infinity);
    const state = simulation.emitters[0]!;
    const data = state.pool.data;
    for (let index = 0; index < state.alive; index += 1) {
      const at = index * RIBBON_STRIDE;
      expect([...data.subarray(at, at + 6)]).toEqual([1, 7, 3, 1, -1, 3]);
      if (index > 0) expect(data[at + RIBBON.age]!).toBeLessThan(data[at - RIBBON_STRIDE + RIBBON.age]!);
    }
  });
});

describe('sequences', () => {
  it('start a looping sequence with what its previous pass left, and a non-looping one empty', () => {
    const emitter = particleEmitter2({ emissionRate: 50, lifespan: 1 });
    const looping = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Stand', 0, 3000)]));
    looping.update(0, null, Infinity);
    expect(Math.abs(looping.alive - 100)).toBeLessThanOrEqual(1);
    // A loop shorter than the lifespan carries particles over several passes.
    const short = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Stand', 0, 300)]));
    short.update(0, null, Infinity);
    expect(Math.abs(short.alive - 100)).toBeLessThanOrEqual(1);
    const once = new ModelSimulation(
      emitterModel({ kind: 'PRE2', object: emitter }, [sequence('Birth', 0, 3000, true)]),
    );
    once.update(0, null, Infinity);
    expect(once.alive).toBe(0);
  });

  it('show nothing at a frame in no sequence', () => {
    const emitter = particleEmitter2({ emissionRate: 50, lifespan: 1 });
    const simulation = new ModelSimulation(emitterModel({ kind: 'PRE2', object: emitter }, [sequence('A', 0, 1000)]));
    simulation.update(900, null, Infinity);
    expect(simulation.alive).toBeGreaterThan(0);
    simulation.update(1500, null, Infinity);
    expect(simulation.alive).toBe(0);
    expect(simulation.sequenceIndex).toBe(-1);
  });
});
