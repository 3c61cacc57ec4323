/**
 * The MDX machinery: the lossless chunk container (chunks kept as views of the file's bytes, written back as they
 * are), the cursor chunk codecs read with, the codec shape and its helpers, name fields and the track layout. It
 * knows no kind: the kinds, their registry and the typed model are shared/model's. README.md maps the modules.
 */
export * from './container';
export * from './cursor';
export * from './chunk-codec';
export * from './names';
export * from './tracks';
