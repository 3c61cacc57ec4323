/**
 * Versions 900 and 1100, which the corpus has no model of, on fixtures built from the specification
 * with their own byte builder (./testing/fixtures-900-1100.ts): the typed model reads every field as
 * the builder meant, writes the bytes back identical, and the version rules hold (a 900 layer has
 * no texture slots nor fresnel tracks, an 1100 material no shader name).
 */
import { parsers } from 'mdx-m3-viewer';
import { describe, expect, it } from 'vitest';
import { convertModel } from './convert';
import { findParsedChunk, readMdxModel, writeMdxModel, type TypedMdxModel } from './mdx-model';
import { trackFrame, trackInTangent, trackOutTangent, trackValue, hasTangents, type Track } from './track';
import type { Extent } from './kinds/extent';
import type { Node } from './kinds/node';
import {
  type ExtentFixture,
  type FixtureVersion,
  type NodeFixture,
  type TrackFixture,
  type VersionFixtureContent,
} from './testing/fixtures-900-1100';
import { versionFixture } from './testing/fixture-900-1100-bytes';

const VERSIONS: readonly FixtureVersion[] = [900, 1100];

const plainExtent = (extent: Extent): ExtentFixture => ({
  boundsRadius: extent.boundsRadius,
  minimum: [...extent.minimum],
  maximum: [...extent.maximum],
});

/** A typed track as its keys. */
function plainTrack(track: Track): TrackFixture {
  const vector = (key: number, read: (track: Track, key: number, component: number) => number) =>
    Array.from({ length: track.components }, (_, component) => read(track, key, component));
  return {
    tag: track.tag,
    interpolation: track.interpolation,
    globalSequenceId: track.globalSequenceId,
    keys: Array.from({ length: track.keyCount }, (_, key) => ({
      frame: trackFrame(track, key),
      value: vector(key, trackValue),
      ...(hasTangents(track.interpolation)
        ? { inTangent: vector(key, trackInTangent), outTangent: vector(key, trackOutTangent) }
        : {}),
    })),
  };
}

const plainNode = (node: Node): NodeFixture => ({
  name: node.name,
  objectId: node.objectId,
  parentId: node.parentId,
  flags: node.flags,
  tracks: node.tracks.map(plainTrack),
});

/** The typed model in the fixture's content shape (and every kept-bytes field, which must be empty). */
function plainModel(model: TypedMdxModel): { content: VersionFixtureContent; unparsed: number } {
  const chunk = <Tag extends Parameters<typeof findParsedChunk>[1]>(tag: Tag) => {
    const parsed = findParsedChunk(model, tag);
    if (parsed === undefined) throw new Error(`no parsed ${tag} chunk`);
    return parsed;
  };
  let unparsed = 0;
  const count = (bytes: Uint8Array) => (unparsed += bytes.byteLength);
  const info = chunk('MODL');
  const content: VersionFixtureContent = {
    version: chunk('VERS') as FixtureVersion,
    modelInfo: {
      name: info.name,
      animationFileName: info.animationFileName,
      extent: plainExtent(info.extent),
      blendTime: info.blendTime,
    },
    sequences: chunk('SEQS').map((sequence) => ({
      name: sequence.name,
      start: sequence.start,
      end: sequence.end,
      moveSpeed: sequence.moveSpeed,
      flags: sequence.flags,
      rarity: sequence.rarity,
      syncPoint: sequence.syncPoint,
      extent: plainExtent(sequence.extent),
    })),
    globalSequences: [...chunk('GLBS')],
    materials: chunk('MTLS').map((material) => {
      count(material.unparsedBytes);
      return {
        priorityPlane: material.priorityPlane,
        flags: material.flags,
        shader: material.shader,
        layers: material.layers.map((layer) => {
          count(layer.unparsedBytes);
          return {
            filterMode: layer.filterMode,
            shadingFlags: layer.shadingFlags,
            textureId: layer.textureId,
            textureAnimationId: layer.textureAnimationId,
            coordId: layer.coordId,
            alpha: layer.alpha,
            emissiveGain: layer.emissiveGain,
            fresnelColor: [...layer.fresnelColor],
            fresnelOpacity: layer.fresnelOpacity,
            fresnelTeamColor: layer.fresnelTeamColor,
            shaderTypeId: layer.shaderTypeId,
            textures: layer.textures.map((slot) => ({
              textureId: slot.textureId,
              slot: slot.slot,
              textureIdTrack: slot.textureIdTrack ? plainTrack(slot.textureIdTrack) : null,
            })),
            tracks: layer.tracks.map(plainTrack),
          };
        }),
      };
    }),
    textures: chunk('TEXS').map((texture) => ({
      replaceableId: texture.replaceableId,
      fileName: texture.fileName,
      flags: texture.flags,
    })),
    geosets: chunk('GEOS').map((geoset) => {
      count(geoset.unparsedBytes);
      return {
        vertices: [...geoset.vertices],
        normals: [...geoset.normals],
        faceTypeGroups: [...geoset.faceTypeGroups],
        faceGroups: [...geoset.faceGroups],
        faces: [...geoset.faces],
        vertexGroups: [...geoset.vertexGroups],
        matrixGroups: [...geoset.matrixGroups],
        matrixIndices: [...geoset.matrixIndices],
        materialId: geoset.materialId,
        selectionGroup: geoset.selectionGroup,
        selectionFlags: geoset.selectionFlags,
        lod: geoset.lod,
        lodName: geoset.lodName,
        extent: plainExtent(geoset.extent),
        sequenceExtents: geoset.sequenceExtents.map(plainExtent),
        tangents: geoset.tangents ? [...geoset.tangents] : null,
        skin: geoset.skin ? [...geoset.skin] : null,
        textureCoordinateSets: geoset.textureCoordinateSets.map((set) => [...set]),
      };
    }),
    geosetAnimations: chunk('GEOA').map((animation) => {
      count(animation.unparsedBytes);
      return {
        alpha: animation.alpha,
        flags: animation.flags,
        color: [...animation.color],
        geosetId: animation.geosetId,
        tracks: animation.tracks.map(plainTrack),
      };
    }),
    bones: chunk('BONE').map((bone) => {
      count(bone.node.unparsedBytes);
      return { node: plainNode(bone.node), geosetId: bone.geosetId, geosetAnimationId: bone.geosetAnimationId };
    }),
    lights: chunk('LITE').map((light) => {
      count(light.unparsedBytes);
      count(light.node.unparsedBytes);
      // 1200+ only: an 1100 light has no shadow intensity, and reads as 0.
      expect(light.shadowIntensity).toBe(0);
      return {
        node: plainNode(light.node),
        type: light.type,
        attenuationStart: light.attenuationStart,
        attenuationEnd: light.attenuationEnd,
        color: [...light.color],
        intensity: light.intensity,
        ambientColor: [...light.ambientColor],
        ambientIntensity: light.ambientIntensity,
        tracks: light.tracks.map(plainTrack),
      };
    }),
    helpers: chunk('HELP').map((helper) => {
      count(helper.node.unparsedBytes);
      return { node: plainNode(helper.node) };
    }),
    pivots: [...chunk('PIVT')],
    bindPoses: [...chunk('BPOS')],
  };
  return { content, unparsed };
}

function same(left: Uint8Array, right: Uint8Array): boolean {
  return left.byteLength === right.byteLength && left.every((byte, index) => byte === right[index]);
}

describe.each(VERSIONS)('version %i fixture (built from the specification)', (version) => {
  const { content, bytes } = versionFixture(version);

  it('is read with every chunk typed and no diagnostic', () => {
    const model = readMdxModel(bytes, { verify: true });
    expect(model.version).toBe(version);
    expect(model.chunks.map((chunk) => [chunk.tag, 'parsed' in chunk])).toEqual(
      ['VERS', 'MODL', 'SEQS', 'GLBS', 'MTLS', 'TEXS', 'GEOS', 'GEOA', 'BONE', 'LITE', 'HELP', 'PIVT', 'BPOS'].map(
        (tag) => [tag, true],
      ),
    );
    expect(model.diagnostics).toEqual([]);
  });

  it('reads every field as the builder meant, with no byte left unparsed', () => {
    const { content: read, unparsed } = plainModel(readMdxModel(bytes));
    expect(read).toEqual(content);
    expect(unparsed).toBe(0);
  });

  it('writes the bytes back identical', () => {
    expect(same(writeMdxModel(readMdxModel(bytes)), bytes)).toBe(true);
    expect(same(writeMdxModel(readMdxModel(bytes, { verify: true })), bytes)).toBe(true);
  });

  it("keeps the version's rules: what the version has is there, what it lacks is the default", () => {
    const materials = plainModel(readMdxModel(bytes)).content.materials;
    const first = materials[0]!.layers[0]!;
    const tags = first.tracks.map((track) => track.tag);
    if (version === 900) {
      expect(materials.map((material) => material.shader)).toEqual([
        'Shader_HD_DefaultUnit',
        'Shader_SD_FixedFunction',
      ]);
      expect(first.textures).toEqual([]);
      expect(tags).toEqual(['KMTF', 'KMTA', 'KMTE']);
    } else {
      expect(materials.map((material) => material.shader)).toEqual(['', '']);
      expect(first.textures.map((slot) => [slot.slot, slot.textureIdTrack?.tag ?? null])).toEqual([
        [0, null],
        [1, 'KMTF'],
        [2, null],
      ]);
      expect(tags).toEqual(['KMTA', 'KMTE', 'KFC3', 'KFCA', 'KFTC']);
    }
    // Every interpolation kind is exercised, with and without a global sequence.
    const tracks = [
      ...content.bones.flatMap((bone) => bone.node.tracks),
      ...content.materials.flatMap((material) => material.layers.flatMap((layer) => layer.tracks)),
    ];
    expect(new Set(tracks.map((track) => track.interpolation))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(tracks.map((track) => track.globalSequenceId))).toEqual(new Set([-1, 0]));
  });

  it('converts MDX → MDL → MDX back to identical bytes, with no warning', () => {
    const mdl = convertModel(bytes, 'mdx', 'mdl');
    expect(mdl.warnings).toEqual([]);
    const text = new TextDecoder('latin1').decode(mdl.bytes);
    // The version-specific content is in the text, not only in the bytes it came from.
    expect(text).toContain(`FormatVersion ${version}`);
    expect(text).toContain('Body_LOD1');
    expect(text).toMatch(/Tangents 4/);
    const back = convertModel(mdl.bytes, 'mdl', 'mdx');
    expect(back.warnings).toEqual([]);
    expect(back.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(same(back.bytes, bytes)).toBe(true);
  });

  it('is refused or damaged when read as the other version: the rules differ', () => {
    // The VERS body is the 4 bytes after 'MDLX', 'VERS' and its size.
    const relabelled = bytes.slice();
    new DataView(relabelled.buffer).setUint32(12, version === 900 ? 1100 : 900, true);
    const model = readMdxModel(relabelled);
    expect(model.chunks.find((chunk) => chunk.tag === 'MTLS')).not.toHaveProperty('parsed');
    // Kept as bytes, so it still writes back as read.
    expect(same(writeMdxModel(model), relabelled)).toBe(true);
  });
});

describe('version 900 fixture in mdx-m3-viewer (a third reader)', () => {
  it('reads the same geosets, materials, tracks, light and bind poses as the builder wrote', () => {
    // mdx-m3-viewer 5.12 knows 900 (not 1100's texture slots): its reading agrees with the builder's rules.
    const { content, bytes } = versionFixture(900);
    const viewer = new parsers.mdlx.Model();
    viewer.load(bytes);
    const keys = (animations: { name: string; interpolationType: number; globalSequenceId: number }[]) =>
      animations.map((animation) => [animation.name, animation.interpolationType, animation.globalSequenceId]);
    const expectedKeys = (tracks: TrackFixture[]) =>
      tracks.map((track) => [track.tag, track.interpolation, track.globalSequenceId]);
    expect(viewer.version).toBe(900);
    expect(
      viewer.geosets.map((geoset) => ({
        vertices: [...geoset.vertices],
        lod: geoset.lod,
        lodName: geoset.lodName,
        tangents: [...geoset.tangents],
        skin: [...geoset.skin],
        sets: geoset.uvSets.map((set) => [...set]),
      })),
    ).toEqual(
      content.geosets.map((geoset) => ({
        vertices: geoset.vertices,
        lod: geoset.lod,
        lodName: geoset.lodName,
        tangents: geoset.tangents ?? [],
        skin: geoset.skin ?? [],
        sets: geoset.textureCoordinateSets,
      })),
    );
    expect(
      viewer.materials.map((material) => ({
        shader: material.shader,
        layers: material.layers.map((layer) => ({
          emissiveGain: layer.emissiveGain,
          fresnel: [...layer.fresnelColor, layer.fresnelOpacity, layer.fresnelTeamColor],
          tracks: keys(layer.animations),
        })),
      })),
    ).toEqual(
      content.materials.map((material) => ({
        shader: material.shader,
        layers: material.layers.map((layer) => ({
          emissiveGain: layer.emissiveGain,
          fresnel: [...layer.fresnelColor, layer.fresnelOpacity, layer.fresnelTeamColor],
          tracks: expectedKeys(layer.tracks),
        })),
      })),
    );
    expect(viewer.bones.map((bone) => keys(bone.animations))).toEqual(
      content.bones.map((bone) => expectedKeys(bone.node.tracks)),
    );
    const light = viewer.lights[0]!;
    expect([light.type, ...light.attenuation, ...light.color, light.intensity, light.ambientIntensity]).toEqual([
      1, 80, 200, 1, 0.5, 0.25, 2.5, 0.75,
    ]);
    expect(viewer.bindPose.flatMap((matrix) => [...matrix])).toEqual(content.bindPoses);
  });
});
