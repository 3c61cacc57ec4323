/**
 * A generated MDL model of about a given size, for the tests and the bench that need a large text: a classic
 * (800) model whose bulk is geoset vertices, with a bone, event objects with keys, pivot points and the Model
 * block's counts, in canonical block order, written as Retera's tools write it (tabs, `Parent N,\t// "Name"`).
 */
import { encodeMdlText } from '../text';

/** Bytes of one generated vertex: its Vertices, Normals, TVertices and VertexGroup lines. */
const VERTEX_TEXT_BYTES = 105;
/** Vertices per geoset. */
const GEOSET_VERTICES = 20_000;

/** The text of a generated model of about `targetBytes` bytes, with `eventObjects` event objects. */
export function generatedMdlText(targetBytes: number, eventObjects = 24): string {
  const vertexCount = Math.max(3, Math.round(targetBytes / VERTEX_TEXT_BYTES));
  const geosetCount = Math.ceil(vertexCount / GEOSET_VERTICES);
  const lines: string[] = ['// Generated for the MDL tests', 'Version {', '\tFormatVersion 800,', '}'];
  lines.push('Model "Generated" {', `\tNumGeosets ${geosetCount},`, '\tNumBones 1,', `\tNumEvents ${eventObjects},`);
  lines.push('\tBlendTime 150,', '}');
  lines.push('Sequences 1 {', '\tAnim "Stand" {', '\t\tInterval { 0, 100000 },', '\t}', '}');
  lines.push('Textures 1 {', '\tBitmap {', '\t\tImage "Textures\\Generated.blp",', '\t}', '}');
  for (let geoset = 0; geoset < geosetCount; geoset += 1) {
    const count = Math.min(GEOSET_VERTICES, vertexCount - geoset * GEOSET_VERTICES);
    const vertices: string[] = [];
    const normals: string[] = [];
    const uvs: string[] = [];
    const groups: string[] = [];
    for (let vertex = 0; vertex < count; vertex += 1) {
      const angle = vertex / 7;
      vertices.push(
        `\t\t{ ${(Math.cos(angle) * 50).toFixed(4)}, ${(Math.sin(angle) * 50).toFixed(4)}, ${vertex % 97} },`,
      );
      normals.push(`\t\t{ ${Math.cos(angle).toFixed(5)}, ${Math.sin(angle).toFixed(5)}, 0 },`);
      uvs.push(`\t\t{ ${((vertex % 64) / 64).toFixed(5)}, ${((vertex % 32) / 32).toFixed(5)} },`);
      groups.push('\t\t0,');
    }
    const faces = Array.from({ length: count - 2 }, (_, index) => `${index}, ${index + 1}, ${index + 2}`).join(', ');
    lines.push('Geoset {', `\tVertices ${count} {`, ...vertices, '\t}', `\tNormals ${count} {`, ...normals, '\t}');
    lines.push(`\tTVertices ${count} {`, ...uvs, '\t}', '\tVertexGroup {', ...groups, '\t}');
    lines.push(`\tFaces 1 ${(count - 2) * 3} {`, '\t\tTriangles {', `\t\t\t{ ${faces} },`, '\t\t}', '\t}');
    lines.push('\tGroups 1 1 {', '\t\tMatrices { 0 },', '\t}', '\tMaterialID 0,', '\tSelectionGroup 0,', '}');
  }
  lines.push('Bone "Root" {', '\tObjectId 0,', '\tGeosetId Multiple,', '\tGeosetAnimId None,', '}');
  lines.push(`PivotPoints ${eventObjects + 1} {`);
  for (let node = 0; node <= eventObjects; node += 1) lines.push(`\t{ ${node}, 0, 0 },`);
  lines.push('}');
  for (let event = 0; event < eventObjects; event += 1) {
    const id = String(event).padStart(4, '0');
    lines.push(`EventObject "${event % 2 === 0 ? 'MRF' : 'MRD'}x${id}" {`, `\tObjectId ${event + 1},`);
    lines.push('\tParent 0,\t// "Root"', '\tEventTrack 2 {', `\t\t${1000 + event * 10},`, `\t\t${5000 + event * 10},`);
    lines.push('\t}', '}');
  }
  return lines.join('\n') + '\n';
}

/** The bytes of {@link generatedMdlText}. */
export function generatedMdl(targetBytes: number, eventObjects?: number): Uint8Array {
  return encodeMdlText(generatedMdlText(targetBytes, eventObjects));
}
