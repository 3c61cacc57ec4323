import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullModelBytes } from '../../../shared/model/testing/fixture-bytes';
import { fullModelSpec } from '../../../shared/model/testing/fixtures';
import { inProcessMorf } from '../testing/run-cli';

let folder: string;
const morf = inProcessMorf(() => folder);
const spec = fullModelSpec(1100);

/** Offset of the first chunk with `tag` in `bytes`. */
function chunkOffset(bytes: Uint8Array, tag: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 4; offset < bytes.byteLength; offset += 8 + view.getUint32(offset + 4, true))
    if (String.fromCharCode(...bytes.subarray(offset, offset + 4)) === tag) return offset;
  throw new Error(`no ${tag}`);
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-dump-'));
  const bytes = fullModelBytes(spec);
  writeFileSync(join(folder, 'full.mdx'), bytes);
  const odd = bytes.slice();
  const view = new DataView(odd.buffer);
  // A NaN and an infinity in the first sequence's moveSpeed and rarity; a byte after the model name's NUL.
  const seqs = chunkOffset(odd, 'SEQS') + 8;
  view.setFloat32(seqs + 88, Number.NaN, true);
  view.setFloat32(seqs + 96, Number.NEGATIVE_INFINITY, true);
  odd[chunkOffset(odd, 'MODL') + 8 + 70] = 0x21;
  // The GEOS chunk damaged (its first array's tag), so that it stays bytes.
  odd[chunkOffset(odd, 'GEOS') + 12] = 0x58;
  writeFileSync(join(folder, 'odd.mdx'), odd);
  writeFileSync(join(folder, 'model.mdl'), 'Version {\n\tFormatVersion 800,\n}\n');
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf dump for models', () => {
  it('prints every chunk of an MDX as its typed object, as valid JSON', async () => {
    const { code, stdout } = await morf('dump', 'full.mdx', '--json');
    expect(code).toBe(0);
    const dump = JSON.parse(stdout);
    expect(dump.format).toBe('mdx');
    expect(dump.version).toBe(1100);
    expect(dump.chunks.map((chunk: { tag: string }) => chunk.tag)).toContain('CORN');
    const chunk = (tag: string) => dump.chunks.find((item: { tag: string }) => item.tag === tag).parsed;
    expect(chunk('VERS')).toBe(1100);
    expect(chunk('GEOS')[0].vertices).toEqual(spec.geosets[0]!.vertices);
    expect(chunk('GEOS')[0].skin).toEqual(spec.geosets[0]!.skin);
    expect(chunk('BONE')[0].node.tracks[2]).toEqual(spec.bones[0]!.node.tracks[2]);
    expect(chunk('MTLS')[1].layers[1].textures[0].textureIdTrack).toEqual(
      spec.materials[1]!.layers[1]!.textures[0]!.textureIdTrack,
    );
    expect(chunk('EVTS')[1].keys).toBeNull();
    expect(chunk('BPOS')).toEqual(spec.bindPoses);
    // Raw name fields that hold only their name are left out.
    expect(chunk('MODL').nameBytes).toBeUndefined();
    expect(dump.diagnostics).toEqual([]);
  });

  it('prints NaN and infinities as strings, bytes after a name, and chunks kept as bytes', async () => {
    const { code, stdout } = await morf('dump', 'odd.mdx');
    expect(code).toBe(0);
    const dump = JSON.parse(stdout);
    const sequences = dump.chunks.find((item: { tag: string }) => item.tag === 'SEQS').parsed;
    expect(sequences[0].moveSpeed).toBe('NaN');
    expect(sequences[0].rarity).toBe('-Infinity');
    const info = dump.chunks.find((item: { tag: string }) => item.tag === 'MODL').parsed;
    expect(info.nameBytes[70]).toBe(0x21);
    const geos = dump.chunks.find((item: { tag: string }) => item.tag === 'GEOS');
    expect(geos.parsed).toBeUndefined();
    expect(geos.bytes.length).toBeGreaterThan(100);
    expect(dump.diagnostics.map((item: { code: string }) => item.code)).toContain('model.unread-chunk');
  });

  it('dumps the whole model of an MDL file, the same model its MDX gives', async () => {
    // With the extensions the text carries everything (without them, what no MDL keyword says is left out).
    await morf('convert', 'full.mdx', 'full.mdl', '--mdl-extensions');
    const fromMdl = JSON.parse((await morf('dump', 'full.mdl', '--json')).stdout);
    const fromMdx = JSON.parse((await morf('dump', 'full.mdx', '--json')).stdout);
    expect(fromMdl.format).toBe('mdl');
    expect(fromMdl.version).toBe(1100);
    expect(fromMdl.chunks).toEqual(fromMdx.chunks);
    expect(fromMdl.diagnostics).toEqual([]);
    const small = JSON.parse((await morf('dump', 'model.mdl')).stdout);
    expect(small).toMatchObject({ format: 'mdl', version: 800, chunks: [{ tag: 'VERS', parsed: 800 }] });
  });
});
