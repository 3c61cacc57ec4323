/**
 * Bad glTF: truncated files, JSON syntax errors, accessors past their data, indices past the
 * vertex count, missing resources, cycles — each a CodecError naming the field and the byte
 * offset; and a thousand mutants of real files, each read and baked or refused with a CodecError.
 */
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../binary/codec-error';
import { seededRandom } from '../../random';
import { mutateBytes } from '../../testing/fuzz';
import { gltfToMrf } from './import';
import { readGltf } from './read';
import { GltfBuilder } from './testing/gltf-builder';

async function refusal(task: () => Promise<unknown>): Promise<CodecError> {
  const error = await task().then(
    () => new Error('expected a CodecError'),
    (caught: unknown) => caught,
  );
  if (error instanceof CodecError) return error;
  throw error;
}

/** A triangle with indices, morphed by one target over 1 s. */
function triangle(indices = [0, 1, 2]): GltfBuilder {
  const builder = new GltfBuilder();
  const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
  const target = builder.floats('VEC3', [0, 0, 1, 0, 0, 1, 0, 0, 1], true);
  const index = builder.integers('SCALAR', indices, 'UNSIGNED_SHORT');
  const mesh = builder.add('meshes', {
    primitives: [{ attributes: { POSITION: position }, indices: index, targets: [{ POSITION: target }] }],
  });
  const node = builder.add('nodes', { mesh });
  builder.scene([node]);
  const input = builder.floats('SCALAR', [0, 1], true);
  const output = builder.floats('SCALAR', [0, 1]);
  builder.add('animations', {
    samplers: [{ input, output }],
    channels: [{ sampler: 0, target: { node, path: 'weights' } }],
  });
  return builder;
}

describe('bad glTF', () => {
  it('names the header field of a truncated GLB', async () => {
    const glb = triangle().glb();
    const short = await refusal(() => readGltf(glb.subarray(0, 8)));
    expect(short.message).toBe('GLTF truncated at header (byte 0): a GLB header takes 12 bytes; the file has 8');
    const cut = await refusal(() => readGltf(glb.subarray(0, glb.length - 10)));
    expect(cut.message).toBe(
      `GLTF truncated at header.length (byte 8): the GLB declares ${glb.length} bytes; the file has ${glb.length - 10}`,
    );
  });

  it('names a chunk that runs past the end', async () => {
    const glb = triangle().glb();
    new DataView(glb.buffer).setUint32(12, glb.length, true);
    const error = await refusal(() => readGltf(glb));
    expect(error.where).toBe('chunks[0].length');
    expect(error.offset).toBe(12);
    expect(error.kind).toBe('truncated');
  });

  it('points a JSON syntax error at the byte where parsing stopped', async () => {
    const glb = triangle().glb();
    const text = new TextDecoder().decode(glb.subarray(20, 60));
    const colon = text.indexOf(':');
    glb[20 + colon] = 0x3b; // ';'
    const error = await refusal(() => readGltf(glb));
    expect(error.where).toBe('json');
    expect(error.kind).toBe('invalid');
    expect(error.offset).toBe(20 + colon);
    expect(error.message).toMatch(/^GLTF invalid at json \(byte \d+\): the JSON does not parse: /);
  });

  it('calls JSON that stops early truncated', async () => {
    const text = new TextEncoder().encode('{"asset": {"version": "2.0"}, "nodes": [');
    const error = await refusal(() => readGltf(text));
    expect(error.kind).toBe('truncated');
    expect(error.offset).toBe(text.length);
  });

  it('names an accessor whose elements run past its buffer view, at the view’s end in the file', async () => {
    const builder = triangle();
    (builder.json.accessors[0] as { count: number }).count = 4;
    const glb = builder.glb();
    const error = await refusal(() => readGltf(glb));
    expect(error.where).toBe('accessors[0].count');
    // Buffer view 0 (36 bytes) starts the BIN chunk, whose data follows its 8-byte header.
    const jsonLength = new DataView(glb.buffer).getUint32(12, true);
    expect(error.offset).toBe(20 + jsonLength + 8 + 36);
    expect(error.detail).toMatch(/4 elements of 12 bytes from byte 0 need 48 bytes; buffer view 0 has 36/);
  });

  it('names an index past the vertex count, at its byte in the file', async () => {
    const glb = triangle([0, 1, 7]).glb();
    const file = await readGltf(glb);
    const error = await refusal(async () => gltfToMrf(file));
    expect(error.where).toBe('accessors[2][2] (meshes[0].primitives[0].indices)');
    expect(error.detail).toBe("index 7 is past the primitive's 3 vertices");
    // The index accessor's view follows two 36-byte views; the third index is 4 bytes in.
    const jsonLength = new DataView(glb.buffer).getUint32(12, true);
    expect(error.offset).toBe(20 + jsonLength + 8 + 72 + 4);
    expect(new DataView(glb.buffer).getUint16(error.offset, true)).toBe(7);
  });

  it('names a missing .bin beside a .gltf, and locates data errors in the .bin', async () => {
    const builder = triangle([0, 9, 2]);
    const json = builder.gltf('triangle.bin');
    expect((await refusal(() => readGltf(json))).message).toBe(
      'GLTF invalid at buffers[0].uri (byte 0): the buffer file "triangle.bin" was not found',
    );
    const file = await readGltf(json, { 'triangle.bin': builder.binary() });
    const error = await refusal(async () => gltfToMrf(file));
    expect(error.where).toBe('accessors[2][1] (meshes[0].primitives[0].indices in triangle.bin)');
    expect(error.offset).toBe(72 + 2);
  });

  it('refuses a short .bin, a node cycle, an unknown reference and a required extension', async () => {
    const builder = triangle();
    const json = builder.gltf('triangle.bin');
    const short = await refusal(() => readGltf(json, { 'triangle.bin': builder.binary().subarray(0, 50) }));
    expect(short.message).toMatch(
      /truncated at buffers\[0\] \(triangle.bin\) \(byte 50\): the buffer declares \d+ bytes; 50/,
    );

    const cycle = triangle();
    cycle.add('nodes', { children: [2] });
    cycle.add('nodes', { children: [1] });
    expect((await refusal(() => readGltf(cycle.glb()))).message).toMatch(/nodes\[\d\].*cycle/);

    const dangling = triangle();
    (dangling.json.nodes[0] as { mesh: number }).mesh = 5;
    expect((await refusal(() => readGltf(dangling.glb()))).message).toBe(
      'GLTF invalid at nodes[0].mesh (byte 20): mesh 5 does not exist (the file has 1)',
    );

    const draco = triangle();
    Object.assign(draco.json, { extensionsRequired: ['KHR_draco_mesh_compression'] });
    expect((await refusal(() => readGltf(draco.glb()))).message).toMatch(
      /unsupported at extensionsRequired\[0\].*KHR_draco_mesh_compression.*export without it/,
    );
  });

  it('reads or refuses a thousand mutants of real glTF files with CodecErrors only', async () => {
    const sources = [triangle().glb(), triangle().gltf('unused.bin')];
    const random = seededRandom(14);
    const outcomes = { read: 0, refused: 0 };
    for (let round = 0; round < 1000; round += 1) {
      const mutant = mutateBytes(sources[round % 2]!, random);
      try {
        const file = await readGltf(mutant);
        gltfToMrf(file, { fps: 10 });
        outcomes.read += 1;
      } catch (error) {
        if (!(error instanceof CodecError)) throw new Error(`round ${round}: ${String(error)}`, { cause: error });
        expect(error.message.split('\n'), error.message).toHaveLength(1);
        outcomes.refused += 1;
      }
    }
    expect(outcomes.read).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(300);
  });

  it('reads or refuses a thousand glTFs with a JSON field set to a hostile value, with CodecErrors only', async () => {
    const random = seededRandom(1415);
    const hostile = [null, -1, 0, 1.5, 2 ** 31, 1e300, 'x', [], {}, [0], true];
    const malformed: string[] = [];
    for (let round = 0; round < 1000; round += 1) {
      const builder = round % 2 ? triangle() : skinnedPair();
      const fields = jsonFields(builder.json);
      const [holder, key] = fields[Math.floor(random() * fields.length)]!;
      holder[key] = hostile[Math.floor(random() * hostile.length)];
      try {
        gltfToMrf(await readGltf(builder.glb()), { fps: 10 });
      } catch (error) {
        if (!(error instanceof CodecError)) throw new Error(`round ${round}: ${String(error)}`, { cause: error });
        if (error.detail.startsWith('the glTF is malformed')) malformed.push(`${key}: ${error.detail}`);
      }
    }
    // The structural checks, not the safety net around the library, catch what is wrong.
    expect(malformed.length, malformed.join('\n')).toEqual(0);
  });
});

/** A skinned triangle on two joints, animated by rotation: more fields for the hostile-value fuzz. */
function skinnedPair(): GltfBuilder {
  const builder = new GltfBuilder();
  const position = builder.floats('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0], true);
  const joints = builder.integers('VEC4', [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0], 'UNSIGNED_BYTE');
  const weights = builder.floats('VEC4', [1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0]);
  const mesh = builder.add('meshes', {
    primitives: [{ attributes: { POSITION: position, JOINTS_0: joints, WEIGHTS_0: weights }, mode: 4 }],
  });
  const tip = builder.add('nodes', { translation: [0, 1, 0] });
  const root = builder.add('nodes', { children: [tip], rotation: [0, 0, 0, 1], scale: [1, 1, 1] });
  const inverseBind = builder.floats(
    'MAT4',
    [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1],
  );
  const skin = builder.add('skins', { joints: [root, tip], inverseBindMatrices: inverseBind, skeleton: root });
  builder.scene([root, builder.add('nodes', { mesh, skin })]);
  const input = builder.floats('SCALAR', [0, 1], true);
  const output = builder.floats('VEC4', [0, 0, 0, 1, 0, 0.7071, 0, 0.7071]);
  builder.add('animations', {
    samplers: [{ input, output, interpolation: 'LINEAR' }],
    channels: [{ sampler: 0, target: { node: root, path: 'rotation' } }],
  });
  return builder;
}

/** Every (object or array, key) pair inside `json`, for replacing one value. */
function jsonFields(json: unknown): [Record<string | number, unknown>, string | number][] {
  const found: [Record<string | number, unknown>, string | number][] = [];
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    for (const key of Object.keys(value)) {
      const holder = value as Record<string | number, unknown>;
      found.push([holder, Array.isArray(value) ? Number(key) : key]);
      walk(holder[key]);
    }
  };
  walk(json);
  return found;
}
