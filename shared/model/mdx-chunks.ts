/**
 * Every MDX chunk the typed model knows, with the type it reads into and its kind module's codec.
 */
import type { ChunkCodec } from './chunk-codec';
import { attachmentsChunkMdx, type Attachment } from './kinds/attachment';
import { bindPosesChunkMdx } from './kinds/bind-pose';
import { bonesChunkMdx, type Bone } from './kinds/bone';
import { camerasChunkMdx, type Camera } from './kinds/camera';
import { collisionShapesChunkMdx, type CollisionShape } from './kinds/collision-shape';
import { eventObjectsChunkMdx, type EventObject } from './kinds/event-object';
import { faceEffectsChunkMdx, type FaceEffect } from './kinds/face-effect';
import { geosetAnimationsChunkMdx, type GeosetAnimation } from './kinds/geoset-animation';
import { geosetsChunkMdx, type Geoset } from './kinds/geoset';
import { globalSequencesChunkMdx } from './kinds/global-sequence';
import { helpersChunkMdx, type Helper } from './kinds/helper';
import { lightsChunkMdx, type Light } from './kinds/light';
import { materialsChunkMdx, type Material } from './kinds/material';
import { modelInfoChunkMdx, type ModelInfo } from './kinds/model-info';
import { particleEmittersChunkMdx, type ParticleEmitter } from './kinds/particle-emitter';
import { particleEmitters2ChunkMdx, type ParticleEmitter2 } from './kinds/particle-emitter2';
import { pivotsChunkMdx } from './kinds/pivot';
import { popcornEmittersChunkMdx, type PopcornEmitter } from './kinds/popcorn-emitter';
import { ribbonEmittersChunkMdx, type RibbonEmitter } from './kinds/ribbon-emitter';
import { sequencesChunkMdx, type Sequence } from './kinds/sequence';
import { soundTracksChunkMdx, type SoundTrack } from './kinds/sound-track';
import { textureAnimationsChunkMdx, type TextureAnimation } from './kinds/texture-animation';
import { texturesChunkMdx, type Texture } from './kinds/texture';
import { versionChunkMdx } from './kinds/version';

/** What each chunk reads into. */
export interface MdxChunkTypes {
  /** The format version. */
  VERS: number;
  MODL: ModelInfo;
  SEQS: Sequence[];
  /** Global sequence durations, ms. */
  GLBS: number[];
  MTLS: Material[];
  TEXS: Texture[];
  SNDS: SoundTrack[];
  TXAN: TextureAnimation[];
  GEOS: Geoset[];
  GEOA: GeosetAnimation[];
  BONE: Bone[];
  LITE: Light[];
  HELP: Helper[];
  ATCH: Attachment[];
  /** x, y, z per objectId. */
  PIVT: Float32Array;
  PREM: ParticleEmitter[];
  PRE2: ParticleEmitter2[];
  CORN: PopcornEmitter[];
  RIBB: RibbonEmitter[];
  EVTS: EventObject[];
  CAMS: Camera[];
  CLID: CollisionShape[];
  FAFX: FaceEffect[];
  /** 12 floats (3×4 matrix) per node in objectId order, then per camera. */
  BPOS: Float32Array;
}

/** A chunk tag the typed model reads. */
export type MdxChunkTag = keyof MdxChunkTypes;

/** Each known chunk's codec. */
export const MDX_CHUNK_CODECS: { readonly [Tag in MdxChunkTag]: ChunkCodec<MdxChunkTypes[Tag]> } = {
  VERS: versionChunkMdx,
  MODL: modelInfoChunkMdx,
  SEQS: sequencesChunkMdx,
  GLBS: globalSequencesChunkMdx,
  MTLS: materialsChunkMdx,
  TEXS: texturesChunkMdx,
  SNDS: soundTracksChunkMdx,
  TXAN: textureAnimationsChunkMdx,
  GEOS: geosetsChunkMdx,
  GEOA: geosetAnimationsChunkMdx,
  BONE: bonesChunkMdx,
  LITE: lightsChunkMdx,
  HELP: helpersChunkMdx,
  ATCH: attachmentsChunkMdx,
  PIVT: pivotsChunkMdx,
  PREM: particleEmittersChunkMdx,
  PRE2: particleEmitters2ChunkMdx,
  CORN: popcornEmittersChunkMdx,
  RIBB: ribbonEmittersChunkMdx,
  EVTS: eventObjectsChunkMdx,
  CAMS: camerasChunkMdx,
  CLID: collisionShapesChunkMdx,
  FAFX: faceEffectsChunkMdx,
  BPOS: bindPosesChunkMdx,
};

/** True when the typed model reads chunks with `tag`. */
export function isMdxChunkTag(tag: string): tag is MdxChunkTag {
  return Object.prototype.hasOwnProperty.call(MDX_CHUNK_CODECS, tag);
}
