/**
 * Is this the whole model? A text cut inside a block leaves a `{` unclosed (the tokenizer refuses
 * it), but a text cut between two top-level blocks is valid MDL — only shorter. This module finds
 * such cuts from what the model declares about itself:
 *
 * - the Model block's `NumGeosets`, `NumBones`, `NumEvents`, … against the blocks present;
 * - `PivotPoints N` (one pivot per node) against the node blocks present;
 * - a Version block without a Model block, or nodes without their PivotPoints.
 *
 * Decision: fewer blocks than declared is a CodecError (`truncated`) when the missing blocks would
 * come after the last block in the text — where a cut would have removed them. Any other mismatch
 * (a stale count in a hand-edited file, a block present that the header does not count) is a
 * warning diagnostic. Fragments — texts with neither a Version nor a Model block, such as a few
 * pasted EventObject blocks or an empty file — declare nothing and are not checked.
 */
import type { Diagnostic } from '../diagnostics';
import { mdlError } from './text';
import type { MdlTree } from './tree';
import type { MdlModelInfo, MdlPivotPoints } from './types';

/** Top-level block keywords in the order Warcraft III's tools write them. */
export const CANONICAL_BLOCK_ORDER: readonly string[] = [
  'Version',
  'Model',
  'Sequences',
  'GlobalSequences',
  'Textures',
  'Materials',
  'TextureAnims',
  'Geoset',
  'GeosetAnim',
  'Bone',
  'Light',
  'Helper',
  'Attachment',
  'PivotPoints',
  'ParticleEmitter',
  'ParticleEmitter2',
  'ParticleEmitterPopcorn',
  'RibbonEmitter',
  'Camera',
  'EventObject',
  'CollisionShape',
  'FaceFX',
  'BindPose',
];

const RANK = new Map<string, number>(CANONICAL_BLOCK_ORDER.map((keyword, index) => [keyword, index]));

/** Position of a top-level keyword in the canonical order, or -1 for a keyword we do not place. */
export function canonicalRank(keyword: string): number {
  return RANK.get(keyword) ?? -1;
}

/** The Model block's count keys and the blocks they count. */
export const MODEL_COUNT_KEYS: ReadonlyMap<string, string> = new Map([
  ['NumGeosets', 'Geoset'],
  ['NumGeosetAnims', 'GeosetAnim'],
  ['NumBones', 'Bone'],
  ['NumLights', 'Light'],
  ['NumHelpers', 'Helper'],
  ['NumAttachments', 'Attachment'],
  ['NumParticleEmitters', 'ParticleEmitter'],
  ['NumParticleEmitters2', 'ParticleEmitter2'],
  ['NumParticleEmittersPopcorn', 'ParticleEmitterPopcorn'],
  ['NumRibbonEmitters', 'RibbonEmitter'],
  ['NumEvents', 'EventObject'],
  ['NumFaceFX', 'FaceFX'],
]);

/** What the completeness check needs to know about a parsed text. */
export interface CompletenessInput {
  tree: MdlTree;
  hasVersion: boolean;
  info: MdlModelInfo | null;
  pivotPoints: MdlPivotPoints | null;
  nodeCount: number;
}

/** Throws CodecError when the text looks cut between blocks; pushes warnings for other count mismatches. */
export function checkCompleteness(input: CompletenessInput, diagnostics: Diagnostic[]): void {
  const { tree, info, pivotPoints, nodeCount } = input;
  if (!input.hasVersion && info === null) return;
  const bytes = tree.bytes;
  const blockCounts = new Map<string, number>();
  let lastRank = -1;
  for (const statement of tree.statements) {
    const keyword = statement.keyword;
    blockCounts.set(keyword, (blockCounts.get(keyword) ?? 0) + 1);
    lastRank = Math.max(lastRank, canonicalRank(keyword));
  }
  /** True when blocks of `keyword` would sit after the last block present: a cut could have dropped them. */
  const couldBeCut = (keyword: string) => canonicalRank(keyword) >= lastRank;

  if (info === null) {
    throw mdlError(
      bytes,
      'truncated',
      '(top level)',
      bytes.length,
      'the text has a Version block but no Model block; it looks cut short',
    );
  }

  for (const [key, declared] of Object.entries(info.counts)) {
    const keyword = MODEL_COUNT_KEYS.get(key);
    if (keyword === undefined) continue;
    const present = blockCounts.get(keyword) ?? 0;
    if (present === declared) continue;
    if (present < declared && couldBeCut(keyword)) {
      throw mdlError(
        bytes,
        'truncated',
        info.statement.path,
        bytes.length,
        `the Model block declares ${key} ${declared} but the text holds ${present} ${keyword} block(s); it looks ` +
          `cut short`,
      );
    }
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.count-mismatch',
      message: `the Model block declares ${key} ${declared} but the text holds ${present} ${keyword} block(s)`,
      where: info.statement.path,
      offset: info.statement.start,
    });
  }

  if (pivotPoints === null) {
    if (nodeCount === 0) return;
    if (couldBeCut('PivotPoints')) {
      throw mdlError(
        bytes,
        'truncated',
        '(top level)',
        bytes.length,
        `the text has ${nodeCount} node block(s) but no PivotPoints block; it looks cut short`,
      );
    }
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.missing-pivot-points',
      message: `the model has ${nodeCount} node block(s) but no PivotPoints block`,
    });
    return;
  }
  const pivotCount = Math.max(pivotPoints.points.length, pivotPoints.declaredCount ?? 0);
  if (pivotCount === nodeCount) return;
  if (pivotCount > nodeCount && couldBeCut('CollisionShape')) {
    throw mdlError(
      bytes,
      'truncated',
      pivotPoints.statement.path,
      bytes.length,
      `PivotPoints holds ${pivotCount} pivots (one per node) but the text has ${nodeCount} node block(s); it looks ` +
        `cut short`,
    );
  }
  diagnostics.push({
    severity: 'warning',
    code: 'mdl.pivot-count-mismatch',
    message: `PivotPoints holds ${pivotCount} pivots but the model has ${nodeCount} node block(s)`,
    where: pivotPoints.statement.path,
    offset: pivotPoints.statement.start,
  });
}
