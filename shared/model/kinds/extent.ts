/**
 * Extent: float boundsRadius, float[3] minimum, float[3] maximum (28 bytes), used by MODL, SEQS
 * and geosets.
 */
import type { BinaryWriter } from '../../binary/writer';
import type { MdxCursor } from '../../mdx/cursor';
import { fieldRules, type DraftOf } from '../mdl/fields';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of an extent. */
export const EXTENT_BYTES = 28;

/** A bounding sphere radius and box. */
export interface Extent {
  readonly boundsRadius: number;
  readonly minimum: readonly [number, number, number];
  readonly maximum: readonly [number, number, number];
}

/** Writes an extent. */
export function writeExtent(writer: BinaryWriter, extent: Extent): void {
  writer.f32(extent.boundsRadius);
  for (const value of extent.minimum) writer.f32(value);
  for (const value of extent.maximum) writer.f32(value);
}

/** Reads an extent at the cursor. */
export function readExtentMdx(cursor: MdxCursor, field: string): Extent {
  cursor.need(EXTENT_BYTES, field);
  return {
    boundsRadius: cursor.f32(field),
    minimum: cursor.vector3(field),
    maximum: cursor.vector3(field),
  };
}

/** An extent's MDL statements (each left out only where the table of defaults allows: never, war3-model has none). */
export const EXTENT_MDL_RULES = fieldRules([
  {
    kind: 'vector',
    keyword: 'MinimumExtent',
    field: 'minimum',
    type: 'f32',
    length: 3,
    ...mdlDefault('Extent.MinimumExtent'),
    print: 'nondefault',
  },
  {
    kind: 'vector',
    keyword: 'MaximumExtent',
    field: 'maximum',
    type: 'f32',
    length: 3,
    ...mdlDefault('Extent.MaximumExtent'),
    print: 'nondefault',
  },
  {
    kind: 'scalar',
    keyword: 'BoundsRadius',
    field: 'boundsRadius',
    type: 'f32',
    ...mdlDefault('Extent.BoundsRadius'),
    print: 'nondefault',
  },
]);

/** The extent a draft read by {@link EXTENT_MDL_RULES} holds. */
export function extentOfDraft(draft: DraftOf<typeof EXTENT_MDL_RULES>): Extent {
  return { boundsRadius: draft.boundsRadius, minimum: draft.minimum, maximum: draft.maximum };
}
