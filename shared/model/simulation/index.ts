/**
 * The particle simulation of a typed model (README.md): particle emitters 2, particle emitters and ribbons played
 * deterministically from the sequence start, with the game's Particles levels, caps and the validation pass.
 */
export * from './limits';
export * from './particle-level';
export * from './step-random';
export * from './particle-pool';
export * from './emitter-state';
export * from './particle-look';
export * from './particle-emitter2-state';
export * from './particle-emitter-state';
export * from './ribbon-state';
export * from './model-simulation';
export * from './emitter-diagnostics';
