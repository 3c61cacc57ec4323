import { describe, expect, it } from 'vitest';
import {
  blockRank,
  CANONICAL_CHUNK_ORDER,
  KINDS,
  MDL_BLOCK_ORDER,
  MODEL_COUNTS,
  NODE_CHUNKS,
  NODE_KINDS,
  nodeChunkTags,
} from './registry';

describe('the registry of kinds', () => {
  it('orders the chunks as the game exporter writes them, and the MDL blocks as the community tools do', () => {
    expect(CANONICAL_CHUNK_ORDER.join(' ')).toBe(
      'VERS MODL SEQS GLBS MTLS TEXS SNDS TXAN GEOS GEOA BONE LITE HELP ATCH PIVT PREM PRE2 CORN RIBB EVTS CAMS CLID ' +
        'FAFX BPOS',
    );
    expect(MDL_BLOCK_ORDER.join(' ')).toBe(
      'Version Model Sequences GlobalSequences Textures Materials SoundTracks TextureAnims Geoset GeosetAnim Bone ' +
        'Light Helper Attachment PivotPoints ParticleEmitter ParticleEmitter2 ParticleEmitterPopcorn RibbonEmitter ' +
        'Camera EventObject CollisionShape FaceFX BindPose',
    );
    expect(blockRank('Faces')).toBe(-1);
  });

  it('lists the node chunks in canonical objectId order, each with one node kind and one MDL keyword', () => {
    expect(NODE_CHUNKS.map((chunk) => chunk.tag)).toEqual([
      'BONE',
      'LITE',
      'HELP',
      'ATCH',
      'PREM',
      'PRE2',
      'CORN',
      'RIBB',
      'EVTS',
      'CLID',
    ]);
    expect(new Set(NODE_KINDS).size).toBe(NODE_KINDS.length);
    const keywords = KINDS.filter((row) => row.node !== undefined).map((row) => row.keyword);
    expect(new Set(keywords).size).toBe(NODE_KINDS.length);
    expect(nodeChunkTags(800)).not.toContain('CORN');
    expect(nodeChunkTags(900)).toContain('CORN');
  });

  it('has one Model block count per counted kind, in the order Retera’s tools print them', () => {
    expect(MODEL_COUNTS.map(([key]) => key)).toEqual([
      'NumGeosets',
      'NumGeosetAnims',
      'NumHelpers',
      'NumLights',
      'NumBones',
      'NumAttachments',
      'NumParticleEmitters',
      'NumParticleEmitters2',
      'NumParticleEmittersPopcorn',
      'NumRibbonEmitters',
      'NumEvents',
      'NumFaceFX',
      'NumCameras',
      'NumCollisionShapes',
    ]);
    expect(new Set(KINDS.map((row) => row.tag)).size).toBe(KINDS.length);
    expect(new Set(KINDS.map((row) => row.keyword)).size).toBe(KINDS.length);
  });
});
