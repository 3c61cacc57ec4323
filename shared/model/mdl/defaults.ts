/**
 * What an MDL field is when the text leaves its statement out, decided once for the reader and the
 * printer: the reader takes `value`; the printer may leave a statement out only when the value is
 * `value` and every other reader on record takes the same (`omissible`), so that a text of ours
 * means the same model in each of them.
 *
 * Beside each decision, what the other tools take (`undefined`: not established):
 * - `viewer`: mdx-m3-viewer 5.12, its MDL reader (`parsers/mdlx/*.js`, the constructors' values);
 *   the tests check this column against the library (tests/mdl-defaults-evidence.test.ts).
 * - `war3Model`: war3-model 4.0, whose MDL reader leaves such a field undefined and whose MDX
 *   writer (`mdx/generate.ts`) decides what that means; `'none'` where it has no value for it
 *   (it throws, or writes NaN or nothing).
 * - `retera`: Retera's Model Studio, its MDL → MDX conversion on master (craft3data
 *   `com/hiveworkshop/wc3/mdx/*Chunk.java`, `com/hiveworkshop/wc3/mdl/*.java`; its newer
 *   `parsers/mdlx` line is a port of mdx-m3-viewer's and takes the viewer's values).
 * The game reads MDX only (every field is stored there); Blizzard's converter (MdlxConv, e.g.
 * Orc_Exp.mdl beside Orc_Exp.mdx in tdauth/wc3lib) prints these statements, so its texts decide
 * nothing here. Colours are given as stored (BGR), which only the symmetric ones below are.
 */

/** A field's value: a number, a vector, or text. */
export type MdlDefaultValue = number | readonly number[] | string;

/** A field's default and the evidence for it. */
export interface MdlFieldDefault {
  /** What the reader takes when the statement is left out: this project's decision. */
  readonly value: MdlDefaultValue;
  readonly viewer?: MdlDefaultValue;
  readonly war3Model?: MdlDefaultValue | 'none';
  readonly retera?: MdlDefaultValue;
  /** Why `value`, where the tools disagree; where a statement is always printed, what that means. */
  readonly because?: string;
}

/** [value, viewer, war3-model, Retera's Model Studio, why]. */
type Row = readonly [MdlDefaultValue, MdlDefaultValue?, (MdlDefaultValue | 'none')?, MdlDefaultValue?, string?];

const ZERO3 = [0, 0, 0] as const;
const ONE3 = [1, 1, 1] as const;
const ALWAYS = 'always printed: only other tools’ texts without it take the value';
const NOT_IN_VIEWER = "mdx-m3-viewer's MDL reader has no such statement (it refuses it)";

/** Every MDL field with a default, by `Block.Keyword` (the block's MDL keyword; Extent for the shared extents). */
const ROWS = {
  // Model (MODL) and the extents of the Model, its sequences, geosets and their sequence extents.
  'Model.BlendTime': [0, 0, 0, undefined, ALWAYS],
  'Model.AnimationFile': ['', '', '', ''],
  'Extent.MinimumExtent': [ZERO3, ZERO3, 'none', undefined, "war3-model's MDX writer throws without it: printed"],
  'Extent.MaximumExtent': [ZERO3, ZERO3, 'none', undefined, "war3-model's MDX writer throws without it: printed"],
  'Extent.BoundsRadius': [0, 0, 0],
  // Sequences (SEQS).
  'Anim.Interval': [[0, 0], [0, 0], 'none', undefined, ALWAYS],
  'Anim.MoveSpeed': [0, 0, 0],
  'Anim.Rarity': [0, 0, 0],
  'Anim.SyncPoint': [0, undefined, 0, undefined, 'no tool names it in MDL: written only as an extension'],
  // Textures (TEXS).
  'Bitmap.ReplaceableId': [0, 0, 0, 0],
  // Materials (MTLS) and their layers.
  'Material.PriorityPlane': [0, 0, 0, 0],
  'Layer.FilterMode': [0, 0, 0, 0, `None; ${ALWAYS}`],
  'Layer.TextureID': [
    -1,
    -1,
    0,
    0,
    'matters only beside a TextureID track (a layer without one prints it): -1 as mdx-m3-viewer reads it; ' +
      'war3-model and Retera write 0, so it is printed beside the track too',
  ],
  'Layer.TVertexAnimId': [-1, -1, -1, -1],
  'Layer.CoordId': [0, 0, 0, 0],
  'Layer.Alpha': [1, 1, 1, 1],
  'Layer.EmissiveGain': [1, 1, 1, 1],
  'Layer.FresnelColor': [ONE3, ONE3, ONE3, ONE3],
  'Layer.FresnelOpacity': [0, 0, 0],
  'Layer.FresnelTeamColor': [0, 0, 0],
  'Layer.ShaderTypeId': [0, undefined, 0],
  'Layer.LayerTextureID': [0, undefined, 0],
  // Geosets (GEOS).
  'Geoset.MaterialID': [0, 0, 0, undefined, ALWAYS],
  'Geoset.SelectionGroup': [0, 0, 0, undefined, ALWAYS],
  'Geoset.LevelOfDetail': [
    0,
    -1,
    -1,
    0,
    "Retera's Model Studio (both its lines) and the game's first level of detail; always printed from 900 on",
  ],
  'Geoset.Name': ['', '', '', ''],
  // Geoset animations (GEOA).
  'GeosetAnim.Alpha': [1, 1, 1, 1],
  'GeosetAnim.Color': [ONE3, ONE3, ONE3, ONE3],
  'GeosetAnim.GeosetId': [-1, -1, -1, -1, ALWAYS],
  // The node every node block starts with.
  'Node.ObjectId': [-1, -1, -1, -1, `a node without it is numbered by its place, with an error; ${ALWAYS}`],
  'Node.Parent': [-1, -1, -1, -1],
  // Bones (BONE).
  'Bone.GeosetId': [-1, -1, -1, undefined, ALWAYS],
  'Bone.GeosetAnimId': [-1, -1, -1, undefined, ALWAYS],
  // Lights (LITE).
  'Light.Type': [0, -1, 0, 0, 'Omnidirectional, as war3-model and Retera (mdx-m3-viewer: none, -1)'],
  'Light.AttenuationStart': [0, 0, 0, -1, 'Retera copies its unset -1: printed beside a track'],
  'Light.AttenuationEnd': [0, 0, 0, -1, 'Retera copies its unset -1: printed beside a track'],
  'Light.Color': [
    ONE3,
    ZERO3,
    ONE3,
    ONE3,
    "war3-model and Retera's Model Studio (master) write white; mdx-m3-viewer (and Retera's port of it) black: " +
      'white, and printed beside a track',
  ],
  'Light.Intensity': [0, 0, 0, -1, 'Retera copies its unset -1: printed beside a track'],
  'Light.AmbIntensity': [0, 0, 0, -1, 'Retera copies its unset -1: printed beside a track'],
  'Light.AmbColor': [ONE3, ZERO3, ONE3, ONE3, 'as Light.Color'],
  'Light.ShadowIntensity': [0, undefined, 0, -1, `1200 on; ${NOT_IN_VIEWER}; Retera copies its unset -1`],
  // Attachments (ATCH).
  'Attachment.AttachmentID': [0, 0, 0, 0, ALWAYS],
  'Attachment.Path': ['', '', '', ''],
  // Particle emitters (PREM).
  'ParticleEmitter.EmissionRate': [0, 0, 0],
  'ParticleEmitter.Gravity': [0, 0, 0],
  'ParticleEmitter.Longitude': [0, 0, 0],
  'ParticleEmitter.Latitude': [0, 0, 0],
  'ParticleEmitter.LifeSpan': [0, 0, 0],
  'ParticleEmitter.InitVelocity': [0, 0, 0],
  'ParticleEmitter.Path': ['', '', 'none'],
  // Particle emitters 2 (PRE2).
  'ParticleEmitter2.Speed': [0, 0, 0],
  'ParticleEmitter2.Variation': [0, 0, 0],
  'ParticleEmitter2.Latitude': [0, 0, 0],
  'ParticleEmitter2.Gravity': [0, 0, 0],
  'ParticleEmitter2.LifeSpan': [0, 0, 'none', undefined, ALWAYS],
  'ParticleEmitter2.EmissionRate': [0, 0, 0],
  'ParticleEmitter2.Width': [0, 0, 0],
  'ParticleEmitter2.Length': [0, 0, 0],
  'ParticleEmitter2.FilterMode': [0, 0, 0, 0, `Blend; ${ALWAYS}`],
  'ParticleEmitter2.Rows': [0, 0, 0, 0, ALWAYS],
  'ParticleEmitter2.Columns': [0, 0, 0, 0, ALWAYS],
  'ParticleEmitter2.HeadOrTail': [0, 0, 'none', 0, `Head; ${ALWAYS}`],
  'ParticleEmitter2.TailLength': [0, 0, 'none', undefined, ALWAYS],
  'ParticleEmitter2.Time': [0, 0, 'none', undefined, ALWAYS],
  'ParticleEmitter2.Alpha': [ZERO3, ZERO3, 'none', undefined, `the three segment alphas; ${ALWAYS}`],
  'ParticleEmitter2.ParticleScaling': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'ParticleEmitter2.LifeSpanUVAnim': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'ParticleEmitter2.DecayUVAnim': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'ParticleEmitter2.TailUVAnim': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'ParticleEmitter2.TailDecayUVAnim': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'ParticleEmitter2.TextureID': [0, -1, 0, 0, `as war3-model and Retera (mdx-m3-viewer: -1); ${ALWAYS}`],
  'ParticleEmitter2.ReplaceableId': [0, 0, 0, 0],
  'ParticleEmitter2.PriorityPlane': [0, 0, 0, 0],
  // Popcorn emitters (CORN, 900 on).
  'ParticleEmitterPopcorn.LifeSpan': [0, 0, 0],
  'ParticleEmitterPopcorn.EmissionRate': [0, 0, 1, undefined, 'war3-model writes 1: printed beside a track'],
  'ParticleEmitterPopcorn.Speed': [0, 0, 0],
  'ParticleEmitterPopcorn.Color': [ZERO3, ZERO3, ONE3, undefined, 'war3-model writes white: printed beside a track'],
  'ParticleEmitterPopcorn.Alpha': [1, 1, 1],
  'ParticleEmitterPopcorn.ReplaceableId': [0, 0, 0],
  'ParticleEmitterPopcorn.Path': ['', '', ''],
  'ParticleEmitterPopcorn.AnimVisibilityGuide': ['', '', ''],
  // Ribbon emitters (RIBB).
  'RibbonEmitter.HeightAbove': [0, 0, 0],
  'RibbonEmitter.HeightBelow': [0, 0, 0],
  'RibbonEmitter.Alpha': [0, 0, 0, 1, 'Retera writes 1: printed beside a track'],
  'RibbonEmitter.Color': [ZERO3, ZERO3, ONE3, undefined, 'war3-model writes white: printed beside a track'],
  'RibbonEmitter.TextureSlot': [0, 0, 0],
  'RibbonEmitter.EmissionRate': [0, 0, 0, undefined, ALWAYS],
  'RibbonEmitter.LifeSpan': [0, 0, 'none', undefined, ALWAYS],
  'RibbonEmitter.Gravity': [0, 0, 0],
  'RibbonEmitter.Rows': [0, 0, 0, undefined, ALWAYS],
  'RibbonEmitter.Columns': [0, 0, 0, undefined, ALWAYS],
  'RibbonEmitter.MaterialID': [0, 0, 0, undefined, ALWAYS],
  // Cameras (CAMS).
  'Camera.Position': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  'Camera.FieldOfView': [0, 0, 0, undefined, ALWAYS],
  'Camera.FarClip': [0, 0, 0, undefined, ALWAYS],
  'Camera.NearClip': [0, 0, 0, undefined, ALWAYS],
  'Target.Position': [ZERO3, ZERO3, 'none', undefined, ALWAYS],
  // Collision shapes (CLID).
  'CollisionShape.Type': [0, 0, 0, undefined, `Box; ${ALWAYS}`],
  'CollisionShape.BoundsRadius': [0, 0, 'none', undefined, ALWAYS],
  // The pre-release sound tracks (SNDS): an extension of this project's own, no other tool reads them.
  'SoundTrack.Volume': [1],
  'SoundTrack.Pitch': [1],
  'SoundTrack.Flags': [0],
} as const satisfies Record<string, Row>;

/** A field's `Block.Keyword`. */
export type MdlFieldKey = keyof typeof ROWS;

function sameValue(left: MdlDefaultValue | 'none', right: MdlDefaultValue): boolean {
  if (typeof left === 'object' && typeof right === 'object')
    return left.length === right.length && left.every((item, index) => Object.is(item, right[index]));
  return Object.is(left, right);
}

/** Every field's default with its evidence. */
export const MDL_DEFAULTS: Readonly<Record<MdlFieldKey, MdlFieldDefault>> = Object.fromEntries(
  Object.entries(ROWS).map(([key, row]) => {
    const [value, viewer, war3Model, retera, because] = row as Row;
    return [key, { value, viewer, war3Model, retera, because }];
  }),
) as Record<MdlFieldKey, MdlFieldDefault>;

/** True when every tool on record takes `value` for the field: the printer may then leave it out at that value. */
export function isOmissible(field: MdlFieldDefault): boolean {
  return [field.viewer, field.war3Model, field.retera].every(
    (taken) => taken === undefined || sameValue(taken, field.value),
  );
}

/** A rule's default for `key`: `fallback` (what the reader takes) and whether the printer may leave it out. */
export function mdlDefault<Key extends MdlFieldKey>(
  key: Key,
): { readonly fallback: (typeof ROWS)[Key][0]; readonly omissible: boolean; readonly defaultKey: Key } {
  const field = MDL_DEFAULTS[key];
  return { fallback: ROWS[key][0], omissible: isOmissible(field), defaultKey: key };
}
