/**
 * Models of versions 900 (the Reforged beta) and 1100 (Reforged 1.32, texture slots), which the
 * corpus has none of, built byte by byte from the specification (`specs/mdx-format-thread.txt`)
 * with a byte builder of their own — independently of the typed model's readers and writers, of
 * `mdxLayout` and of the other fixture builder (./fixture-bytes.ts), so that a version rule
 * misread in one of those shows up here as a disagreement.
 *
 * {@link versionFixtureContent} gives the content (plain values in the typed model's shape, every
 * float exact in float32); `versionFixture` (./fixture-900-1100-bytes.ts) adds its bytes. The
 * content exercises what differs between versions: geosets with levels of detail, names, tangents
 * and skin weights; materials with a shader name (900) or layers with texture slots (1100) and the
 * Reforged layer fields and tracks; nodes (bones, a light, a helper) with tracks of every
 * interpolation kind and global sequences; pivots and bind poses.
 */

/** The two versions the fixtures stand in for. */
export type FixtureVersion = 900 | 1100;

/** The version rules of the specification, written out here on their own. */
export function fixtureVersionRules(version: FixtureVersion) {
  return {
    /** Material char[80] shader: 900 and 1000 only (1100 dropped it when layers gained texture slots). */
    materialShader: version < 1100,
    /** Layer KFC3, KFCA, KFTC tracks: `version > 900` in the specification. */
    fresnelTracks: version > 900,
    /** Layer uint32 shaderTypeId, uint32 count, (int32 textureId, uint32 slot, optional KMTF)[count]: 1100+. */
    textureSlots: version >= 1100,
  };
}

/** A track as its keys. */
export interface TrackFixture {
  tag: string;
  interpolation: number;
  globalSequenceId: number;
  keys: { frame: number; value: number[]; inTangent?: number[]; outTangent?: number[] }[];
}

/** An extent: bounds radius, minimum, maximum. */
export interface ExtentFixture {
  boundsRadius: number;
  minimum: number[];
  maximum: number[];
}

/** A node's header and tracks. */
export interface NodeFixture {
  name: string;
  objectId: number;
  parentId: number;
  flags: number;
  tracks: TrackFixture[];
}

/** A 1100 layer texture slot. */
export interface TextureSlotFixture {
  textureId: number;
  slot: number;
  textureIdTrack: TrackFixture | null;
}

/** A layer. */
export interface LayerFixture {
  filterMode: number;
  shadingFlags: number;
  textureId: number;
  textureAnimationId: number;
  coordId: number;
  alpha: number;
  emissiveGain: number;
  fresnelColor: number[];
  fresnelOpacity: number;
  fresnelTeamColor: number;
  shaderTypeId: number;
  textures: TextureSlotFixture[];
  tracks: TrackFixture[];
}

/** A geoset. */
export interface GeosetFixture {
  vertices: number[];
  normals: number[];
  faceTypeGroups: number[];
  faceGroups: number[];
  faces: number[];
  vertexGroups: number[];
  matrixGroups: number[];
  matrixIndices: number[];
  materialId: number;
  selectionGroup: number;
  selectionFlags: number;
  lod: number;
  lodName: string;
  extent: ExtentFixture;
  sequenceExtents: ExtentFixture[];
  tangents: number[] | null;
  skin: number[] | null;
  textureCoordinateSets: number[][];
}

/** The whole content of a fixture, in the typed model's shape with plain arrays. */
export interface VersionFixtureContent {
  version: FixtureVersion;
  modelInfo: { name: string; animationFileName: string; extent: ExtentFixture; blendTime: number };
  sequences: {
    name: string;
    start: number;
    end: number;
    moveSpeed: number;
    flags: number;
    rarity: number;
    syncPoint: number;
    extent: ExtentFixture;
  }[];
  globalSequences: number[];
  materials: { priorityPlane: number; flags: number; shader: string; layers: LayerFixture[] }[];
  textures: { replaceableId: number; fileName: string; flags: number }[];
  geosets: GeosetFixture[];
  geosetAnimations: { alpha: number; flags: number; color: number[]; geosetId: number; tracks: TrackFixture[] }[];
  bones: { node: NodeFixture; geosetId: number; geosetAnimationId: number }[];
  lights: {
    node: NodeFixture;
    type: number;
    attenuationStart: number;
    attenuationEnd: number;
    color: number[];
    intensity: number;
    ambientColor: number[];
    ambientIntensity: number;
    tracks: TrackFixture[];
  }[];
  helpers: { node: NodeFixture }[];
  pivots: number[];
  bindPoses: number[];
}

/** Interpolation kinds as the specification numbers them. */
const DONT_INTERPOLATE = 0;
const LINEAR = 1;
const HERMITE = 2;
const BEZIER = 3;
/** Node kind flags (the node's flags field). */
const HELPER_FLAG = 0x0;
const BONE_FLAG = 0x100;
const LIGHT_FLAG = 0x200;
const BILLBOARDED = 0x8;
const DONT_INHERIT_ROTATION = 0x2;
/** Face type 4: triangles. */
const TRIANGLES = 4;

/** Keys at `frames`, each component `base + key + component / 4` (tangents offset by 1/8 and 1/16). */
function track(
  tag: string,
  interpolation: number,
  globalSequenceId: number,
  frames: number[],
  components: number,
  base: number,
  integer = false,
): TrackFixture {
  const vector = (key: number, offset: number) =>
    Array.from({ length: components }, (_, component) =>
      integer ? base + key + component : base + key + component / 4 + offset,
    );
  return {
    tag,
    interpolation,
    globalSequenceId,
    keys: frames.map((frame, key) => ({
      frame,
      value: vector(key, 0),
      ...(interpolation >= HERMITE ? { inTangent: vector(key, 0.125), outTangent: vector(key, 0.0625) } : {}),
    })),
  };
}

const extent = (radius: number): ExtentFixture => ({
  boundsRadius: radius,
  minimum: [-radius, -radius / 2, 0],
  maximum: [radius, radius / 2, radius * 2],
});

function layers(version: FixtureVersion): LayerFixture[] {
  const rules = fixtureVersionRules(version);
  const common = {
    textureAnimationId: -1,
    coordId: 0,
    shaderTypeId: 0,
    textures: [] as TextureSlotFixture[],
  };
  const fresnelTracks = rules.fresnelTracks
    ? [
        track('KFC3', LINEAR, -1, [0, 500], 3, 0.25),
        track('KFCA', HERMITE, -1, [100], 1, 0.5),
        track('KFTC', BEZIER, 0, [0, 250], 1, 0.75),
      ]
    : [];
  const first: LayerFixture = {
    ...common,
    filterMode: 2,
    shadingFlags: 0x10 | 0x100,
    textureId: 0,
    alpha: 1,
    emissiveGain: 0.5,
    fresnelColor: [0.25, 0.5, 0.75],
    fresnelOpacity: 0.125,
    fresnelTeamColor: 0.375,
    tracks: [
      ...(rules.textureSlots ? [] : [track('KMTF', DONT_INTERPOLATE, -1, [0, 400], 1, 0, true)]),
      track('KMTA', LINEAR, -1, [0, 200, 700], 1, 0.5),
      track('KMTE', HERMITE, 0, [50, 950], 1, 2),
      ...fresnelTracks,
    ],
  };
  if (rules.textureSlots) {
    first.shaderTypeId = 1;
    first.textures = [
      { textureId: 0, slot: 0, textureIdTrack: null },
      { textureId: 1, slot: 1, textureIdTrack: track('KMTF', DONT_INTERPOLATE, -1, [0, 400], 1, 1, true) },
      { textureId: 1, slot: 2, textureIdTrack: null },
    ];
  }
  const second: LayerFixture = {
    ...common,
    filterMode: 3,
    shadingFlags: 0x1,
    textureId: 1,
    textureAnimationId: 0,
    coordId: 1,
    alpha: 0.75,
    emissiveGain: 1,
    fresnelColor: [1, 1, 1],
    fresnelOpacity: 0,
    fresnelTeamColor: 0,
    tracks: [],
  };
  if (rules.textureSlots) second.textures = [{ textureId: 1, slot: 0, textureIdTrack: null }];
  return [first, second];
}

function geosets(version: FixtureVersion): GeosetFixture[] {
  const body: GeosetFixture = {
    vertices: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5],
    normals: [0, 0, 1, 0, 0, 1, 0, 0.5, 0.75, 0, 0, -1],
    faceTypeGroups: [TRIANGLES],
    faceGroups: [6],
    faces: [0, 1, 2, 0, 2, 3],
    vertexGroups: [0, 0, 1, 1],
    matrixGroups: [1, 2],
    matrixIndices: [0, 0, 1],
    materialId: 0,
    selectionGroup: 0,
    selectionFlags: 0,
    lod: 0,
    lodName: 'Body_LOD0',
    extent: extent(2),
    sequenceExtents: [extent(2), extent(4)],
    tangents: [1, 0, 0, 1, 1, 0, 0, -1, 0, 1, 0, 1, 0.5, 0.5, 0, 1],
    // Four bone indices then four weights (out of 255) per vertex.
    skin: [0, 0, 0, 0, 255, 0, 0, 0, 0, 1, 0, 0, 128, 127, 0, 0, 1, 0, 0, 0, 255, 0, 0, 0, 1, 0, 0, 0, 255, 0, 0, 0],
    textureCoordinateSets: [
      [0, 0, 1, 0, 1, 1, 0, 1],
      [0.5, 0.5, 0.75, 0.5, 0.75, 0.75, 0.5, 0.75],
    ],
  };
  const lowDetail: GeosetFixture = {
    vertices: [0, 0, 0, 2, 0, 0, 0, 2, 0],
    normals: [0, 0, 1, 0, 0, 1, 0, 0, 1],
    faceTypeGroups: [TRIANGLES],
    faceGroups: [3],
    faces: [0, 1, 2],
    vertexGroups: [0, 0, 0],
    matrixGroups: [1],
    matrixIndices: [1],
    materialId: 1,
    selectionGroup: 2,
    selectionFlags: 0x4,
    lod: 1,
    lodName: 'Body_LOD1',
    extent: extent(1),
    sequenceExtents: [extent(1), extent(1)],
    // 900: a geoset may leave out TANG and SKIN; 1100 (as the game exports) has both.
    tangents: version === 900 ? null : [1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1],
    skin: version === 900 ? null : [1, 0, 0, 0, 255, 0, 0, 0, 1, 0, 0, 0, 255, 0, 0, 0, 1, 0, 0, 0, 255, 0, 0, 0],
    textureCoordinateSets: [[0, 0, 1, 0, 0, 1]],
  };
  return [body, lowDetail];
}

/** The content of the fixture of `version`. */
export function versionFixtureContent(version: FixtureVersion): VersionFixtureContent {
  const rules = fixtureVersionRules(version);
  const nodeCount = 4;
  return {
    version,
    modelInfo: { name: `Reforged${version}`, animationFileName: '', extent: extent(8), blendTime: 150 },
    sequences: [
      { name: 'Stand', start: 0, end: 1000, moveSpeed: 0, flags: 0, rarity: 0, syncPoint: 0, extent: extent(8) },
      {
        name: 'Death',
        start: 1500,
        end: 2500,
        moveSpeed: 0.5,
        flags: 1,
        rarity: 0.25,
        syncPoint: 0,
        extent: extent(4),
      },
    ],
    globalSequences: [1200],
    materials: [
      {
        priorityPlane: 0,
        flags: 0,
        shader: rules.materialShader ? 'Shader_HD_DefaultUnit' : '',
        layers: layers(version),
      },
      { priorityPlane: -1, flags: 0x20, shader: rules.materialShader ? 'Shader_SD_FixedFunction' : '', layers: [] },
    ],
    textures: [
      { replaceableId: 0, fileName: 'Textures\\Reforged_diffuse.dds', flags: 3 },
      { replaceableId: 1, fileName: '', flags: 0 },
    ],
    geosets: geosets(version),
    geosetAnimations: [
      {
        alpha: 1,
        // Drop shadow and use colour (it has a colour track).
        flags: 3,
        color: [0.25, 0.5, 1],
        geosetId: 0,
        tracks: [track('KGAO', LINEAR, -1, [0, 1500], 1, 0), track('KGAC', BEZIER, -1, [0, 900], 3, 0.5)],
      },
    ],
    bones: [
      {
        node: {
          name: 'Bone_Root',
          objectId: 0,
          parentId: -1,
          flags: BONE_FLAG,
          tracks: [
            track('KGTR', LINEAR, -1, [0, 333, 1000], 3, 1),
            track('KGRT', HERMITE, -1, [0, 500], 4, 0.5),
            track('KGSC', BEZIER, 0, [0, 600], 3, 1),
          ],
        },
        geosetId: 0,
        geosetAnimationId: 0,
      },
      {
        node: {
          name: 'Bone_Head',
          objectId: 1,
          parentId: 0,
          flags: BONE_FLAG | BILLBOARDED | DONT_INHERIT_ROTATION,
          tracks: [track('KGTR', DONT_INTERPOLATE, -1, [1500, 2000], 3, -2)],
        },
        geosetId: -1,
        geosetAnimationId: -1,
      },
    ],
    lights: [
      {
        node: { name: 'Light_Glow', objectId: 2, parentId: 1, flags: LIGHT_FLAG, tracks: [] },
        type: 1,
        attenuationStart: 80,
        attenuationEnd: 200,
        color: [1, 0.5, 0.25],
        intensity: 2.5,
        ambientColor: [0.125, 0.25, 0.5],
        ambientIntensity: 0.75,
        tracks: [track('KLAV', DONT_INTERPOLATE, -1, [0, 1500], 1, 1), track('KLAC', LINEAR, 0, [0, 800], 3, 0.25)],
      },
    ],
    helpers: [{ node: { name: 'Helper_Weapon', objectId: 3, parentId: 0, flags: HELPER_FLAG, tracks: [] } }],
    pivots: Array.from({ length: nodeCount * 3 }, (_, index) => index * 0.5),
    // One 3×4 matrix per node (rotation then translation): identity rotations, the pivot as translation.
    bindPoses: Array.from({ length: nodeCount }, (_, node) => [
      1,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      node * 1.5,
      node,
      0.5,
    ]).flat(),
  };
}
