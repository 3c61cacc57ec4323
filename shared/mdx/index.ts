/**
 * The MDX codec: a lossless chunk container, lazily parsed chunks, the event-object codec and the
 * edits the events module builds on. Each module's header describes its layout; README.md maps them.
 */
export * from './versions';
export * from './container';
export * from './tracks';
export * from './names';
export * from './node';
export * from './node-objects';
export * from '../model/kinds/extent';
export * from './chunks/vers';
export * from './chunks/modl';
export * from './chunks/seqs';
export * from './chunks/glbs';
export * from './chunks/texs';
export * from './chunks/pivt';
export * from './chunks/cams';
export * from './chunks/bpos';
export * from './chunks/geos';
export * from './chunks/evts';
export * from './model-info';
export * from './event-objects';
export * from './renumber';
export * from './validate';
export * from './open';
