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

/** What the completeness check needs to know about a parsed text: summaries of its blocks, not its bytes. */
export interface CompletenessInput {
  hasVersion: boolean;
  info: MdlModelInfo | null;
  /** Where the Model block starts in the whole text. */
  infoOffset: number;
  pivotPoints: MdlPivotPoints | null;
  /** Where the PivotPoints block starts in the whole text. */
  pivotOffset: number;
  nodeCount: number;
  /** How many top-level statements have each keyword. */
  blockCounts: ReadonlyMap<string, number>;
  byteLength: number;
  /** The whole text, asked for only to place a refusal (its line and column). */
  bytes: () => Uint8Array;
}

/** Throws CodecError when the text looks cut between blocks; pushes warnings for other count mismatches. */
export function checkCompleteness(input: CompletenessInput, diagnostics: Diagnostic[]): void {
  const { info, pivotPoints, nodeCount, blockCounts, byteLength } = input;
  if (!input.hasVersion && info === null) return;
  let lastRank = -1;
  for (const keyword of blockCounts.keys()) lastRank = Math.max(lastRank, canonicalRank(keyword));
  /** True when blocks of `keyword` would sit after the last block present: a cut could have dropped them. */
  const couldBeCut = (keyword: string) => canonicalRank(keyword) >= lastRank;
  const cut = (where: string, detail: string) => mdlError(input.bytes(), 'truncated', where, byteLength, detail);

  if (info === null) {
    throw cut('(top level)', 'the text has a Version block but no Model block; it looks cut short');
  }

  for (const [key, declared] of Object.entries(info.counts)) {
    const keyword = MODEL_COUNT_KEYS.get(key);
    if (keyword === undefined) continue;
    const present = blockCounts.get(keyword) ?? 0;
    if (present === declared) continue;
    if (present < declared && couldBeCut(keyword)) {
      throw cut(
        info.statement.path,
        `the Model block declares ${key} ${declared} but the text holds ${present} ${keyword} block(s); it looks ` +
          `cut short`,
      );
    }
    diagnostics.push({
      severity: 'warning',
      code: 'mdl.count-mismatch',
      message: `the Model block declares ${key} ${declared} but the text holds ${present} ${keyword} block(s)`,
      where: info.statement.path,
      offset: input.infoOffset,
    });
  }

  if (pivotPoints === null) {
    if (nodeCount === 0) return;
    if (couldBeCut('PivotPoints')) {
      throw cut('(top level)', `the text has ${nodeCount} node block(s) but no PivotPoints block; it looks cut short`);
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
    throw cut(
      pivotPoints.statement.path,
      `PivotPoints holds ${pivotCount} pivots (one per node) but the text has ${nodeCount} node block(s); it looks ` +
        `cut short`,
    );
  }
  diagnostics.push({
    severity: 'warning',
    code: 'mdl.pivot-count-mismatch',
    message: `PivotPoints holds ${pivotCount} pivots but the model has ${nodeCount} node block(s)`,
    where: pivotPoints.statement.path,
    offset: input.pivotOffset,
  });
}
