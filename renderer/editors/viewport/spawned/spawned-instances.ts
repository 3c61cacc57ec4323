/**
 * The instances of one spawned model to draw this frame, as a flat list the owner fills every frame (a PREM's live
 * particles, an SPN object's live spawns): for each, a world matrix and an age. Preallocated to a capacity, reused
 * frame after frame: filling allocates nothing. Instances are not objects that live on: a frame's list says
 * everything, so the drawing (SpawnedModelView) is a function of the frame, as the simulation is.
 */

/** Floats per world matrix (4 × 4, column major). */
export const SPAWNED_MATRIX_FLOATS = 16;

/** See the module comment. */
export class SpawnedInstances {
  /** 16 floats per instance. */
  readonly matrices: Float32Array;
  /** Each instance's age in ms (how far into its sequence it is, spawned-playback.ts). */
  readonly ages: Float64Array;
  /** Instances filled since {@link begin}. */
  count = 0;
  /** Instances {@link add} refused since {@link begin} (over the capacity). */
  dropped = 0;

  constructor(readonly capacity: number) {
    this.matrices = new Float32Array(capacity * SPAWNED_MATRIX_FLOATS);
    this.ages = new Float64Array(capacity);
  }

  /** Starts this frame's list. */
  begin(): void {
    this.count = 0;
    this.dropped = 0;
  }

  /** Adds an instance at the world matrix `matrix[offset…offset+16]`, `ageMs` old; false when full. */
  add(matrix: ArrayLike<number>, offset: number, ageMs: number): boolean {
    if (this.count >= this.capacity) {
      this.dropped += 1;
      return false;
    }
    const at = this.count * SPAWNED_MATRIX_FLOATS;
    for (let element = 0; element < SPAWNED_MATRIX_FLOATS; element += 1)
      this.matrices[at + element] = matrix[offset + element]!;
    this.ages[this.count] = ageMs;
    this.count += 1;
    return true;
  }

  /** The slot of the next instance's matrix, to be written in place, or −1 when full (then {@link commit} it). */
  reserve(): number {
    if (this.count >= this.capacity) {
      this.dropped += 1;
      return -1;
    }
    return this.count * SPAWNED_MATRIX_FLOATS;
  }

  /** Keeps the instance whose matrix was written at the slot {@link reserve} gave, `ageMs` old. */
  commit(ageMs: number): void {
    this.ages[this.count] = ageMs;
    this.count += 1;
  }
}
