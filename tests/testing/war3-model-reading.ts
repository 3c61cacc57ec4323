/**
 * war3-model (4.x, npm) as a reader for the agreement tests: its `parseMDX` and `parseMDL`, and what it
 * does differently from the other tools, each deviation named in WAR3_MODEL_NORMALIZATIONS and applied
 * where it is named.
 */
import { generateMDL, parseMDL, parseMDX } from 'war3-model';
import type { ModelFormat } from '../../shared/model/index';
import {
  latin1Bytes,
  latin1Text,
  structure,
  withoutNodeKindBits,
  type Loose,
  type ModelReader,
} from './reader-agreement';

/**
 * war3-model's known deviations: each names what its readers do and how the comparison makes up for it (on both
 * sides alike unless it says otherwise).
 */
export const WAR3_MODEL_NORMALIZATIONS = {
  nodes:
    "its model holds every node twice, in its kind's list and in 'Nodes' by ObjectId: 'Nodes' is left out (the " +
    'kind lists are compared)',
  counts:
    "its MDX reader fills some of the Model block's Num… counts and its MDL reader keeps those the text has: " +
    'counts are left out (the lists they count are compared)',
  nameBytes:
    "its MDX reader keeps a name field's bytes after its NUL in the string (it trims only trailing NULs): " +
    'strings are compared up to their first NUL (an MDL string cannot hold the rest; our converter warns about it)',
  absentFields:
    'its MDL reader leaves a field the text leaves out undefined (or null), where its MDX reader holds the stored ' +
    'value, and its MDX writer decides what undefined means: such a field is compared as the value that writer ' +
    'writes for it (WAR3_MODEL_WRITER_DEFAULTS, else 0, an empty string, false or zeros)',
  geosetAnimationColor:
    "its MDL reader does not set a geoset animation's colour bit (0x2) for its Color statement, which the other " +
    "readers do and the files' flags carry: its parse of an MDL gets the bit where it read a Color",
  absentIsNull:
    'it marks a missing value now null (GeosetId Multiple, a parent of -1), now undefined (a statement left out): ' +
    'both are compared as absent',
  sequenceExtentAlpha:
    "its MDL reader gives each geoset's sequence extent (Anim { … }) an Alpha of 1 its MDX reader has no field for " +
    '(MDX stores none): left out',
  colorTracks:
    'its MDL reader reverses every key (and tangent) of a Color or AmbColor track, as if tracks held RGB like the ' +
    "static colours: the game's exporter (MdlxConv: Alliance_Exp.mdl of tdauth/wc3lib beside its MDX) and " +
    'mdx-m3-viewer print tracks in their stored (BGR) order: in its parse of an MDL they are reversed back',
  nodeFlagWords:
    'its MDL reader reads the words Billboarded, BillboardedLockX/Y/Z and CameraAnchored only in Bone, Helper and ' +
    "Attachment blocks, and Retera's spelling BillboardLockX/Y/Z in none: elsewhere it keeps each as a field of its " +
    'own (null): in its parse of an MDL those fields become their bits (0x8, 0x10, 0x20, 0x40, 0x80)',
  emitterSizeTracks:
    "its readers take KP2W as a ParticleEmitter2's Width track and KP2N as its Length (its statics: Width first, " +
    "Length second), where mdx-m3-viewer, Magos and our printer print KP2N as 'Width': its parse of each format is " +
    'compared as the two tracks by tag and the two static floats, a static compared only where neither parse lost it ' +
    'to a track of the same name',
  skinWeightRows:
    "its MDL reader wants each SkinWeights row in braces ({ … },) where mdx-m3-viewer, Retera's Model Studio and our " +
    'printer write bare rows: our text is read with each row put in braces',
  layerUnlit:
    "its MDL reader does not know a layer's Unlit (0x100, Reforged; it keeps it as a field of its own, null): in its " +
    'parse of an MDL the field becomes the bit',
  emptyVertexGroup:
    'its MDL reader sizes a VertexGroup block by the vertex count even when the block is empty (an HD geoset keeps ' +
    'its weights in SkinWeights): an all-zero VertexGroup it read from MDL equals an empty one from MDX',
  modelName:
    "its MDX reader reads the Model's name (80 bytes) and animation file (260) as one string, Name, and has no " +
    'AnimationFile: its parse of an MDL is compared the same way (the animation file joins a name that fills its 80 ' +
    'bytes, and is not compared otherwise)',
  particleEmitterNodes:
    'its MDL reader does not list a ParticleEmitter in its Nodes, then throws setting the pivot of that ObjectId ' +
    'when a node follows it — on any text of such a model, its own MDL (generateMDL) too: such a model counts as ' +
    'one it cannot read in MDL form (the test checks that it refuses its own text)',
  eventTrackGlobalSequence:
    'its MDL reader wants only frames in an EventTrack block (mdx-m3-viewer reads a GlobalSeqId first there, as ' +
    'we print it) and its MDX reader skips the id: our text is read with the GlobalSeqId after the block, and an ' +
    "event object's global sequence is not compared",
  materialTwoSided:
    "its MDL reader refuses a material's TwoSided (0x2, Reforged), which mdx-m3-viewer and Retera read (it knows " +
    "only its own 'RenderMode N'): our text is read without those lines and the materials' bit 0x2 is not compared",
} as const;

/**
 * What war3-model's MDX writer (`generateMDX`) writes for a field its MDL reader left undefined, where that is not
 * 0 (or an empty string, false, zeros): by field name, as its writer has them.
 */
export const WAR3_MODEL_WRITER_DEFAULTS: Readonly<Record<string, unknown>> = {
  Alpha: 1,
  Color: [1, 1, 1],
  AmbColor: [1, 1, 1],
  EmissiveGain: 1,
  FresnelColor: [1, 1, 1],
  LevelOfDetail: -1,
  TVertexAnimId: -1,
  GeosetId: -1,
  GeosetAnimId: -1,
  TextureID: -1,
  Parent: -1,
  ObjectId: -1,
};

/** war3-model's parse of `bytes` in `format`, or why it throws. */
function read(bytes: Uint8Array, format: ModelFormat): { model: unknown; error: string } {
  try {
    const model = format === 'mdx' ? parseMDX(bytes.slice().buffer) : parseMDL(latin1Text(bytes));
    return { model, error: '' };
  } catch (error) {
    return { model: null, error: String(error).slice(0, 160) };
  }
}

/** `value` with every string cut at its first NUL (WAR3_MODEL_NORMALIZATIONS.nameBytes). */
function cutAtNul(value: unknown): unknown {
  if (typeof value === 'string') {
    const nul = value.indexOf('\0');
    return nul < 0 ? value : value.slice(0, nul);
  }
  if (Array.isArray(value)) return value.map(cutAtNul);
  if (value && typeof value === 'object') {
    const object = value as Loose;
    for (const key of Object.keys(object)) object[key] = cutAtNul(object[key]);
  }
  return value;
}

/** `value` without its null and undefined fields (WAR3_MODEL_NORMALIZATIONS.absentIsNull). */
function withoutAbsent(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAbsent);
  if (value && typeof value === 'object') {
    const object = value as Loose;
    for (const key of Object.keys(object))
      if (object[key] === null || object[key] === undefined) delete object[key];
      else object[key] = withoutAbsent(object[key]);
  }
  return value;
}

/** True when `value` is a track (an animated value) rather than a static one. */
function isTrack(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'Keys' in value;
}

/** Reverses the vector and tangents of every key of `track` (WAR3_MODEL_NORMALIZATIONS.colorTracks). */
function reverseColorKeys(track: unknown): void {
  if (!isTrack(track)) return;
  for (const key of track['Keys'] as Loose[])
    for (const part of ['Vector', 'InTan', 'OutTan']) if (Array.isArray(key[part])) (key[part] as unknown[]).reverse();
}

/** The node lists of war3-model's model. */
const NODE_LISTS = [
  'Bones',
  'Helpers',
  'Attachments',
  'EventObjects',
  'CollisionShapes',
  'ParticleEmitters',
  'ParticleEmitters2',
  'Lights',
  'RibbonEmitters',
  'ParticleEmitterPopcorns',
];

/** Node flag words and their bits (WAR3_MODEL_NORMALIZATIONS.nodeFlagWords). */
const NODE_FLAG_WORDS: readonly (readonly [string, number])[] = [
  ['Billboarded', 0x8],
  ['BillboardedLockX', 0x10],
  ['BillboardedLockY', 0x20],
  ['BillboardedLockZ', 0x40],
  ['BillboardLockX', 0x10],
  ['BillboardLockY', 0x20],
  ['BillboardLockZ', 0x40],
  ['CameraAnchored', 0x80],
];

/** A ParticleEmitter2's two sizes as tracks by tag and static floats (WAR3_MODEL_NORMALIZATIONS.emitterSizeTracks). */
function emitterSizes(emitter: Loose, format: ModelFormat): void {
  const [width, length] = [emitter['Width'], emitter['Length']];
  delete emitter['Width'];
  delete emitter['Length'];
  const [firstTrack, secondTrack] = format === 'mdx' ? ['KP2W', 'KP2N'] : ['KP2N', 'KP2W'];
  emitter['sizes'] = {
    [firstTrack]: isTrack(width) ? width : null,
    [secondTrack]: isTrack(length) ? length : null,
    first: isTrack(width) ? null : width,
    second: isTrack(length) ? null : length,
  };
}

function normalized(model: unknown, format: ModelFormat, applied: readonly string[]): Loose {
  const plain = cutAtNul(structure(model)) as Loose;
  delete plain['Nodes'];
  withoutNodeKindBits(plain, NODE_LISTS, 'Flags'); // FORMAT_NORMALIZATIONS.nodeKindBits (reader-agreement.ts)
  const info = plain['Info'] as Loose;
  for (const key of Object.keys(info)) if (key.startsWith('Num')) delete info[key];
  for (const emitter of plain['ParticleEmitters2'] as Loose[]) emitterSizes(emitter, format);
  for (const object of plain['EventObjects'] as Loose[]) delete object['GlobalSeqId'];
  if (applied.includes('materialTwoSided'))
    for (const material of plain['Materials'] as Loose[])
      material['RenderMode'] = ((material['RenderMode'] as number | undefined) ?? 0) & ~0x2;
  if (format === 'mdl') {
    for (const animation of plain['GeosetAnims'] as Loose[]) {
      if (animation['Color'] !== null && animation['Color'] !== undefined)
        animation['Flags'] = (animation['Flags'] as number) | 0x2;
      reverseColorKeys(animation['Color']);
    }
    for (const material of plain['Materials'] as Loose[])
      for (const layer of material['Layers'] as Loose[])
        if ('Unlit' in layer) {
          layer['Shading'] = ((layer['Shading'] as number | undefined) ?? 0) | 0x100;
          delete layer['Unlit'];
        }
    const name = String(info['Name'] ?? '');
    if (name.length >= 80) info['Name'] = `${name}${String(info['AnimationFile'] ?? '')}`;
    delete info['AnimationFile'];
    for (const light of plain['Lights'] as Loose[]) {
      reverseColorKeys(light['Color']);
      reverseColorKeys(light['AmbColor']);
    }
    for (const geoset of plain['Geosets'] as Loose[])
      for (const extent of geoset['Anims'] as Loose[]) delete extent['Alpha'];
    for (const list of NODE_LISTS)
      for (const node of (plain[list] as Loose[] | undefined) ?? [])
        for (const [word, bit] of NODE_FLAG_WORDS)
          if (word in node) {
            node['Flags'] = (node['Flags'] as number) | bit;
            delete node[word];
          }
  }
  return withoutAbsent(plain) as Loose;
}

/** What war3-model's MDX writer writes for a field named `key` left undefined, shaped like `like`. */
function writerDefault(key: string, like: unknown): unknown {
  if (key in WAR3_MODEL_WRITER_DEFAULTS) return WAR3_MODEL_WRITER_DEFAULTS[key];
  if (typeof like === 'number') return 0;
  if (typeof like === 'string') return '';
  if (typeof like === 'boolean') return false;
  if (Array.isArray(like) && like.every((item) => typeof item === 'number')) return like.map(() => 0);
  return undefined;
}

/**
 * Fills the fields of `fromMdl` (a parse of MDL) that its reader left undefined or null while `fromMdx` holds a
 * value, with what war3-model's writer writes for them (WAR3_MODEL_NORMALIZATIONS.absentFields).
 */
function reconcile(fromMdx: unknown, fromMdl: unknown): void {
  if (Array.isArray(fromMdx) && Array.isArray(fromMdl)) {
    for (let index = 0; index < Math.min(fromMdx.length, fromMdl.length); index += 1)
      reconcile(fromMdx[index], fromMdl[index]);
    return;
  }
  if (!fromMdx || !fromMdl || typeof fromMdx !== 'object' || typeof fromMdl !== 'object') return;
  const mdx = fromMdx as Loose;
  const mdl = fromMdl as Loose;
  for (const key of Object.keys(mdx)) {
    const value = mdl[key];
    if (value === undefined || value === null) {
      const fallback = writerDefault(key, mdx[key]);
      if (fallback !== undefined && mdx[key] !== undefined && mdx[key] !== null) mdl[key] = fallback;
    } else reconcile(mdx[key], value);
  }
}

/**
 * An empty VertexGroup beside an all-zero one (WAR3_MODEL_NORMALIZATIONS.emptyVertexGroup); the statics of the two
 * sizes that one parse lost to a track are not compared (WAR3_MODEL_NORMALIZATIONS.emitterSizeTracks).
 */
function reconcileSizes(left: Loose, right: Loose): void {
  const leftGeosets = (left['Geosets'] as Loose[] | undefined) ?? [];
  const rightGeosets = (right['Geosets'] as Loose[] | undefined) ?? [];
  for (let index = 0; index < Math.min(leftGeosets.length, rightGeosets.length); index += 1) {
    const groups = [leftGeosets[index]!['VertexGroup'], rightGeosets[index]!['VertexGroup']] as number[][];
    if (groups.some((group) => group?.length === 0) && groups.every((group) => group?.every((value) => value === 0)))
      for (const geoset of [leftGeosets[index]!, rightGeosets[index]!]) geoset['VertexGroup'] = [];
  }
  const lefts = (left['ParticleEmitters2'] as Loose[] | undefined) ?? [];
  const rights = (right['ParticleEmitters2'] as Loose[] | undefined) ?? [];
  for (let index = 0; index < Math.min(lefts.length, rights.length); index += 1) {
    const [one, other] = [lefts[index]!['sizes'] as Loose, rights[index]!['sizes'] as Loose];
    for (const key of ['first', 'second'])
      if (!(key in one) || !(key in other)) {
        delete one[key];
        delete other[key];
      }
  }
}

/** Our text with each SkinWeights row in braces (WAR3_MODEL_NORMALIZATIONS.skinWeightRows). */
function braceSkinWeightRows(text: string): string {
  return text.replace(
    /(\n\tSkinWeights \d+ \{\n)([^}]*)(\t\})/g,
    (_whole, head: string, rows: string, tail: string) => {
      const braced = rows.replace(/^(\t+)([\d, ]+?),$/gm, '$1{ $2 },');
      return `${head}${braced}${tail}`;
    },
  );
}

/** Our text without the TwoSided lines of its materials (WAR3_MODEL_NORMALIZATIONS.materialTwoSided). */
function withoutMaterialTwoSided(text: string): string {
  return text.replace(/\n\tMaterial \{\n(\t\t[^\n]*\n)*?(?=\t\tLayer|\t\})/g, (header) =>
    header.replace(/\t\tTwoSided,\n/g, ''),
  );
}

/** The rewrites of our text war3-model needs, as far as `error` asks for them. */
function readable(bytes: Uint8Array, error: string): { bytes: Uint8Array; applied: string[] } | null {
  let text = latin1Text(bytes);
  const applied: string[] = [];
  if (/\n\tSkinWeights \d+ \{\n\t\t\d/.test(text)) {
    text = braceSkinWeightRows(text);
    applied.push('skinWeightRows');
  }
  const eventTrack = /(\n\tEventTrack \d+ \{\n)\t\tGlobalSeqId (\d+),\n((?:\t\t\d+,\n)*)(\t\}\n)/g;
  if (eventTrack.test(text)) {
    text = text.replace(eventTrack, '$1$3$4\tGlobalSeqId $2,\n');
    applied.push('eventTrackGlobalSequence');
  }
  if (error.includes('Unknown material property TwoSided')) {
    text = withoutMaterialTwoSided(text);
    applied.push('materialTwoSided');
  }
  return applied.length > 0 ? { bytes: latin1Bytes(text), applied } : null;
}

/** The refusal of WAR3_MODEL_NORMALIZATIONS.particleEmitterNodes. */
const PIVOT_OF_NO_NODE = "Cannot set properties of undefined (setting 'PivotPoint')";

/** Why war3-model refuses every MDL of `original`, its own too (WAR3_MODEL_NORMALIZATIONS.particleEmitterNodes). */
function refusesEveryText(original: Uint8Array, format: ModelFormat, error: string): string | null {
  if (format !== 'mdx' || !error.includes(PIVOT_OF_NO_NODE)) return null;
  const own = read(latin1Bytes(generateMDL(parseMDX(original.slice().buffer))), 'mdl');
  return own.error.includes(PIVOT_OF_NO_NODE) ? `it refuses its own MDL of the model too (${own.error})` : null;
}

/** war3-model as a {@link ModelReader}. */
export const war3ModelReader: ModelReader = {
  name: 'war3-model',
  read,
  readable,
  refusesEveryText,
  normalized,
  reconcile(original, ours, format) {
    if (format === 'mdx') reconcile(original, ours);
    else reconcile(ours, original);
    reconcileSizes(original, ours);
  },
};
