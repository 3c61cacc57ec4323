/**
 * The registry of kinds: one row per top-level chunk (MDX) / block (MDL) kind, in the order the game's exporter
 * writes MDX chunks. A row names the kind's MDX tag, the version that introduced it, its MDL block keyword and
 * place, the Model block's count statement for it, whether its objects are nodes (and their kind), and the kind
 * module's MDX codec and MDL reader and printer. Every table about kinds — the chunk order and which chunks a version
 * defines, the node chunks in objectId order, the MDL block order, keywords and counts, the codecs — is derived here
 * from the rows; nothing else lists kinds. Adding a kind is its module (kinds/) plus one row.
 */
import { attachmentsChunkMdx, printAttachmentMdl, readAttachmentMdl } from './kinds/attachment';
import { bindPosesChunkMdx, printBindPosesMdl, readBindPosesMdl } from './kinds/bind-pose';
import { bonesChunkMdx, printBoneMdl, readBoneMdl } from './kinds/bone';
import { camerasChunkMdx, printCameraMdl, readCameraMdl } from './kinds/camera';
import { collisionShapesChunkMdx, printCollisionShapeMdl, readCollisionShapeMdl } from './kinds/collision-shape';
import { eventObjectsChunkMdx, printEventObjectMdl, readEventObjectMdl } from './kinds/event-object';
import { faceEffectsChunkMdx, printFaceEffectMdl, readFaceEffectMdl } from './kinds/face-effect';
import { geosetAnimationsChunkMdx, printGeosetAnimationMdl, readGeosetAnimationMdl } from './kinds/geoset-animation';
import { geosetsChunkMdx, printGeosetMdl, readGeosetMdl } from './kinds/geoset';
import { globalSequencesChunkMdx, printGlobalSequencesMdl, readGlobalSequencesMdl } from './kinds/global-sequence';
import { helpersChunkMdx, printHelperMdl, readHelperMdl } from './kinds/helper';
import { lightsChunkMdx, printLightMdl, readLightMdl } from './kinds/light';
import { materialsChunkMdx, printMaterialsMdl, readMaterialsMdl } from './kinds/material';
import { MODL_BYTES, modelInfoChunkMdx, printModelInfoMdl, readModelInfoMdl } from './kinds/model-info';
import { particleEmittersChunkMdx, printParticleEmitterMdl, readParticleEmitterMdl } from './kinds/particle-emitter';
import {
  particleEmitters2ChunkMdx,
  printParticleEmitter2Mdl,
  readParticleEmitter2Mdl,
} from './kinds/particle-emitter2';
import { PIVOT_BYTES, pivotsChunkMdx, printPivotsMdl, readPivotsMdl } from './kinds/pivot';
import { popcornEmittersChunkMdx, printPopcornEmitterMdl, readPopcornEmitterMdl } from './kinds/popcorn-emitter';
import { printRibbonEmitterMdl, readRibbonEmitterMdl, ribbonEmittersChunkMdx } from './kinds/ribbon-emitter';
import { printSequencesMdl, readSequencesMdl, SEQUENCE_BYTES, sequencesChunkMdx } from './kinds/sequence';
import { printSoundTracksMdl, readSoundTracksMdl, SOUND_TRACK_BYTES, soundTracksChunkMdx } from './kinds/sound-track';
import {
  printTextureAnimationsMdl,
  readTextureAnimationsMdl,
  textureAnimationsChunkMdx,
} from './kinds/texture-animation';
import { printTexturesMdl, readTexturesMdl, TEXTURE_BYTES, texturesChunkMdx } from './kinds/texture';
import { printVersionMdl, readVersionMdl, VERS_BYTES, versionChunkMdx } from './kinds/version';
import { FACE_EFFECT_BYTES } from './kinds/face-effect';
import { GLOBAL_SEQUENCE_BYTES } from './kinds/global-sequence';
import type { ChunkCodec } from './chunk-codec';
import { floatBlock, kind, listBlock, objectBlocks, type CountedChunk, type KindRow } from './kind-row';

export type { KindRow } from './kind-row';

/** Classic Warcraft III (Reign of Chaos, The Frozen Throne): the version of every kind but Reforged's. */
const CLASSIC = 800;
/** Reforged beta: popcorn emitters, face effects, bind poses. */
const REFORGED = 900;

/** Every kind, in the order the game's exporter writes MDX chunks (the canonical chunk order). */
export const KINDS = [
  kind({
    tag: 'VERS',
    since: CLASSIC,
    keyword: 'Version',
    blockRank: 0,
    single: true,
    fixedSize: [VERS_BYTES, 0],
    mdx: versionChunkMdx,
    mdl: {
      read: readVersionMdl,
      join: (parts) => parts.find((part) => part !== undefined) ?? CLASSIC,
      print: printVersionMdl,
    },
  }),
  kind({
    tag: 'MODL',
    since: CLASSIC,
    keyword: 'Model',
    blockRank: 1,
    single: true,
    fixedSize: [MODL_BYTES, 0],
    mdx: modelInfoChunkMdx,
    mdl: {
      read: (context, block) => readModelInfoMdl(context, block, isCountKey),
      join: (parts) => parts[0]!.info,
      print: (writer, info, _layout, chunks) => printModelInfoMdl(writer, info, modelCounts(chunks)),
    },
  }),
  kind({
    tag: 'SEQS',
    since: CLASSIC,
    keyword: 'Sequences',
    blockRank: 2,
    single: true,
    fixedSize: [0, SEQUENCE_BYTES],
    mdx: sequencesChunkMdx,
    mdl: listBlock(readSequencesMdl, printSequencesMdl),
  }),
  kind({
    tag: 'GLBS',
    since: CLASSIC,
    keyword: 'GlobalSequences',
    blockRank: 3,
    single: true,
    fixedSize: [0, GLOBAL_SEQUENCE_BYTES],
    mdx: globalSequencesChunkMdx,
    mdl: listBlock(readGlobalSequencesMdl, printGlobalSequencesMdl),
  }),
  kind({
    tag: 'MTLS',
    since: CLASSIC,
    keyword: 'Materials',
    blockRank: 5,
    single: true,
    mdx: materialsChunkMdx,
    mdl: listBlock(readMaterialsMdl, printMaterialsMdl),
  }),
  kind({
    tag: 'TEXS',
    since: CLASSIC,
    keyword: 'Textures',
    blockRank: 4,
    single: true,
    fixedSize: [0, TEXTURE_BYTES],
    mdx: texturesChunkMdx,
    mdl: listBlock(readTexturesMdl, printTexturesMdl),
  }),
  kind({
    tag: 'SNDS',
    since: CLASSIC,
    keyword: 'SoundTracks',
    blockRank: 6,
    single: true,
    fixedSize: [0, SOUND_TRACK_BYTES],
    mdx: soundTracksChunkMdx,
    mdl: listBlock(readSoundTracksMdl, printSoundTracksMdl),
  }),
  kind({
    tag: 'TXAN',
    since: CLASSIC,
    keyword: 'TextureAnims',
    blockRank: 7,
    single: true,
    mdx: textureAnimationsChunkMdx,
    mdl: listBlock(readTextureAnimationsMdl, printTextureAnimationsMdl),
  }),
  kind({
    tag: 'GEOS',
    since: CLASSIC,
    keyword: 'Geoset',
    blockRank: 8,
    count: { key: 'NumGeosets', rank: 0 },
    mdx: geosetsChunkMdx,
    mdl: objectBlocks(readGeosetMdl, printGeosetMdl),
  }),
  kind({
    tag: 'GEOA',
    since: CLASSIC,
    keyword: 'GeosetAnim',
    blockRank: 9,
    count: { key: 'NumGeosetAnims', rank: 1 },
    mdx: geosetAnimationsChunkMdx,
    mdl: objectBlocks(readGeosetAnimationMdl, printGeosetAnimationMdl),
  }),
  kind({
    tag: 'BONE',
    since: CLASSIC,
    keyword: 'Bone',
    blockRank: 10,
    count: { key: 'NumBones', rank: 4 },
    node: 'bone',
    mdx: bonesChunkMdx,
    mdl: objectBlocks(readBoneMdl, printBoneMdl),
  }),
  kind({
    tag: 'LITE',
    since: CLASSIC,
    keyword: 'Light',
    blockRank: 11,
    count: { key: 'NumLights', rank: 3 },
    node: 'light',
    mdx: lightsChunkMdx,
    mdl: objectBlocks(readLightMdl, (writer, light, _index, layout) => printLightMdl(writer, light, layout)),
  }),
  kind({
    tag: 'HELP',
    since: CLASSIC,
    keyword: 'Helper',
    blockRank: 12,
    count: { key: 'NumHelpers', rank: 2 },
    node: 'helper',
    mdx: helpersChunkMdx,
    mdl: objectBlocks(readHelperMdl, printHelperMdl),
  }),
  kind({
    tag: 'ATCH',
    since: CLASSIC,
    keyword: 'Attachment',
    blockRank: 13,
    count: { key: 'NumAttachments', rank: 5 },
    node: 'attachment',
    mdx: attachmentsChunkMdx,
    mdl: objectBlocks(readAttachmentMdl, printAttachmentMdl),
  }),
  kind({
    tag: 'PIVT',
    since: CLASSIC,
    keyword: 'PivotPoints',
    blockRank: 14,
    single: true,
    fixedSize: [0, PIVOT_BYTES],
    mdx: pivotsChunkMdx,
    mdl: floatBlock(readPivotsMdl, printPivotsMdl),
  }),
  kind({
    tag: 'PREM',
    since: CLASSIC,
    keyword: 'ParticleEmitter',
    blockRank: 15,
    count: { key: 'NumParticleEmitters', rank: 6 },
    node: 'particleEmitter',
    mdx: particleEmittersChunkMdx,
    mdl: objectBlocks(readParticleEmitterMdl, printParticleEmitterMdl),
  }),
  kind({
    tag: 'PRE2',
    since: CLASSIC,
    keyword: 'ParticleEmitter2',
    blockRank: 16,
    count: { key: 'NumParticleEmitters2', rank: 7 },
    node: 'particleEmitter2',
    mdx: particleEmitters2ChunkMdx,
    mdl: objectBlocks(readParticleEmitter2Mdl, printParticleEmitter2Mdl),
  }),
  kind({
    tag: 'CORN',
    since: REFORGED,
    keyword: 'ParticleEmitterPopcorn',
    blockRank: 17,
    count: { key: 'NumParticleEmittersPopcorn', rank: 8 },
    node: 'particleEmitterPopcorn',
    mdx: popcornEmittersChunkMdx,
    mdl: objectBlocks(readPopcornEmitterMdl, printPopcornEmitterMdl),
  }),
  kind({
    tag: 'RIBB',
    since: CLASSIC,
    keyword: 'RibbonEmitter',
    blockRank: 18,
    count: { key: 'NumRibbonEmitters', rank: 9 },
    node: 'ribbonEmitter',
    mdx: ribbonEmittersChunkMdx,
    mdl: objectBlocks(readRibbonEmitterMdl, printRibbonEmitterMdl),
  }),
  kind({
    tag: 'EVTS',
    since: CLASSIC,
    keyword: 'EventObject',
    blockRank: 20,
    count: { key: 'NumEvents', rank: 10 },
    node: 'eventObject',
    mdx: eventObjectsChunkMdx,
    mdl: objectBlocks(readEventObjectMdl, printEventObjectMdl),
  }),
  kind({
    tag: 'CAMS',
    since: CLASSIC,
    keyword: 'Camera',
    blockRank: 19,
    count: { key: 'NumCameras', rank: 12 },
    posedAfterNodes: true,
    mdx: camerasChunkMdx,
    mdl: objectBlocks(readCameraMdl, printCameraMdl),
  }),
  kind({
    tag: 'CLID',
    since: CLASSIC,
    keyword: 'CollisionShape',
    blockRank: 21,
    count: { key: 'NumCollisionShapes', rank: 13 },
    node: 'collisionShape',
    mdx: collisionShapesChunkMdx,
    mdl: objectBlocks(readCollisionShapeMdl, printCollisionShapeMdl),
  }),
  kind({
    tag: 'FAFX',
    since: REFORGED,
    keyword: 'FaceFX',
    blockRank: 22,
    count: { key: 'NumFaceFX', rank: 11 },
    fixedSize: [0, FACE_EFFECT_BYTES],
    mdx: faceEffectsChunkMdx,
    mdl: objectBlocks(readFaceEffectMdl, printFaceEffectMdl),
  }),
  kind({
    tag: 'BPOS',
    since: REFORGED,
    keyword: 'BindPose',
    blockRank: 23,
    single: true,
    mdx: bindPosesChunkMdx,
    mdl: floatBlock(readBindPosesMdl, printBindPosesMdl),
  }),
] as const;

type Kinds = (typeof KINDS)[number];

/** A chunk tag the typed model reads. */
export type MdxChunkTag = Kinds['tag'];

/** What each chunk reads into. */
export type MdxChunkTypes = {
  [Row in Kinds as Row['tag']]: Row['mdx'] extends ChunkCodec<infer Value> ? Value : never;
};

/** A node kind: the objects of a node chunk carry objectIds. */
export type NodeKind = Exclude<Kinds['node'], undefined>;

/** The row of each tag. */
const ROWS = new Map<string, KindRow>(KINDS.map((row) => [row.tag, row as KindRow]));
/** The row of each MDL block keyword. */
const ROWS_BY_KEYWORD = new Map<string, KindRow>(KINDS.map((row) => [row.keyword, row as KindRow]));

/** The row of a chunk tag, or undefined for a tag no version defines. */
export function kindOfTag(tag: string): KindRow | undefined {
  return ROWS.get(tag);
}

/** The row of an MDL top-level block keyword, or undefined for a keyword that names no kind. */
export function kindOfKeyword(keyword: string): KindRow | undefined {
  return ROWS_BY_KEYWORD.get(keyword);
}

/** True when the typed model reads chunks with `tag`. */
export function isMdxChunkTag(tag: string): tag is MdxChunkTag {
  return ROWS.has(tag);
}

/** Every chunk tag any version defines, in canonical order (for placing a chunk an edit creates). */
export const CANONICAL_CHUNK_ORDER: readonly MdxChunkTag[] = KINDS.map((row) => row.tag);

/** The node chunks' tags in canonical objectId order, with their node kinds. */
export const NODE_CHUNKS: readonly { readonly tag: MdxChunkTag; readonly kind: NodeKind }[] = KINDS.flatMap((row) =>
  row.node === undefined ? [] : [{ tag: row.tag, kind: row.node as NodeKind }],
);

/** Node kinds in canonical objectId order: the order of the MDX node chunks. */
export const NODE_KINDS: readonly NodeKind[] = NODE_CHUNKS.map((chunk) => chunk.kind);

/** The node kind of a node chunk's tag, or undefined when the chunk holds no nodes. */
export function nodeKindOfTag(tag: string): NodeKind | undefined {
  return ROWS.get(tag)?.node as NodeKind | undefined;
}

/** The version that introduced `tag`, or undefined for tags no version defines. */
export function chunkIntroducedIn(tag: string): number | undefined {
  return ROWS.get(tag)?.since;
}

/** True when a model of `version` may hold a `tag` chunk (a kind it defines). */
export function versionDefines(version: number, tag: string): boolean {
  const since = ROWS.get(tag)?.since;
  return since !== undefined && since <= version;
}

/** The node chunks of a model of `version`, in objectId order (popcorn emitters only from 900). */
export function nodeChunkTags(version: number): MdxChunkTag[] {
  return NODE_CHUNKS.filter((chunk) => versionDefines(version, chunk.tag)).map((chunk) => chunk.tag);
}

/**
 * For a chunk of fixed-size entries whose body size does not add up, what the size should be ("132 bytes", "a
 * multiple of 12 bytes"); null when it adds up or the chunk has no fixed layout.
 */
export function kindSizeMismatch(tag: string, size: number): string | null {
  const fixed = ROWS.get(tag)?.fixedSize;
  if (!fixed) return null;
  const [headerBytes, entryBytes] = fixed;
  const addsUp =
    entryBytes === 0 ? size === headerBytes : size >= headerBytes && (size - headerBytes) % entryBytes === 0;
  if (addsUp) return null;
  return entryBytes === 0 ? `${headerBytes} bytes` : `a multiple of ${entryBytes} bytes`;
}

/** Top-level MDL block keywords in the order the community's tools write them. */
export const MDL_BLOCK_ORDER: readonly string[] = [...KINDS]
  .sort((left, right) => left.blockRank - right.blockRank)
  .map((row) => row.keyword);

/** Position of a top-level keyword in {@link MDL_BLOCK_ORDER}, or -1 for a keyword that names no kind. */
export function blockRank(keyword: string): number {
  return ROWS_BY_KEYWORD.get(keyword)?.blockRank ?? -1;
}

/** The Model block's count statements in the order they print, with the chunk each counts. */
export const MODEL_COUNTS: readonly (readonly [key: string, tag: MdxChunkTag])[] = KINDS.flatMap((row) =>
  row.count === undefined ? [] : [{ count: row.count, tag: row.tag }],
)
  .sort((left, right) => left.count.rank - right.count.rank)
  .map(({ count, tag }) => [count.key, tag] as const);

/** The chunk a Model block count statement counts (`NumBones` → BONE), or undefined. */
export function countedTag(key: string): MdxChunkTag | undefined {
  return MODEL_COUNTS.find(([countKey]) => countKey === key)?.[1];
}

/** True when `key` is one of the Model block's count statements (`NumBones`…). */
function isCountKey(key: string): boolean {
  return MODEL_COUNTS.some(([countKey]) => countKey === key);
}

/** The Model block's count statement of a kind, or undefined. */
export function countKeyOf(tag: string): string | undefined {
  return MODEL_COUNTS.find(([, countedTag]) => countedTag === tag)?.[0];
}

/** The tags of the kinds whose objects have bind poses after the nodes' (cameras). */
export const POSED_AFTER_NODES: readonly MdxChunkTag[] = KINDS.flatMap((row) =>
  (row as KindRow).posedAfterNodes ? [row.tag] : [],
);

/**
 * The Model block's counts of a model: one per kind the model has, and 0 for a chunk present but empty (the one
 * way MDL has to say that an empty BONE or PREM chunk is there).
 */
export function modelCounts(chunks: readonly CountedChunk[]): [string, number][] {
  const result: [string, number][] = [];
  for (const [key, tag] of MODEL_COUNTS) {
    let count = 0;
    let present = false;
    for (const chunk of chunks) {
      if (chunk.tag !== tag || !('parsed' in chunk)) continue;
      present = true;
      count += (chunk.parsed as unknown[]).length;
    }
    if (present) result.push([key, count]);
  }
  return result;
}
