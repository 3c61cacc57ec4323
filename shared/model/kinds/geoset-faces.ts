/**
 * A geoset's faces and matrix groups in MDL: `Faces G N { Triangles { { … }, … }, … }` (consecutive face groups of one
 * type share a type block) and `Groups G N { Matrices { … }, … }`, read and printed.
 */
import { checkedInteger, type MdlEntry, type MdlReadContext } from '../mdl/reader';
import { Growing32, ValueToken } from '../mdl/scanner';
import type { MdlWriter } from '../mdl/writer';
import type { Geoset } from './geoset';

/** Face types by their MDL name (OpenGL's primitive types); a type without a name prints as its number. */
const FACE_TYPES = [
  'Points',
  'Lines',
  'LineLoop',
  'LineStrip',
  'Triangles',
  'TriangleStrip',
  'TriangleFan',
  'Quads',
  'QuadStrip',
  'Polygons',
] as const;

/** Prints `Faces G N { Triangles { { … }, … }, … }`: consecutive face groups of one type share a type block. */
export function printFacesMdl(writer: MdlWriter, geoset: Geoset, where: string): void {
  const { faceTypeGroups: types, faceGroups: counts, faces } = geoset;
  let total = 0;
  for (const count of counts) total += count;
  const consistent = types.length === counts.length && total === faces.length;
  if (!consistent)
    writer.warn(
      where,
      `${where} has ${types.length} face types, ${counts.length} face groups and ${faces.length} indices, which do ` +
        'not add up; MDL writes its indices as one group of triangles',
    );
  const groupTypes = consistent ? types : [4];
  const groupCounts = consistent ? counts : [faces.length];
  writer.open('Faces', undefined, groupCounts.length, faces.length);
  let at = 0;
  for (let group = 0; group < groupCounts.length; group += 1) {
    const type = groupTypes[group]!;
    if (group === 0 || groupTypes[group - 1] !== type) {
      if (group > 0) writer.close();
      writer.open(FACE_TYPES[type] ?? String(type));
    }
    writer.indent();
    writer.integerGroup(faces, at, groupCounts[group]!, false);
    writer.endStatement();
    at += groupCounts[group]!;
  }
  if (groupCounts.length > 0) writer.close();
  writer.close();
}

/** Prints `Groups G N { Matrices { … }, … }`. */
export function printMatrixGroupsMdl(writer: MdlWriter, geoset: Geoset, where: string): void {
  const { matrixGroups, matrixIndices } = geoset;
  let total = 0;
  for (const size of matrixGroups) total += size;
  if (total !== matrixIndices.length)
    writer.warn(where, `${where}'s matrix group sizes add up to ${total}, not its ${matrixIndices.length} indices`);
  writer.open('Groups', undefined, matrixGroups.length, matrixIndices.length);
  let at = 0;
  for (const size of matrixGroups) {
    const count = Math.max(0, Math.min(size, matrixIndices.length - at));
    writer.key('Matrices');
    writer.integerGroup(matrixIndices, at, count, false);
    writer.endStatement();
    at += count;
  }
  writer.close();
}

/** The two counts of a `Faces G N {` / `Groups G N {` header, or undefined (an error recorded) when it has no block. */
function declaredGroups(
  context: MdlReadContext,
  entry: MdlEntry,
): [groups: number | null, indices: number | null] | undefined {
  const groups = context.declaredCount(entry);
  const indices = context.declaredCount(entry);
  if (entry.hasGroup) return [groups, indices];
  context.invalid(entry, 'a { } block is missing');
  return undefined;
}

/** Reads the face type blocks of `Faces G N { … }`. */
export function readFacesMdl(
  context: MdlReadContext,
  entry: MdlEntry,
  into: { types: number[]; counts: number[]; faces: Growing32 },
): void {
  const declared = declaredGroups(context, entry);
  if (!declared) return;
  const [groupsDeclared, indicesDeclared] = declared;
  context.entries(entry.statement, (typeEntry) => {
    const name = typeEntry.key || typeEntry.level.textOf(typeEntry.keyToken);
    let type: number = FACE_TYPES.indexOf(name as (typeof FACE_TYPES)[number]);
    if (type < 0) type = checkedInteger(Number(name), 'u32') ?? -1;
    if (type < 0 || !typeEntry.hasGroup) return false;
    typeEntry.next = typeEntry.stop;
    const scanner = context.group(typeEntry)!;
    const countsBefore = into.counts.length;
    const facesBefore = into.faces.length;
    let groupStart = facesBefore;
    let inGroup = false;
    for (let token = scanner.next(); token !== ValueToken.End; token = scanner.next()) {
      if (token === ValueToken.Open) {
        if (inGroup) {
          context.invalid(typeEntry, 'a { } inside a face group', scanner.start);
          scanner.skipGroup();
          continue;
        }
        inGroup = true;
        groupStart = into.faces.length;
      } else if (token === ValueToken.Close) {
        into.types.push(type);
        into.counts.push(into.faces.length - groupStart);
        inGroup = false;
      } else if (token === ValueToken.Number) {
        const value = checkedInteger(scanner.number, 'u16');
        if (value === undefined)
          context.invalid(typeEntry, `"${scanner.text()}" is not a vertex index 0–65535`, scanner.start);
        into.faces.pushWord(value ?? 0);
      } else context.invalid(typeEntry, `unexpected "${scanner.text().slice(0, 40)}"`, scanner.start);
    }
    // Indices with no { } of their own form one group.
    if (into.counts.length === countsBefore && into.faces.length > facesBefore) {
      into.types.push(type);
      into.counts.push(into.faces.length - facesBefore);
    }
    return true;
  });
  context.checkCount(entry, groupsDeclared, into.counts.length, 'face groups');
  context.checkCount(entry, indicesDeclared, into.faces.length, 'indices');
}

/** Reads `Groups G N { Matrices { … }, … }`. */
export function readMatrixGroupsMdl(
  context: MdlReadContext,
  entry: MdlEntry,
  sizes: number[],
  indices: Growing32,
): void {
  const declared = declaredGroups(context, entry);
  if (!declared) return;
  const [groupsDeclared, indicesDeclared] = declared;
  context.entries(entry.statement, (matrices) => {
    if (matrices.key !== 'Matrices') return false;
    const values = context.numbers(matrices, 1, 'u32', null);
    sizes.push(values.length);
    for (let index = 0; index < values.length; index += 1) indices.pushWord(values.words[index]!);
    return true;
  });
  context.checkCount(entry, groupsDeclared, sizes.length, 'matrix groups');
  context.checkCount(entry, indicesDeclared, indices.length, 'matrix indices');
}
