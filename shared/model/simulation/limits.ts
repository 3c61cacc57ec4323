/**
 * The bounds the simulation keeps every emitter inside, whatever its file says: a hard cap on live particles per
 * emitter and per model (a hint names the emitters it stopped), and the largest emission rate, lifespan, speed,
 * gravity and size it uses. A value outside them — NaN, an infinity, a negative rate or lifespan, 1e30 — is capped
 * here when the simulation reads it, and reported once by the validation pass (emitter-diagnostics.ts). Nothing the
 * file says can make a step loop, allocate or run for longer than the caps allow.
 */

/** The fixed simulation step: 60 steps per second of model time, counted from the sequence start. */
export const STEP_MS = 1000 / 60;
/** {@link STEP_MS} in seconds (emission rates, lifespans, speeds and gravity are per second). */
export const STEP_SECONDS = STEP_MS / 1000;

/** At most this many live particles (or ribbon segments, or spawned models) in one emitter. */
export const MAX_LIVE_PER_EMITTER = 65_536;
/** At most this many live particles, segments and spawned models in one model, over all its emitters. */
export const MAX_LIVE_PER_MODEL = 262_144;
/** At most this many spawned models (PREM) alive in one emitter: each is a whole model drawn. */
export const MAX_SPAWNED_PER_EMITTER = 256;

/** The largest emission rate used (particles, segments or models per second). */
export const MAX_EMISSION_RATE = 100_000;
/** The largest lifespan used, in seconds (a particle older than a sequence loop is of no use to the preview). */
export const MAX_LIFESPAN_SECONDS = 120;
/** The largest magnitude of a speed, variation, gravity, latitude, size or height used. */
export const MAX_MAGNITUDE = 1e7;

/** A rate to emit with: NaN, negative and infinite values are 0 (no emission); above the maximum, the maximum. */
export function sanitizeRate(value: number): number {
  return value > 0 ? (value < MAX_EMISSION_RATE ? value : MAX_EMISSION_RATE) : 0;
}

/** A lifespan to live for, in seconds: NaN and negative values are 0 (nothing lives); above the maximum, it. */
export function sanitizeLifespan(value: number): number {
  return value > 0 ? (value < MAX_LIFESPAN_SECONDS ? value : MAX_LIFESPAN_SECONDS) : 0;
}

/** A signed value (speed, gravity, size…): NaN is 0, magnitudes above the maximum are the maximum. */
export function sanitizeMagnitude(value: number): number {
  if (!(value === value)) return 0;
  return value > MAX_MAGNITUDE ? MAX_MAGNITUDE : value < -MAX_MAGNITUDE ? -MAX_MAGNITUDE : value;
}

/** True when the rate would be capped by {@link sanitizeRate} (NaN, infinite, negative, or too large). */
export function isHostileRate(value: number): boolean {
  return !(value >= 0 && value <= MAX_EMISSION_RATE);
}

/** True when the lifespan would be capped by {@link sanitizeLifespan}. */
export function isHostileLifespan(value: number): boolean {
  return !(value >= 0 && value <= MAX_LIFESPAN_SECONDS);
}

/** True when the value would be capped by {@link sanitizeMagnitude}. */
export function isHostileMagnitude(value: number): boolean {
  return !(value >= -MAX_MAGNITUDE && value <= MAX_MAGNITUDE);
}
