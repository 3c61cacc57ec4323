/**
 * How a spawned model plays: its first sequence from the moment it is spawned; a looping one repeats, a
 * non-looping one holds its last frame; an SPN instance is done once its sequence has played through.
 */
import { describe, expect, it } from 'vitest';
import { sequence } from '../../../../shared/model/simulation/testing/emitter-models';
import { SpawnedInstances } from './spawned-instances';
import {
  DEFAULT_SPAWN_MS,
  spawnedFinished,
  spawnedFrameMs,
  spawnedLifetimeMs,
  spawnedSequenceOf,
} from './spawned-playback';

describe('a spawned model', () => {
  const looping = spawnedSequenceOf([sequence('Stand', 1000, 1500), sequence('Death', 2000, 3000, true)]);
  const once = spawnedSequenceOf([sequence('Birth', 200, 700, true)]);

  it('plays its first sequence from its start', () => {
    expect(looping).toEqual({ name: 'Stand', startMs: 1000, endMs: 1500, looping: true });
    expect([0, 250, 500, 750, 1250].map((age) => spawnedFrameMs(looping, age))).toEqual([1000, 1250, 1500, 1250, 1250]);
    expect([-5, 0, 499, 500, 4000].map((age) => spawnedFrameMs(once, age))).toEqual([200, 200, 699, 700, 700]);
  });

  it('is done once its sequence has played through, and shows its bind pose without sequences', () => {
    expect(spawnedFinished(once, 499)).toBe(false);
    expect(spawnedFinished(once, 500)).toBe(true);
    expect(spawnedSequenceOf([])).toBeNull();
    expect(spawnedFrameMs(null, 300)).toBe(0);
    expect([spawnedLifetimeMs(once), spawnedLifetimeMs(null)]).toEqual([500, DEFAULT_SPAWN_MS]);
    expect([spawnedFinished(null, DEFAULT_SPAWN_MS - 1), spawnedFinished(null, DEFAULT_SPAWN_MS)]).toEqual([
      false,
      true,
    ]);
  });

  it('instances are listed anew each frame, up to a capacity, without allocating', () => {
    const instances = new SpawnedInstances(2);
    const matrix = Float32Array.from({ length: 20 }, (_, index) => index);
    instances.begin();
    expect(instances.add(matrix, 4, 10)).toBe(true);
    const slot = instances.reserve();
    instances.matrices.set(matrix.subarray(0, 16), slot);
    instances.commit(20);
    expect(instances.add(matrix, 0, 30)).toBe(false);
    expect([instances.count, instances.dropped]).toEqual([2, 1]);
    expect([...instances.matrices.subarray(0, 2)]).toEqual([4, 5]);
    expect([...instances.ages]).toEqual([10, 20]);
    instances.begin();
    expect([instances.count, instances.dropped]).toEqual([0, 0]);
  });
});
