/**
 * Live particles in one typed array: `stride` floats each, packed from the start (`count` live). Adding grows the
 * array by doubling up to its limit (so a pool allocates only when its emitter reaches a new high, never in a
 * steady state); removing moves the last particle into the hole (order is not kept), or drops the oldest from the
 * front for pools kept in emission order (ribbons). Saving and restoring copy floats without making views.
 */
export class ParticlePool {
  data: Float32Array;
  count = 0;

  constructor(
    readonly stride: number,
    initialCapacity: number,
    readonly limit: number,
  ) {
    this.data = new Float32Array(Math.max(1, Math.min(initialCapacity, limit)) * stride);
  }

  /** Particles the array holds without growing. */
  get capacity(): number {
    return this.data.length / this.stride;
  }

  /** The offset of a new particle's floats (zeroed by the caller), or −1 when the pool is at its limit. */
  add(): number {
    if (this.count >= this.limit) return -1;
    if (this.count >= this.capacity) this.grow(this.count + 1);
    const offset = this.count * this.stride;
    this.count += 1;
    return offset;
  }

  /** Makes room for `particles` without growing again. */
  reserve(particles: number): void {
    if (particles > this.capacity) this.grow(particles);
  }

  /** Removes particle `index` by moving the last particle into its place. */
  removeAt(index: number): void {
    const last = this.count - 1;
    if (index !== last) this.data.copyWithin(index * this.stride, last * this.stride, (last + 1) * this.stride);
    this.count = last;
  }

  /** Removes the first `particles` (the oldest of a pool kept in emission order). */
  removeFront(particles: number): void {
    if (particles <= 0) return;
    if (particles >= this.count) {
      this.count = 0;
      return;
    }
    this.data.copyWithin(0, particles * this.stride, this.count * this.stride);
    this.count -= particles;
  }

  clear(): void {
    this.count = 0;
  }

  /** Floats of the live particles. */
  get liveFloats(): number {
    return this.count * this.stride;
  }

  /** Copies the live particles into `target` at `offset`; returns the floats written. */
  save(target: Float32Array, offset: number): number {
    const floats = this.liveFloats;
    copyFloats(this.data, 0, target, offset, floats);
    return floats;
  }

  /** Replaces the live particles with `count` particles read from `source` at `offset`. */
  restore(source: Float32Array, offset: number, count: number): void {
    this.reserve(count);
    copyFloats(source, offset, this.data, 0, count * this.stride);
    this.count = count;
  }

  private grow(needed: number): void {
    let capacity = this.capacity;
    while (capacity < needed) capacity *= 2;
    capacity = Math.min(capacity, this.limit);
    const data = new Float32Array(capacity * this.stride);
    data.set(this.data.subarray(0, this.count * this.stride));
    this.data = data;
  }
}

/** Copies `floats` floats from source[from…] to target[to…] (a loop: no view object made). */
export function copyFloats(source: Float32Array, from: number, target: Float32Array, to: number, floats: number): void {
  for (let index = 0; index < floats; index += 1) target[to + index] = source[from + index]!;
}
