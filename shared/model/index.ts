/**
 * The typed model: every MDX chunk and object kind in one format-neutral model (README.md maps the
 * modules). Each kind module holds its type and its MDX and MDL readers and writers; `readMdxModel`
 * / `writeMdxModel` and `readMdlModel` / `writeMdlModel` read and write whole files, and
 * `convertModel` converts between the two.
 */
export * from './registry';
export * from './versions';
export * from './track';
export * from './chunk-codec';
export * from '../mdx/cursor';
export * from './typed-model';
export * from './mdx-file';
export * from './mdx-model';
export * from './mdl-model';
export * from './mdl-parts';
export { openModelFile, sniffModelFormat, type OpenedModelFile } from './model-file';
export * from './convert';
export type { MdlPrintOptions } from './mdl/writer';
export * from './model-nodes';
export * from './typed-chunks';
export * from './sampling/index';
export * from './kinds/extent';
export * from './kinds/version';
export * from './kinds/model-info';
export * from './kinds/sequence';
export * from './kinds/global-sequence';
export * from './kinds/material';
export * from './kinds/texture';
export * from './kinds/sound-track';
export * from './kinds/texture-animation';
export * from './kinds/geoset';
export * from './kinds/geoset-animation';
export * from './kinds/node';
export * from './kinds/bone';
export * from './kinds/light';
export * from './kinds/helper';
export * from './kinds/attachment';
export * from './kinds/pivot';
export * from './kinds/particle-emitter';
export * from './kinds/particle-emitter2';
export * from './kinds/popcorn-emitter';
export * from './kinds/ribbon-emitter';
export * from './kinds/event-object';
export * from './kinds/camera';
export * from './kinds/collision-shape';
export * from './kinds/face-effect';
export * from './kinds/bind-pose';
