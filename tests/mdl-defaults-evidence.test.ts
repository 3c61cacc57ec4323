/**
 * The table of MDL defaults (shared/model/mdl/defaults.ts) against the tools it quotes: for every field
 * whose `viewer` column is filled, mdx-m3-viewer's MDL reader, given a block without that statement,
 * holds exactly that value. (The war3-model and Retera's Model Studio columns are read from their
 * writers' sources, which the table names.)
 */
import { parsers } from 'mdx-m3-viewer';
import { describe, expect, it } from 'vitest';
import { MDL_DEFAULTS, type MdlFieldKey } from '../shared/model/mdl/defaults';

type Loose = Record<string, unknown>;

/** Each block: the smallest MDL text holding it, and where mdx-m3-viewer's model keeps it. */
const BLOCKS: Readonly<Record<string, readonly [string, (model: Loose) => Loose]>> = {
  Model: ['Model "M" {\n}', (model) => model],
  Extent: ['Model "M" {\n}', (model) => model['extent'] as Loose],
  Anim: ['Sequences 1 {\n\tAnim "A" {\n\t}\n}', (model) => first(model, 'sequences')],
  Bitmap: ['Textures 1 {\n\tBitmap {\n\t}\n}', (model) => first(model, 'textures')],
  Material: ['Materials 1 {\n\tMaterial {\n\t}\n}', (model) => first(model, 'materials')],
  Layer: [
    'Materials 1 {\n\tMaterial {\n\t\tLayer {\n\t\t}\n\t}\n}',
    (model) => first(first(model, 'materials'), 'layers'),
  ],
  Geoset: ['Geoset {\n}', (model) => first(model, 'geosets')],
  GeosetAnim: ['GeosetAnim {\n}', (model) => first(model, 'geosetAnimations')],
  Node: ['Bone "B" {\n}', (model) => first(model, 'bones')],
  Bone: ['Bone "B" {\n}', (model) => first(model, 'bones')],
  Light: ['Light "L" {\n}', (model) => first(model, 'lights')],
  Attachment: ['Attachment "A" {\n}', (model) => first(model, 'attachments')],
  ParticleEmitter: ['ParticleEmitter "P" {\n}', (model) => first(model, 'particleEmitters')],
  ParticleEmitter2: ['ParticleEmitter2 "P" {\n}', (model) => first(model, 'particleEmitters2')],
  ParticleEmitterPopcorn: ['ParticleEmitterPopcorn "P" {\n}', (model) => first(model, 'particleEmittersPopcorn')],
  RibbonEmitter: ['RibbonEmitter "R" {\n}', (model) => first(model, 'ribbonEmitters')],
  Camera: ['Camera "C" {\n}', (model) => first(model, 'cameras')],
  Target: ['Camera "C" {\n}', (model) => first(model, 'cameras')],
  CollisionShape: ['CollisionShape "C" {\n}', (model) => first(model, 'collisionShapes')],
};

function first(object: Loose, list: string): Loose {
  return (object[list] as Loose[])[0]!;
}

/** mdx-m3-viewer's name of a statement's field, where it is not the keyword with a lower-case first letter. */
const VIEWER_FIELDS: Readonly<Record<string, string | [string, number]>> = {
  'Extent.MinimumExtent': 'min',
  'Extent.MaximumExtent': 'max',
  'Model.AnimationFile': 'animationFile',
  'Layer.TVertexAnimId': 'textureAnimationId',
  'Layer.TextureID': 'textureId',
  'Geoset.MaterialID': 'materialId',
  'Geoset.LevelOfDetail': 'lod',
  'Geoset.Name': 'lodName',
  'Node.ObjectId': 'objectId',
  'Node.Parent': 'parentId',
  'Bone.GeosetAnimId': 'geosetAnimationId',
  'Light.AttenuationStart': ['attenuation', 0],
  'Light.AttenuationEnd': ['attenuation', 1],
  'Light.AmbIntensity': 'ambientIntensity',
  'Light.AmbColor': 'ambientColor',
  'Attachment.AttachmentID': 'attachmentId',
  'ParticleEmitter.InitVelocity': 'speed',
  'ParticleEmitter2.Time': 'timeMiddle',
  'ParticleEmitter2.Alpha': 'segmentAlphas',
  'ParticleEmitter2.ParticleScaling': 'segmentScaling',
  'ParticleEmitter2.LifeSpanUVAnim': ['headIntervals', 0],
  'ParticleEmitter2.DecayUVAnim': ['headIntervals', 1],
  'ParticleEmitter2.TailUVAnim': ['tailIntervals', 0],
  'ParticleEmitter2.TailDecayUVAnim': ['tailIntervals', 1],
  'ParticleEmitter2.TextureID': 'textureId',
  'ParticleEmitterPopcorn.AnimVisibilityGuide': 'animationVisiblityGuide',
  'RibbonEmitter.MaterialID': 'materialId',
  'Camera.FarClip': 'farClippingPlane',
  'Camera.NearClip': 'nearClippingPlane',
  'Target.Position': 'targetPosition',
};

/** The fields mdx-m3-viewer's MDL has no statement for (it refuses them), so its column is empty. */
const NOT_IN_VIEWER = [
  'Anim.SyncPoint',
  'Layer.ShaderTypeId',
  'Layer.LayerTextureID',
  'Light.ShadowIntensity',
  'SoundTrack.Volume',
  'SoundTrack.Pitch',
  'SoundTrack.Flags',
];

/** What mdx-m3-viewer holds for `key` in a block without its statement. */
function viewerValue(key: MdlFieldKey): unknown {
  const [block, keyword] = key.split('.') as [string, string];
  const [text, place] = BLOCKS[block]!;
  const model = new parsers.mdlx.Model();
  model.load(`Version {\n\tFormatVersion 1000,\n}\n${text}\n`);
  const object = place(model as unknown as Loose);
  const field = VIEWER_FIELDS[key] ?? `${keyword[0]!.toLowerCase()}${keyword.slice(1)}`;
  const value = typeof field === 'string' ? object[field] : (object[field[0]] as ArrayLike<unknown>)[field[1]];
  if (value === undefined) throw new Error(`${key}: mdx-m3-viewer's ${block} has no field ${String(field)}`);
  return ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value;
}

describe('the defaults table quotes mdx-m3-viewer right', () => {
  const keys = Object.keys(MDL_DEFAULTS) as MdlFieldKey[];

  it.each(keys.filter((key) => MDL_DEFAULTS[key].viewer !== undefined))('%s', (key) => {
    const quoted = MDL_DEFAULTS[key].viewer;
    expect(viewerValue(key)).toEqual(typeof quoted === 'object' ? [...quoted] : quoted);
  });

  it('leaves the column empty only for statements mdx-m3-viewer refuses', () => {
    expect(keys.filter((key) => MDL_DEFAULTS[key].viewer === undefined)).toEqual(NOT_IN_VIEWER);
    for (const key of NOT_IN_VIEWER.filter((item) => !item.startsWith('SoundTrack'))) {
      const [block, keyword] = key.split('.') as [string, string];
      const text = BLOCKS[block]![0].replace(/\{\n(\t*)\}/, `{\n$1\t${keyword} 1,\n$1}`);
      expect(() => new parsers.mdlx.Model().load(`Version {\n\tFormatVersion 1000,\n}\n${text}\n`), key).toThrow(
        /Unknown token/,
      );
    }
  });
});
