/**
 * A KF2 mesh as a cape's triangle list: vertices (Warcraft III axes, the mesh node's object
 * space), normals, UVs, and for each cape vertex the geometry vertex it came from (for skinning).
 * Version 1 meshes index their vertices per primitive; version 0 meshes list polygons (fanned into
 * triangles) whose corners pick texture coordinates on their own, so a vertex is split per UV.
 */
import { CodecError } from '../binary/codec-error';
import { computeVertexNormals } from '../capes/normals';
import { kf2VectorsToWarcraft } from './axes';
import type { Kf2Mesh } from './read';

/** A mesh ready to pose. */
export interface Kf2CapeMesh {
  vertexCount: number;
  faces: Uint16Array;
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  /** The geometry vertex of each cape vertex. */
  geometryVertex: Int32Array;
  warnings: string[];
}

const MAX_VERTICES = 65536;

function meshError(where: string, detail: string, kind: 'invalid' | 'limit' | 'unsupported' = 'invalid'): CodecError {
  return new CodecError({ format: 'kf2', kind, where, offset: 0, detail });
}

/** Builds the cape mesh of `mesh` (named `where` in errors). */
export function kf2CapeMesh(mesh: Kf2Mesh, where: string): Kf2CapeMesh {
  const { geometry, polygons } = mesh;
  if (!geometry || !polygons) {
    throw meshError(
      where,
      `the mesh has no ${geometry ? 'Polygons' : 'Geometry'} sub-chunk: it has no surface to bake`,
      'unsupported',
    );
  }
  const built = polygons.version === 1 ? fromPrimitives(mesh, where) : fromPolygons(mesh, where);
  kf2VectorsToWarcraft(built.positions);
  kf2VectorsToWarcraft(built.normals);
  // The swap turns every triangle inside out: exchange its second and third corners.
  for (let corner = 0; corner + 2 < built.faces.length; corner += 3) {
    const second = built.faces[corner + 1]!;
    built.faces[corner + 1] = built.faces[corner + 2]!;
    built.faces[corner + 2] = second;
  }
  return built;
}

function fromPrimitives(mesh: Kf2Mesh, where: string): Kf2CapeMesh {
  const geometry = mesh.geometry!;
  const polygons = mesh.polygons!;
  const warnings: string[] = [];
  const vertexCount = geometry.positions.length / 3;
  if (vertexCount > MAX_VERTICES) {
    throw meshError(`${where}.Geometry`, `${vertexCount} vertices; an MRF addresses at most ${MAX_VERTICES}`, 'limit');
  }
  const indices = polygons.indices!;
  if (indices.length % 3 !== 0) {
    throw meshError(
      `${where}.Polygons.number_of_polygons`,
      `${indices.length} indices is not a whole number of triangles`,
    );
  }
  const faces = new Uint16Array(indices.length);
  // Indices count from each primitive's first vertex; without primitives they are the mesh's own.
  const vertexCounts = geometry.verticesPerPrimitive ?? [];
  const triangleCounts = polygons.polygonsPerPrimitive ?? [];
  const primitives = triangleCounts.length > 0 && vertexCounts.length === triangleCounts.length;
  let corner = 0;
  let base = 0;
  for (let primitive = 0; primitive < (primitives ? triangleCounts.length : 1); primitive += 1) {
    const corners = primitives ? triangleCounts[primitive]! * 3 : indices.length;
    for (let end = Math.min(indices.length, corner + corners); corner < end; corner += 1) {
      const vertex = indices[corner]! + base;
      if (vertex >= vertexCount) {
        throw meshError(
          `${where}.Polygons.polygons_indices[${corner}]`,
          `vertex ${vertex} is past the ${vertexCount} vertices`,
        );
      }
      faces[corner] = vertex;
    }
    if (primitives) base += vertexCounts[primitive]!;
  }
  if (corner !== indices.length) {
    throw meshError(
      `${where}.Polygons.polygons_per_primitive`,
      `the primitives hold ${corner / 3} of ${indices.length / 3} triangles`,
    );
  }
  const uvs = new Float32Array(vertexCount * 2);
  const mapping = mesh.uvMappings.find((uv) => uv.layer === 0) ?? mesh.uvMappings[0];
  if (!mapping) warnings.push('the mesh has no UV Mapping: every UV is (0, 0)');
  else if (mapping.version === 1) {
    if (mapping.coordinates.length / 3 !== vertexCount) {
      throw meshError(
        `${where}.UVMapping.number_of_coordinates`,
        `${mapping.coordinates.length / 3} coordinates for ${vertexCount} vertices`,
      );
    }
    for (let vertex = 0; vertex < vertexCount; vertex += 1) {
      uvs[vertex * 2] = mapping.coordinates[vertex * 3]!;
      uvs[vertex * 2 + 1] = mapping.coordinates[vertex * 3 + 1]!;
    }
  } else warnings.push('UV Mapping version 0 beside Polygons version 1 names no corners: every UV is (0, 0)');
  const positions = Float32Array.from(geometry.positions);
  let normals: Float32Array;
  if (geometry.normals) normals = Float32Array.from(geometry.normals);
  else {
    normals = new Float32Array(vertexCount * 3);
    computeVertexNormals(positions, faces, vertexCount, normals);
  }
  const geometryVertex = new Int32Array(vertexCount);
  for (let vertex = 0; vertex < vertexCount; vertex += 1) geometryVertex[vertex] = vertex;
  return { vertexCount, faces, positions, normals, uvs, geometryVertex, warnings };
}

function fromPolygons(mesh: Kf2Mesh, where: string): Kf2CapeMesh {
  const geometry = mesh.geometry!;
  const polygons = mesh.polygons!.polygons!;
  const warnings: string[] = [];
  const geometryCount = geometry.positions.length / 3;
  const mapping = mesh.uvMappings.find((uv) => uv.layer === 0) ?? mesh.uvMappings[0];
  const uvPolygons = mapping?.polygons;
  if (!mapping) warnings.push('the mesh has no UV Mapping: every UV is (0, 0)');
  const coordinateCount = mapping ? mapping.coordinates.length / 3 : 0;
  const vertexOf = new Map<number, number>();
  const geometryVertex: number[] = [];
  const uvs: number[] = [];
  const faces: number[] = [];
  polygons.forEach((polygon, index) => {
    const uvPolygon = uvPolygons?.[index];
    if (uvPolygons && (!uvPolygon || uvPolygon.length !== polygon.length)) {
      throw meshError(
        `${where}.UVMapping.polygons_indices[${index}]`,
        `its corners do not match polygon ${index}'s ${polygon.length}`,
      );
    }
    const corners = polygon.map((vertex, corner) => {
      if (!(vertex >= 0 && vertex < geometryCount)) {
        throw meshError(
          `${where}.Polygons.polygons_indices[${index}].vertex_indices[${corner}]`,
          `vertex ${vertex} is not one of the ${geometryCount}`,
        );
      }
      const coordinate = uvPolygon ? uvPolygon[corner]! : -1;
      if (uvPolygon && !(coordinate >= 0 && coordinate < coordinateCount)) {
        throw meshError(
          `${where}.UVMapping.polygons_indices[${index}][${corner}]`,
          `coordinate ${coordinate} is not one of the ${coordinateCount}`,
        );
      }
      const key = vertex * (coordinateCount + 1) + coordinate + 1;
      let cape = vertexOf.get(key);
      if (cape === undefined) {
        cape = geometryVertex.length;
        if (cape >= MAX_VERTICES) {
          throw meshError(
            `${where}.Polygons`,
            `more than ${MAX_VERTICES} distinct vertices; an MRF addresses at most ${MAX_VERTICES}`,
            'limit',
          );
        }
        vertexOf.set(key, cape);
        geometryVertex.push(vertex);
        uvs.push(
          coordinate >= 0 ? mapping!.coordinates[coordinate * 3]! : 0,
          coordinate >= 0 ? mapping!.coordinates[coordinate * 3 + 1]! : 0,
        );
      }
      return cape;
    });
    for (let corner = 1; corner + 1 < corners.length; corner += 1)
      faces.push(corners[0]!, corners[corner]!, corners[corner + 1]!);
  });
  const vertexCount = geometryVertex.length;
  const positions = new Float32Array(vertexCount * 3);
  geometryVertex.forEach((vertex, cape) =>
    positions.set(geometry.positions.subarray(vertex * 3, vertex * 3 + 3), cape * 3),
  );
  const faceArray = Uint16Array.from(faces);
  const normals = new Float32Array(vertexCount * 3);
  if (geometry.normals) {
    geometryVertex.forEach((vertex, cape) =>
      normals.set(geometry.normals!.subarray(vertex * 3, vertex * 3 + 3), cape * 3),
    );
  } else {
    // In Direct3D's left-handed axes a front face turns clockwise, and (b − a) × (c − a) computed
    // by the usual formula points out of it: the face normals come out facing outwards.
    computeVertexNormals(positions, faceArray, vertexCount, normals);
  }
  return {
    vertexCount,
    faces: faceArray,
    positions,
    normals,
    uvs: Float32Array.from(uvs),
    geometryVertex: Int32Array.from(geometryVertex),
    warnings,
  };
}
