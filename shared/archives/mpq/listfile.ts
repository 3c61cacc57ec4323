/**
 * `(listfile)` text and the names every Warcraft III map is known to hold, for archives (protected
 * maps) whose listfile is missing or incomplete. Names are byte strings: one character per byte.
 */
import { ATTRIBUTES_NAME, LISTFILE_NAME, SIGNATURE_NAME } from './constants';

/** Names tried in every archive besides its listfile: the archive's own files and a map's standard files. */
export const WELL_KNOWN_NAMES: readonly string[] = [
  LISTFILE_NAME,
  ATTRIBUTES_NAME,
  SIGNATURE_NAME,
  'war3map.j',
  'scripts\\war3map.j',
  'war3map.lua',
  'war3map.w3e',
  'war3map.w3i',
  'war3map.wtg',
  'war3map.wct',
  'war3map.wts',
  'war3map.w3r',
  'war3map.w3c',
  'war3map.w3s',
  'war3map.w3u',
  'war3map.w3t',
  'war3map.w3a',
  'war3map.w3b',
  'war3map.w3d',
  'war3map.w3q',
  'war3map.w3h',
  'war3map.shd',
  'war3map.mmp',
  'war3map.wpm',
  'war3map.doo',
  'war3mapUnits.doo',
  'war3map.imp',
  'war3mapMap.blp',
  'war3mapMap.tga',
  'war3mapPreview.tga',
  'war3mapPreview.blp',
  'war3mapMisc.txt',
  'war3mapSkin.txt',
  'war3mapExtra.txt',
  'war3mapPath.tga',
  'war3campaign.w3f',
  'war3campaign.w3u',
  'war3campaign.w3t',
  'war3campaign.w3a',
  'war3campaign.w3b',
  'war3campaign.w3d',
  'war3campaign.w3q',
  'war3campaign.wts',
  'war3campaign.imp',
  'war3campaignImported\\',
];

/** Splits listfile text (lines separated by CR, LF or `;`) into names, in order, without blanks or repeats. */
export function parseListfile(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of text.split(/[\r\n;]+/)) {
    const name = raw.trim();
    if (!name) continue;
    const key = name.toLowerCase().replace(/\//g, '\\');
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** Bytes turned into characters per call (below any engine's argument limit). */
const NAME_CHUNK = 8192;

/** Bytes to a byte string (latin1: one character per byte). */
export function bytesToName(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let at = 0; at < bytes.length; at += NAME_CHUNK)
    chunks.push(String.fromCharCode.apply(null, bytes.subarray(at, at + NAME_CHUNK) as unknown as number[]));
  return chunks.join('');
}

/** A byte string back to bytes (characters above 0xFF are replaced by '?'). */
export function nameToBytes(name: string): Uint8Array {
  const bytes = new Uint8Array(name.length);
  for (let index = 0; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    bytes[index] = code > 0xff ? 0x3f : code;
  }
  return bytes;
}

/** Listfile text for `names`, CRLF-terminated as the World Editor writes it. */
export function formatListfile(names: readonly string[]): Uint8Array {
  return nameToBytes(names.map((name) => `${name}\r\n`).join(''));
}
