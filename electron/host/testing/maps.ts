/**
 * Maps for the host's archive tests: an MPQ archive behind a 512-byte HM3W block, holding the given
 * files and a (listfile), built with shared/archives/mpq's writer.
 */
import { MpqArchive } from '../../../shared/archives/mpq/archive';
import { memorySource } from '../../../shared/archives/mpq/source';
import { emptyMpq, writeMpq } from '../../../shared/archives/mpq/writer';

/** Size of Warcraft III's map header block in front of the archive. */
const MAP_HEADER_BLOCK = 512;

/** A map holding `files` (game path → text or bytes). */
export async function mapBytes(files: Readonly<Record<string, string | Uint8Array>>): Promise<Uint8Array> {
  const base = await MpqArchive.open(memorySource(emptyMpq()));
  const edits = Object.entries(files).map(([name, content]) => ({
    kind: 'put' as const,
    name,
    bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content,
  }));
  const { bytes } = await writeMpq(base, edits, { createListfile: true });
  const map = new Uint8Array(MAP_HEADER_BLOCK + bytes.length);
  map.set([0x48, 0x4d, 0x33, 0x57]);
  map.set(bytes, MAP_HEADER_BLOCK);
  return map;
}

/** An archive as the game ships one (no header block). */
export async function gameArchiveBytes(files: Readonly<Record<string, string>>): Promise<Uint8Array> {
  const map = await mapBytes(files);
  return map.subarray(MAP_HEADER_BLOCK);
}
