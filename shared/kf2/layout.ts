/**
 * KF2 chunk ids, names and the versions the spec defines for each — the one table of version
 * differences the readers consult.
 */

/** Top-level chunk ids. */
export const KF2_CHUNK = {
  materialList: 0x0001000f,
  mesh: 0x00010005,
  skin: 0x00010014,
  keyframeAnimation: 0x00010012,
  camera: 0x00010001,
  pointLight: 0x00010002,
  directionalLight: 0x00010003,
  spotLight: 0x00010004,
  environment: 0x00010015,
  helper: 0x00010016,
  pointLightAnimation: 0x00010017,
  directionalLightAnimation: 0x00010018,
  spotLightAnimation: 0x00010019,
} as const;

/** Sub-chunk ids. */
export const KF2_SUB_CHUNK = {
  material: 0x00010010,
  texture: 0x00010011,
  node: 0x00010000,
  geometry: 0x00010006,
  polygons: 0x00010007,
  polygon: 0x00010008,
  polygonMaterial: 0x0001000c,
  uvMapping: 0x0001000e,
  referenceToData: 0x0001001a,
  smoothing: 0x0001000b,
  animation: 0x00010013,
} as const;

/** The spec's name of every chunk and sub-chunk id. */
export const KF2_CHUNK_NAMES: Readonly<Record<number, string>> = {
  [KF2_CHUNK.materialList]: 'Material List',
  [KF2_CHUNK.mesh]: 'Mesh',
  [KF2_CHUNK.skin]: 'Skin',
  [KF2_CHUNK.keyframeAnimation]: 'Keyframe Animation',
  [KF2_CHUNK.camera]: 'Camera',
  [KF2_CHUNK.pointLight]: 'Point Light',
  [KF2_CHUNK.directionalLight]: 'Directional Light',
  [KF2_CHUNK.spotLight]: 'Spot Light',
  [KF2_CHUNK.environment]: 'Environment',
  [KF2_CHUNK.helper]: 'Helper',
  [KF2_CHUNK.pointLightAnimation]: 'Point Light Animation',
  [KF2_CHUNK.directionalLightAnimation]: 'Directional Light Animation',
  [KF2_CHUNK.spotLightAnimation]: 'Spot Light Animation',
  [KF2_SUB_CHUNK.material]: 'Material',
  [KF2_SUB_CHUNK.texture]: 'Texture',
  [KF2_SUB_CHUNK.node]: 'Node',
  [KF2_SUB_CHUNK.geometry]: 'Geometry',
  [KF2_SUB_CHUNK.polygons]: 'Polygons',
  [KF2_SUB_CHUNK.polygon]: 'Polygon',
  [KF2_SUB_CHUNK.polygonMaterial]: 'Polygon Material',
  [KF2_SUB_CHUNK.uvMapping]: 'UV Mapping',
  [KF2_SUB_CHUNK.referenceToData]: 'Reference To Data',
  [KF2_SUB_CHUNK.smoothing]: 'Smoothing',
  [KF2_SUB_CHUNK.animation]: 'Animation',
};

/** The versions the spec defines, by chunk id. Chunks it lists without a layout have none here. */
export const KF2_VERSIONS: Readonly<Record<number, readonly number[]>> = {
  [KF2_CHUNK.materialList]: [0],
  [KF2_CHUNK.mesh]: [1, 2],
  [KF2_CHUNK.skin]: [0, 1],
  [KF2_CHUNK.keyframeAnimation]: [0, 1, 2, 3, 4, 5],
  [KF2_CHUNK.camera]: [0],
  [KF2_CHUNK.environment]: [0],
  [KF2_SUB_CHUNK.material]: [0, 1, 2],
  [KF2_SUB_CHUNK.texture]: [1],
  [KF2_SUB_CHUNK.node]: [0, 1],
  [KF2_SUB_CHUNK.geometry]: [0, 1],
  [KF2_SUB_CHUNK.polygons]: [0, 1],
  [KF2_SUB_CHUNK.polygon]: [0],
  [KF2_SUB_CHUNK.polygonMaterial]: [0, 1],
  [KF2_SUB_CHUNK.uvMapping]: [0, 1],
  [KF2_SUB_CHUNK.referenceToData]: [0],
  [KF2_SUB_CHUNK.smoothing]: [0],
  [KF2_SUB_CHUNK.animation]: [0],
};

/** Top-level chunks the spec lists but gives no layout: kept as bytes, listed by inspect. */
export const KF2_UNDESCRIBED_CHUNKS: readonly number[] = [
  KF2_CHUNK.pointLight,
  KF2_CHUNK.directionalLight,
  KF2_CHUNK.spotLight,
  KF2_CHUNK.helper,
  KF2_CHUNK.pointLightAnimation,
  KF2_CHUNK.directionalLightAnimation,
  KF2_CHUNK.spotLightAnimation,
];

/** `Name` or `chunk 0x00012345`. */
export function kf2ChunkName(id: number): string {
  return KF2_CHUNK_NAMES[id] ?? `chunk 0x${id.toString(16).padStart(8, '0')}`;
}
