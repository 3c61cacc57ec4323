/**
 * `extras.morf`: the MRF header fields glTF has no place for, kept on the cape's node by the
 * export so that MRF → glTF → MRF gives the same header. Positions in it (the pivot) are in MRF's
 * own axes. Non-finite numbers, which JSON cannot hold, are written as the strings "NaN",
 * "Infinity" and "-Infinity".
 */
import { MRF_HEADER_OFFSET } from '../../mrf/layout';
import type { MrfFile } from '../../mrf/types';
import { MRF_UNUSED_HEADER_BYTE_SIZE } from '../bake';

/** The `extras.morf` object, as the export writes it. */
export interface MorfExtras {
  /** The texture chunk's text up to its first NUL: the path with its extension, as stored. */
  texturePath: string;
  /** Seconds between keyframes (the header's float32, exactly). */
  frameInterval: number | string;
  initialTime: number | string;
  debugFlag: number;
  pivot: (number | string)[];
  boundsRadius: number | string;
  magic: string;
  /** The 20 header bytes at 44..63 the game ignores, as lower-case hex. */
  unusedHeaderBytes: string;
}

/** The header fields read back from `extras.morf`; each only when present and well-formed. */
export interface MorfHeaderExtras {
  texturePath?: string;
  frameInterval?: number;
  initialTime?: number;
  debugFlag?: number;
  pivot?: [number, number, number];
  boundsRadius?: number;
  magic?: string;
  unusedHeaderBytes?: Uint8Array;
}

/** `extras.morf` for an MRF file. */
export function morfExtras(file: MrfFile): MorfExtras {
  let stored = '';
  for (const code of file.textureBytes) {
    if (code === 0) break;
    stored += String.fromCharCode(code);
  }
  // A chunk edited since reading stores `texturePath` itself (see textureChunkContent).
  const texturePath = stored.startsWith(file.texturePath) ? stored : file.texturePath;
  const unused = file.headerBytes.subarray(
    MRF_HEADER_OFFSET.ignored,
    MRF_HEADER_OFFSET.ignored + MRF_UNUSED_HEADER_BYTE_SIZE,
  );
  return {
    texturePath,
    frameInterval: jsonNumber(file.header.frameInterval),
    initialTime: jsonNumber(file.header.initialTime),
    debugFlag: file.header.debugFlag,
    pivot: file.header.pivot.map(jsonNumber),
    boundsRadius: jsonNumber(file.header.boundsRadius),
    magic: file.header.magic,
    unusedHeaderBytes: Array.from(unused, (byte) => byte.toString(16).padStart(2, '0')).join(''),
  };
}

/**
 * Reads `extras.morf` leniently: each field that is there and well-formed is returned; the names
 * of the others are listed in `ignored` (for a warning). Anything but an object gives nothing.
 */
export function readMorfExtras(extras: unknown): { header: MorfHeaderExtras; ignored: string[] } {
  const header: MorfHeaderExtras = {};
  const ignored: string[] = [];
  if (typeof extras !== 'object' || extras === null) return { header, ignored };
  const morf = (extras as { morf?: unknown }).morf;
  if (typeof morf !== 'object' || morf === null) return { header, ignored };
  const fields = morf as Record<string, unknown>;
  const take = <K extends keyof MorfHeaderExtras>(
    key: K,
    read: (value: unknown) => MorfHeaderExtras[K] | undefined,
  ) => {
    if (fields[key] === undefined) return;
    const value = read(fields[key]);
    if (value === undefined) ignored.push(key);
    else header[key] = value;
  };
  take('texturePath', (value) => (typeof value === 'string' && isLatin1(value) ? value : undefined));
  take('frameInterval', readNumber);
  take('initialTime', readNumber);
  take('boundsRadius', readNumber);
  take('debugFlag', (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff ? value : undefined,
  );
  take('magic', (value) => (typeof value === 'string' && value.length === 4 && isLatin1(value) ? value : undefined));
  take('pivot', (value) => {
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const pivot = value.map(readNumber);
    return pivot.every((item) => item !== undefined) ? (pivot as [number, number, number]) : undefined;
  });
  take('unusedHeaderBytes', (value) => {
    if (typeof value !== 'string' || !new RegExp(`^[0-9a-fA-F]{${MRF_UNUSED_HEADER_BYTE_SIZE * 2}}$`).test(value))
      return undefined;
    return Uint8Array.from({ length: MRF_UNUSED_HEADER_BYTE_SIZE }, (_, index) =>
      parseInt(value.slice(index * 2, index * 2 + 2), 16),
    );
  });
  return { header, ignored };
}

function jsonNumber(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return Number(value);
  return undefined;
}

function isLatin1(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0xff) return false;
  return true;
}
