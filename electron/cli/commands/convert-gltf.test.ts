/**
 * `morf convert` between MRF and glTF, and `inspect`/`validate` of glTF: options, files beside a
 * `.gltf`, textures found through --data, and bad glTF in one line with exit code 2.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGltf } from '../../../shared/capes/gltf/read';
import { GltfBuilder } from '../../../shared/capes/gltf/testing/gltf-builder';
import { readMrf } from '../../../shared/mrf/read';
import { inProcessMorf } from '../testing/run-cli';

const sampleData = join(import.meta.dirname, '..', '..', '..', 'assets', 'sample', 'data');
const sampleCape = join(sampleData, 'doodads', 'cinematic', 'arthasillidanfight', 'arthascape0002.mrf');

let folder: string;
const morf = inProcessMorf(() => folder);

/** A triangle whose vertex 1 rises 2 units over 2 s through one morph target; animations "Rise" and "Hold". */
function risingTriangle(): GltfBuilder {
  const builder = new GltfBuilder();
  const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
  const rise = builder.floats('VEC3', [0, 0, 0, 0, 2, 0, 0, 0, 0], true);
  const mesh = builder.add('meshes', {
    primitives: [{ attributes: { POSITION: position }, targets: [{ POSITION: rise }] }],
  });
  const node = builder.add('nodes', { mesh });
  builder.scene([node]);
  for (const [name, values] of [
    ['Rise', [0, 1]],
    ['Hold', [1, 1]],
  ] as const) {
    const input = builder.floats('SCALAR', [0, 2], true);
    const output = builder.floats('SCALAR', [...values]);
    builder.add('animations', {
      name,
      samplers: [{ input, output }],
      channels: [{ sampler: 0, target: { node, path: 'weights' } }],
    });
  }
  return builder;
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-gltf-'));
  cpSync(sampleCape, join(folder, 'cape.mrf'));
  cpSync(sampleData, join(folder, 'data'), { recursive: true });
  writeFileSync(join(folder, 'rise.glb'), risingTriangle().glb());
  const builder = risingTriangle();
  mkdirSync(join(folder, 'parts'));
  writeFileSync(join(folder, 'parts', 'rise.gltf'), builder.gltf('rise%20data.bin'));
  writeFileSync(join(folder, 'parts', 'rise data.bin'), builder.binary());
  const pictured = risingTriangle();
  const image = pictured.add('images', { uri: 'gone.png' });
  const material = pictured.add('materials', {
    pbrMetallicRoughness: { baseColorTexture: { index: pictured.add('textures', { source: image }) } },
  });
  (pictured.json.meshes[0] as { primitives: { material?: number }[] }).primitives[0]!.material = material;
  writeFileSync(join(folder, 'parts', 'pictured.gltf'), pictured.gltf('rise%20data.bin'));
  const escaping = risingTriangle();
  writeFileSync(join(folder, 'parts', 'escape.gltf'), escaping.gltf('../rise.glb'));
  const indices = risingTriangle();
  const index = indices.integers('SCALAR', [0, 1, 5], 'UNSIGNED_SHORT');
  (indices.json.meshes[0] as { primitives: { indices?: number }[] }).primitives[0]!.indices = index;
  writeFileSync(join(folder, 'bad-indices.glb'), indices.glb());
  const whole = risingTriangle().glb();
  writeFileSync(join(folder, 'truncated.glb'), whole.subarray(0, whole.length - 7));
  const json = risingTriangle().glb();
  json[40] = 0x7d; // '}' in the middle of the JSON
  writeFileSync(join(folder, 'json.glb'), json);
  const still = new GltfBuilder();
  const position = still.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
  still.scene([
    still.add('nodes', { mesh: still.add('meshes', { primitives: [{ attributes: { POSITION: position } }] }) }),
  ]);
  writeFileSync(join(folder, 'still.glb'), still.glb());
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('morf convert MRF → glTF → MRF', () => {
  it('writes a GLB with the texture found through --data, and bakes it back to the same cape', async () => {
    const glb = await morf('convert', 'cape.mrf', 'cape.glb', '--data', 'data');
    expect(glb).toMatchObject({ code: 0, stderr: '' });
    expect(glb.stdout).toMatch(/^cape\.mrf → cape\.glb \(GLTF, \d+ bytes\)\n$/);
    const document = (await readGltf(new Uint8Array(readFileSync(join(folder, 'cape.glb'))))).document;
    expect(document.getRoot().listTextures()[0]!.getMimeType()).toBe('image/png');

    const back = await morf('convert', 'cape.glb', 'back.mrf');
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(
      new RegExp(
        '^cape\\.glb → back\\.mrf \\(MRF, \\d+ bytes\\): animation 0 "Cape", 0–4\\.9\\d* s, ' +
          '150 keyframes at 30 fps, 300 vertices\\n$',
      ),
    );
    const original = readMrf(new Uint8Array(readFileSync(join(folder, 'cape.mrf'))));
    const baked = readMrf(new Uint8Array(readFileSync(join(folder, 'back.mrf'))));
    expect(baked.header).toEqual(original.header);
    expect(baked.texturePath).toBe(original.texturePath);
    expect(Array.from(baked.faces)).toEqual(Array.from(original.faces));
  });

  it('says when the texture is not embedded', async () => {
    const { code, stderr } = await morf('convert', 'cape.mrf', 'bare.glb');
    expect(code).toBe(0);
    expect(stderr).toBe(
      'morf convert: warning: the texture Textures\\ArthasCapeSample.blp is not embedded: it was not found ' +
        '(give the data folders with --data FOLDER)\n',
    );
  });

  it('writes a .gltf with its .bin and .png beside it', async () => {
    mkdirSync(join(folder, 'out'), { recursive: true });
    const { code, stdout } = await morf('convert', 'cape.mrf', join('out', 'cape.gltf'), '--data=data');
    expect(code).toBe(0);
    expect(stdout).toContain(`beside it: ${join('out', 'cape.bin')}`);
    expect(stdout).toContain(`beside it: ${join('out', 'cape.png')}`);
    const json = JSON.parse(readFileSync(join(folder, 'out', 'cape.gltf'), 'utf8'));
    expect(json.buffers[0].uri).toBe('cape.bin');
    expect(json.images[0].uri).toBe('cape.png');
    expect((await morf('convert', join('out', 'cape.gltf'), 'again.mrf')).code).toBe(0);
  });
});

describe('morf convert glTF → MRF options', () => {
  it('bakes the first animation at 30 fps by default and warns about the missing texture path', async () => {
    const { code, stdout, stderr } = await morf('convert', 'rise.glb', 'rise.mrf');
    expect(code).toBe(0);
    expect(stdout).toMatch(/animation 0 "Rise", 0–2 s, 61 keyframes at 30 fps, 3 vertices/);
    expect(stderr).toMatch(/warning: no texture path: pass --texture/);
  });

  it('takes --animation, --fps, --start, --end, --scale and --texture', async () => {
    const args = ['--animation', 'Hold', '--fps', '4', '--start', '0.5', '--end', '1.6', '--scale', '10'];
    const { code, stdout, stderr } = await morf(
      'convert',
      'rise.glb',
      'hold.mrf',
      ...args,
      '--texture',
      'Textures\\Rise.blp',
    );
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/texture path/);
    expect(stdout).toMatch(/animation 1 "Hold", 0\.5–1\.6 s, 6 keyframes at 4 fps/);
    const file = readMrf(new Uint8Array(readFileSync(join(folder, 'hold.mrf'))));
    expect(file.texturePath).toBe('Textures\\Rise');
    // Weight 1 all along: vertex 1 at glTF (1, 2, 0) × 10 → MRF (10, 0, 20), at the exact end 1.6 s too.
    expect(Array.from(file.keyframes[5]!.subarray(6, 9))).toEqual([10, -0, 20]);
    expect((await morf('convert', 'rise.glb', 'one.mrf', '--animation', '1')).stdout).toMatch(/animation 1 "Hold"/);
  });

  it('reads a .gltf’s percent-encoded .bin from beside it, and refuses one outside its folder', async () => {
    expect((await morf('convert', join('parts', 'rise.gltf'), 'parts.mrf')).code).toBe(0);
    // An image missing beside it leaves the texture without pixels, which a cape does not need.
    const pictured = await morf('convert', join('parts', 'pictured.gltf'), 'pictured.mrf');
    expect(pictured.code).toBe(0);
    expect(pictured.stderr).toMatch(/the glTF's texture is gone\.png/);
    const escaping = await morf('convert', join('parts', 'escape.gltf'), 'escape.mrf');
    expect(escaping.code).toBe(2);
    expect(escaping.stderr).toMatch(/^morf convert: rise\.glb: outside parts, the folder of parts[/\\]escape\.gltf/);
  });

  it('refuses options that conversion does not take, and values that are not numbers', async () => {
    const unknown = await morf('convert', 'rise.glb', 'x.mrf', '--mesh', 'Cloak');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^morf convert: unknown option --mesh for GLTF → MRF \(it takes --data FOLDER, --fps N/,
    );
    expect((await morf('convert', 'cape.mrf', 'x.glb', '--fps', '24')).stderr).toMatch(
      /unknown option --fps for MRF → GLTF/,
    );
    expect((await morf('convert', 'rise.glb', 'x.mrf', '--fps', 'fast')).stderr).toBe(
      'morf convert: --fps expects a number (N), not "fast"\n',
    );
    expect((await morf('convert', 'rise.glb', 'x.mrf', '--fps')).stderr).toMatch(/--fps needs a value/);
    expect((await morf('convert', 'rise.glb', 'x.mdx')).stderr).toBe(
      'morf convert: rise.glb: GLTF files cannot be converted to MDX (only to MRF)\n',
    );
  });

  it('lists every conversion and its options in its help', async () => {
    const { stdout } = await morf('help', 'convert');
    expect(stdout).toMatch(/GLTF → MRF \(\.mrf\)\n {6}--fps N/);
    expect(stdout).toMatch(/MRF → GLTF \(\.glb, \.gltf\)/);
  });
});

describe('bad glTF: one line naming the file, the field and the offset, exit 2', () => {
  it.each([
    [
      'truncated.glb',
      /^morf convert: truncated\.glb: GLTF truncated at header\.length \(byte 8\): the GLB declares \d+ bytes/,
    ],
    ['json.glb', /^morf convert: json\.glb: GLTF (invalid|truncated) at json \(byte \d+\): the JSON does not parse: /],
    [
      'bad-indices.glb',
      new RegExp(
        '^morf convert: bad-indices\\.glb: GLTF invalid at accessors\\[\\d+\\]\\[2\\] ' +
          '\\(meshes\\[0\\]\\.primitives\\[0\\]\\.indices\\) \\(byte \\d+\\): index 5 is past',
      ),
    ],
    ['still.glb', /^morf convert: still\.glb: GLTF unsupported at animations \(byte 0\): the file has no animation/],
  ])('%s', async (name, message) => {
    const { code, stdout, stderr } = await morf('convert', name, 'out.mrf');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('morf inspect and validate of glTF', () => {
  it('lists meshes and animations, and whether the file makes a cape', async () => {
    const { code, stdout } = await morf('inspect', 'rise.glb', '--json');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      format: 'gltf',
      container: 'glb',
      meshes: [{ vertexCount: 3, primitives: 1, morphTargets: 1 }],
      animations: [
        { name: 'Rise', channels: 1, startSeconds: 0, endSeconds: 2 },
        { name: 'Hold', channels: 1, startSeconds: 0, endSeconds: 2 },
      ],
    });
    expect(summary.diagnostics[0]).toMatchObject({
      severity: 'info',
      message: 'makes a cape of 3 vertices and 1 faces',
    });
    expect((await morf('inspect', 'rise.glb')).stdout).toMatch(/^rise\.glb: glTF \(GLB\), \d+ bytes/);
  });

  it('validates: 1 for a file that cannot make a cape, 2 for one that cannot be read', async () => {
    const still = await morf('validate', 'still.glb');
    expect(still.code).toBe(1);
    expect(still.stdout).toMatch(/error gltf\.not-a-cape at animations: the file has no animation/);
    expect((await morf('validate', 'truncated.glb')).code).toBe(2);
  });
});
