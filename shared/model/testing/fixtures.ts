/**
 * A model with every chunk kind, for any format version — built byte by byte from the
 * specification (`specs/mdx-format-thread.txt`) and the version rules below, independently of the
 * typed model's readers, writers and of `mdxLayout`. The corpus has no version 900 or 1100 model;
 * these fixtures stand in for them.
 *
 * {@link fullModelSpec} gives the content in the typed model's shape (plain arrays, tracks as
 * keys), with the defaults the reader gives for fields a version lacks; `fullModelBytes`
 * (./fixture-bytes.ts) encodes it. A test reads the bytes and compares the model with the spec.
 */

/** The version rules, written out here on their own (the reader decides them in shared/model/versions.ts). */
export function fixtureRules(version: number) {
  return {
    /** CORN, FAFX, BPOS; geoset lod, lodName, TANG, SKIN; the six Reforged layer floats (the client reads them from
     * 900 on). */
    reforged: version >= 900,
    /** A material's char[80] shader: in 900 and 1000 (a 1000 corpus model has it, the 1200 one does not). */
    shaderName: version === 900 || version === 1000,
    /** A layer's shaderTypeId and texture slots, each slot optionally followed by a KMTF track. */
    textureSlots: version >= 1100,
    /** A light's shadowIntensity. */
    lightShadow: version >= 1200,
  };
}

/** A track as keys. */
export interface TrackSpec {
  tag: string;
  interpolation: number;
  globalSequenceId: number;
  keys: { frame: number; value: number[]; inTangent?: number[]; outTangent?: number[] }[];
}

function track(tag: string, interpolation: number, components: number, keyCount: number, seed: number): TrackSpec {
  const integer = tag === 'KMTF' || tag === 'KRTX';
  const number = (key: number, component: number, part: number) =>
    integer ? seed + key + component : seed + key * 10 + component + part * 0.25;
  const vector = (key: number, part: number) =>
    Array.from({ length: components }, (_, component) => number(key, component, part));
  return {
    tag,
    interpolation,
    globalSequenceId: seed % 3 === 0 ? 1 : -1,
    keys: Array.from({ length: keyCount }, (_, key) => ({
      frame: key === 0 && seed % 2 === 1 ? -33 : key * 100 + seed,
      value: vector(key, 0),
      ...(interpolation > 1 ? { inTangent: vector(key, 1), outTangent: vector(key, 2) } : {}),
    })),
  };
}

/** A 1100+ layer's texture slot. */
export interface TextureSlotSpec {
  textureId: number;
  slot: number;
  textureIdTrack: TrackSpec | null;
}

/** An extent of `radius`. */
const extent = (radius: number) => ({ boundsRadius: radius, minimum: [-radius, -1, 0], maximum: [radius, 1, 2] });

/** A node's fields, in the typed model's shape. */
export function node(name: string, objectId: number, parentId: number, flags: number, tracks: TrackSpec[] = []) {
  return { name, objectId, parentId, flags, tracks, unparsedBytes: [] as number[] };
}

/** The content of the fixture for `version`, in the typed model's shape. */
export function fullModelSpec(version: number) {
  const rules = fixtureRules(version);
  const layer = (index: number, tracks: TrackSpec[], textures: TextureSlotSpec[]) => ({
    filterMode: index + 1,
    shadingFlags: 0x10 | index,
    textureId: index,
    textureAnimationId: index === 0 ? 0 : -1,
    coordId: 0,
    alpha: 0.75,
    emissiveGain: rules.reforged ? 0.5 : 1,
    fresnelColor: rules.reforged ? [0.25, 0.5, 1] : [1, 1, 1],
    fresnelOpacity: rules.reforged ? 0.125 : 0,
    fresnelTeamColor: rules.reforged ? 0.625 : 0,
    shaderTypeId: rules.textureSlots ? 1 : 0,
    textures: rules.textureSlots ? textures : [],
    tracks,
    unparsedBytes: [] as number[],
  });
  let id = 0;
  const next = () => id++;
  const bones = [
    {
      node: node('Root', next(), -1, 0x100, [
        track('KGTR', 0, 3, 2, 1),
        track('KGRT', 1, 4, 3, 2),
        track('KGSC', 2, 3, 2, 3),
      ]),
      geosetId: 0,
      geosetAnimationId: -1,
    },
    { node: node('Arm', next(), 0, 0x100, [track('KGRT', 3, 4, 2, 4)]), geosetId: -1, geosetAnimationId: 0 },
  ];
  const lights = [
    {
      node: node('Lamp', next(), 0, 0x200),
      type: 1,
      attenuationStart: 80,
      attenuationEnd: 200,
      color: [1, 0.5, 0.25],
      intensity: 3,
      ambientColor: [0.5, 0.5, 0.5],
      ambientIntensity: 0.25,
      shadowIntensity: rules.lightShadow ? 0.375 : 0,
      tracks: [track('KLAI', 1, 1, 2, 5), track('KLBC', 2, 3, 1, 6)],
      unparsedBytes: [] as number[],
    },
  ];
  const helpers = [{ node: node('Helper', next(), 1, 0) }];
  const attachments = [
    {
      node: node('Hand Right Ref', next(), 1, 0x800),
      path: '',
      attachmentId: 3,
      tracks: [track('KATV', 0, 1, 2, 7)],
      unparsedBytes: [] as number[],
    },
  ];
  const particleEmitters = [
    {
      node: node('Emitter', next(), -1, 0x1000 | 0x8000),
      emissionRate: 10,
      gravity: 1,
      longitude: 0.5,
      latitude: 0.25,
      spawnModelFileName: 'Abilities\\Spells\\Thing.mdl',
      lifespan: 2,
      initialVelocity: 30,
      tracks: [track('KPEV', 0, 1, 2, 8)],
      unparsedBytes: [] as number[],
    },
  ];
  const particleEmitters2 = [
    {
      node: node('Emitter2', next(), -1, 0x1000 | 0x100000),
      speed: 100,
      variation: 0.5,
      latitude: 0.25,
      gravity: 9,
      lifespan: 1.5,
      emissionRate: 20,
      length: 30,
      width: 40,
      filterMode: 1,
      rows: 4,
      columns: 2,
      headOrTail: 2,
      tailLength: 1.25,
      time: 0.5,
      segmentColors: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      segmentAlphas: [255, 128, 0],
      segmentScaling: [1, 2, 3],
      headInterval: [0, 3, 1],
      headDecayInterval: [4, 7, 1],
      tailInterval: [0, 1, 1],
      tailDecayInterval: [2, 3, 1],
      textureId: 1,
      squirt: 1,
      priorityPlane: -2,
      replaceableId: 0,
      tracks: [track('KP2V', 0, 1, 2, 9), track('KP2E', 1, 1, 2, 10)],
      unparsedBytes: [] as number[],
    },
  ];
  const popcornEmitters = rules.reforged
    ? [
        {
          node: node('Popcorn', next(), -1, 0),
          lifespan: 2,
          emissionRate: 5,
          speed: 3,
          color: [1, 1, 0],
          alpha: 0.5,
          replaceableId: 1,
          path: 'Effects\\Thing.pkfx',
          animationVisibilityGuide: 'Always=on, Death=off',
          tracks: [track('KPPV', 0, 1, 1, 11), track('KPPC', 1, 3, 2, 12)],
          unparsedBytes: [] as number[],
        },
      ]
    : [];
  const ribbonEmitters = [
    {
      node: node('Ribbon', next(), 0, 0x4000),
      heightAbove: 10,
      heightBelow: 5,
      alpha: 1,
      color: [0.5, 0.5, 1],
      lifespan: 0.75,
      textureSlot: 0,
      emissionRate: 30,
      rows: 1,
      columns: 1,
      materialId: 1,
      gravity: 0,
      tracks: [track('KRTX', 0, 1, 2, 13), track('KRVS', 1, 1, 2, 14)],
      unparsedBytes: [] as number[],
    },
  ];
  const eventObjects = [
    {
      node: node('SNDxABCD', next(), 0, 0x400, [track('KGTR', 1, 3, 1, 15)]),
      keys: { globalSequenceId: 0, frames: [100, 200] },
    },
    { node: node('MRFx0001', next(), -1, 0x400), keys: null },
  ];
  const collisionShapes = [
    { node: node('Box', next(), -1, 0x2000), type: 0, vertices: [-1, -1, -1, 1, 1, 1], radius: null },
    { node: node('Plane', next(), -1, 0x2000), type: 1, vertices: [-2, -2, 0, 2, 2, 0], radius: null },
    { node: node('Ball', next(), -1, 0x2000), type: 2, vertices: [0, 0, 5], radius: 5 },
    { node: node('Can', next(), -1, 0x2000), type: 3, vertices: [0, 0, 0, 0, 0, 10], radius: 2 },
  ];
  const nodeCount = id;
  const vertexCount = 5;
  return {
    version,
    nodeCount,
    modelInfo: { name: 'FullModel', animationFileName: '', extent: extent(50), blendTime: 150 },
    sequences: [
      {
        name: 'Stand',
        start: 0,
        end: 1000,
        moveSpeed: 0,
        flags: 0,
        nonLooping: false,
        rarity: 0,
        syncPoint: 0,
        extent: extent(40),
      },
      {
        name: 'Death',
        start: 2000,
        end: 3000,
        moveSpeed: 270,
        flags: 1,
        nonLooping: true,
        rarity: 0.5,
        syncPoint: 0,
        extent: extent(30),
      },
    ],
    globalSequences: [500, 1200],
    materials: [
      {
        priorityPlane: 0,
        flags: 0,
        shader: rules.shaderName ? 'Shader_HD_DefaultUnit' : '',
        layers: [layer(0, [track('KMTA', 2, 1, 2, 16)], [{ textureId: 0, slot: 0, textureIdTrack: null }])],
        unparsedBytes: [] as number[],
      },
      {
        priorityPlane: -1,
        flags: 0x10,
        shader: rules.shaderName ? 'Shader_SD_FixedFunction' : '',
        layers: [
          layer(0, [], [{ textureId: 0, slot: 0, textureIdTrack: null }]),
          layer(
            1,
            // From 1100 on a layer's animated texture id is its slot's KMTF, right after the slot.
            [
              ...(rules.textureSlots ? [] : [track('KMTF', 0, 1, 2, 17)]),
              ...(rules.reforged ? [track('KMTE', 1, 1, 2, 18)] : []),
            ],
            [
              { textureId: 1, slot: 0, textureIdTrack: track('KMTF', 0, 1, 2, 19) },
              { textureId: 0, slot: 5, textureIdTrack: null },
            ],
          ),
        ],
        unparsedBytes: [] as number[],
      },
    ],
    textures: [
      { replaceableId: 1, fileName: '', flags: 0 },
      { replaceableId: 0, fileName: 'Textures\\Thing.blp', flags: 3 },
    ],
    soundTracks: [{ fileName: 'Sound\\Thing.wav', volume: 0.5, pitch: 1, flags: 2 }],
    textureAnimations: [
      { tracks: [track('KTAT', 1, 3, 2, 20), track('KTAR', 3, 4, 2, 21)], unparsedBytes: [] as number[] },
    ],
    geosets: [
      {
        vertices: Array.from({ length: vertexCount * 3 }, (_, index) => index * 0.5),
        normals: Array.from({ length: vertexCount * 3 }, (_, index) => (index % 3 === 2 ? 1 : 0)),
        faceTypeGroups: [4],
        faceGroups: [3],
        faces: [0, 1, 2],
        vertexGroups: [0, 0, 1, 1, 0],
        matrixGroups: [1, 2],
        matrixIndices: [0, 0, 1],
        materialId: 1,
        selectionGroup: 2,
        selectionFlags: 4,
        lod: rules.reforged ? 1 : 0,
        lodName: rules.reforged ? 'Body LOD1' : '',
        extent: extent(20),
        sequenceExtents: [extent(21), extent(22)],
        tangents: rules.reforged
          ? Array.from({ length: vertexCount * 4 }, (_, index) => (index % 4 === 3 ? -1 : 0.5))
          : null,
        skin: rules.reforged
          ? Array.from({ length: vertexCount * 8 }, (_, index) => (index % 8 === 4 ? 255 : index % 2))
          : null,
        textureCoordinateSets: [
          Array.from({ length: vertexCount * 2 }, (_, index) => index / 8),
          Array.from({ length: vertexCount * 2 }, (_, index) => 1 - index / 8),
        ],
        unparsedBytes: [] as number[],
      },
    ],
    geosetAnimations: [
      {
        alpha: 1,
        flags: 2,
        color: [1, 0.5, 0],
        geosetId: 0,
        tracks: [track('KGAO', 0, 1, 3, 22), track('KGAC', 1, 3, 1, 23)],
        unparsedBytes: [] as number[],
      },
    ],
    bones,
    lights,
    helpers,
    attachments,
    pivots: Array.from({ length: nodeCount * 3 }, (_, index) => index),
    particleEmitters,
    particleEmitters2,
    popcornEmitters,
    ribbonEmitters,
    eventObjects,
    cameras: [
      {
        name: 'Camera01',
        position: [100, 0, 50],
        fieldOfView: 0.75,
        farClippingPlane: 5000,
        nearClippingPlane: 8,
        targetPosition: [0, 0, 40],
        tracks: [track('KCTR', 1, 3, 2, 24), track('KCRL', 0, 1, 2, 25)],
        unparsedBytes: [] as number[],
      },
    ],
    collisionShapes,
    faceEffects: rules.reforged ? [{ target: 'Node', path: 'Faces\\Thing.facefx' }] : [],
    bindPoses: rules.reforged
      ? Array.from({ length: (nodeCount + 1) * 12 }, (_, index) => (index % 12 < 9 ? Number(index % 4 === 0) : index))
      : [],
  };
}

/** The content of a fixture. */
export type FullModelSpec = ReturnType<typeof fullModelSpec>;
