/**
 * GEOS for the events module's edits: geosets walked, not decoded (the typed model's geoset is
 * shared/model/kinds/geoset.ts, which owns the layout), to check that each adds up to its
 * inclusive size and to find its MATS matrix indices — the only place outside the node chunks
 * that names objectIds.
 *
 * Geoset: uint32 inclusiveSize, then tagged arrays VRTX (float[3]), NRMS (float[3]), PTYP
 * (uint32), PCNT (uint32), PVTX (uint16), GNDX (uint8), MTGC (uint32), MATS (uint32 objectIds),
 * each as char[4] tag + uint32 count + data; uint32 materialId, selectionGroup, selectionFlags;
 * 900+: uint32 lod, char[80] lodName; Extent; uint32 extentCount + Extent[count]; 900+: optional
 * TANG (float[4]) and SKIN (uint8) arrays; UVAS count, then that many UVBS (float[2]) arrays.
 */
import { CodecError } from '../../binary/codec-error';
import type { Diagnostic } from '../../diagnostics';
import { readTag } from '../tracks';
import { GEOSET_LOD_BYTES, mdxLayout } from '../versions';
import { EXTENT_BYTES } from '../../model/kinds/extent';
import {
  GEOSET_ARRAYS,
  GEOSET_MATERIAL_FIELDS_BYTES,
  GEOSET_SIZE_BYTES,
  GEOSET_SKIN_ELEMENT_BYTES,
  GEOSET_TANGENT_BYTES,
  GEOSET_UV_BYTES,
} from '../../model/kinds/geoset';

export {
  GEOSET_ARRAYS,
  GEOSET_MATERIAL_FIELDS_BYTES,
  GEOSET_SIZE_BYTES,
  GEOSET_SKIN_ELEMENT_BYTES,
  GEOSET_TANGENT_BYTES,
  GEOSET_UV_BYTES,
};

/** Where one geoset is and where its matrix indices are, in the chunk body. */
export interface GeosetEntry {
  readonly offset: number;
  readonly byteLength: number;
  /** Offset of the first MATS element. */
  readonly matrixIndicesOffset: number;
  readonly matrixIndexCount: number;
}

/** The geosets of a GEOS body. */
export interface GeosetsRead {
  readonly geosets: readonly GeosetEntry[];
  /** Set when a geoset does not add up; `geosets` holds those before it. */
  readonly damage?: Diagnostic;
}

/** Walks one geoset at `offset`; throws CodecError (offsets relative to the body) when it does not add up. */
export function walkGeoset(body: Uint8Array, offset: number, version: number, where: string): GeosetEntry {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const fail = (kind: 'truncated' | 'invalid', at: number, detail: string): never => {
    throw new CodecError({ format: 'mdx', kind, where, offset: at, detail });
  };
  if (body.byteLength - offset < GEOSET_SIZE_BYTES) fail('truncated', offset, 'the geoset size does not fit');
  const size = view.getUint32(offset, true);
  const end = offset + size;
  if (size < GEOSET_SIZE_BYTES || end > body.byteLength)
    fail('truncated', offset, `geoset size ${size} runs past the chunk's end (${body.byteLength - offset} bytes left)`);
  let at = offset + GEOSET_SIZE_BYTES;
  const need = (bytes: number, what: string): void => {
    if (bytes > end - at) fail('truncated', at, `${what} needs ${bytes} bytes, ${end - at} left in the geoset`);
  };
  const array = (tag: string, elementBytes: number): { dataOffset: number; count: number } => {
    need(8, `${tag} header`);
    if (readTag(body, at) !== tag) fail('invalid', at, `expected ${tag}, found "${readTag(body, at)}"`);
    const count = view.getUint32(at + 4, true);
    at += 8;
    if (elementBytes > 0 && count > (end - at) / elementBytes)
      fail('truncated', at - 4, `${count} ${tag} elements do not fit in the ${end - at} bytes left in the geoset`);
    const dataOffset = at;
    at += count * elementBytes;
    return { dataOffset, count };
  };
  const optionalArray = (tag: string, elementBytes: number): void => {
    if (end - at >= 4 && readTag(body, at) === tag) array(tag, elementBytes);
  };
  let matrices = { dataOffset: at, count: 0 };
  for (const [tag, elementBytes] of GEOSET_ARRAYS) {
    const read = array(tag, elementBytes);
    if (tag === 'MATS') matrices = read;
  }
  const layout = mdxLayout(version);
  need(
    GEOSET_MATERIAL_FIELDS_BYTES + (layout.geosetHasLod ? GEOSET_LOD_BYTES : 0) + EXTENT_BYTES + 4,
    'the material fields and extents',
  );
  at += GEOSET_MATERIAL_FIELDS_BYTES + (layout.geosetHasLod ? GEOSET_LOD_BYTES : 0) + EXTENT_BYTES;
  const extentCount = view.getUint32(at, true);
  at += 4;
  if (extentCount > (end - at) / EXTENT_BYTES)
    fail('truncated', at - 4, `${extentCount} sequence extents do not fit in the geoset`);
  at += extentCount * EXTENT_BYTES;
  if (layout.geosetHasLod) {
    optionalArray('TANG', GEOSET_TANGENT_BYTES);
    optionalArray('SKIN', GEOSET_SKIN_ELEMENT_BYTES);
  }
  // UVAS: tag and count of UVBS arrays (each at least an 8-byte header).
  const sets = array('UVAS', 0).count;
  if (sets > (end - at) / 8) fail('truncated', at - 4, `${sets} texture coordinate sets do not fit in the geoset`);
  for (let index = 0; index < sets; index += 1) array('UVBS', GEOSET_UV_BYTES);
  if (at !== end) fail('invalid', at, `${end - at} bytes are left over at the end of the geoset`);
  return { offset, byteLength: size, matrixIndicesOffset: matrices.dataOffset, matrixIndexCount: matrices.count };
}

/** Walks every geoset of a GEOS body. Never throws: damage ends the walk with a diagnostic. */
export function walkGeosets(body: Uint8Array, version: number, bodyOffset = 0): GeosetsRead {
  const geosets: GeosetEntry[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    try {
      const geoset = walkGeoset(body, offset, version, `GEOS[${geosets.length}]`);
      geosets.push(geoset);
      offset += geoset.byteLength;
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      return {
        geosets,
        damage: {
          severity: 'error',
          code: 'mdx.damaged-chunk',
          message: `The GEOS chunk does not add up at ${error.where}: ${error.detail}. Its bytes are kept.`,
          where: error.where,
          offset: bodyOffset + error.offset,
          target: { kind: 'chunk', tag: 'GEOS' },
        },
      };
    }
  }
  return { geosets };
}
