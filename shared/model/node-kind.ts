/**
 * The kinds of nodes that carry objectIds, in one place for the MDX and MDL codecs and the model
 * document (shared/events/document.ts re-exports `NodeKind`). A module of its own, depending on
 * nothing, so that shared/mdx does not have to import shared/events.
 */

/** Node kinds in canonical objectId order: the order of the MDX node chunks. */
export const NODE_KINDS = [
  'bone',
  'light',
  'helper',
  'attachment',
  'particleEmitter',
  'particleEmitter2',
  'particleEmitterPopcorn',
  'ribbonEmitter',
  'eventObject',
  'collisionShape',
] as const;

/** A node kind that carries an objectId. */
export type NodeKind = (typeof NODE_KINDS)[number];
