export * from './codec-error';
export * from './reader';
export * from './writer';
export * from './text';
