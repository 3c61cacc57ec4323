/**
 * Sampling the typed model at a time: tracks (every interpolation kind, sequence bounds, global sequences), every
 * node's world matrix down the hierarchy, cameras, and what geosets and layers look like. Pure and allocation-free
 * per call: callers make the time, pose and output objects once and pass them in.
 */
export * from './sample-time';
export * from './quaternion';
export * from './track-sampler';
export * from './node-transforms';
export * from './camera-sampler';
export * from './appearance';
