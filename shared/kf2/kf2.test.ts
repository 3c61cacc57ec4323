import { describe, expect, it } from 'vitest';
import { kf2Clips, kf2MeshTexture, kf2ToMrf } from './cape';
import { readKf2 } from './read';
import { kf2Summary } from './summary';
import {
  capeScene,
  IDENTITY_ROWS,
  keyframeChunk,
  Kf2Writer,
  materialChunk,
  nodeChunk,
  yQuarterRows,
} from './testing/kf2-builder';

function at(keyframe: Float32Array, vertex: number): number[] {
  return Array.from(keyframe.subarray(vertex * 6, vertex * 6 + 6));
}

function expectClose(actual: number[], expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 5));
}

const half = Math.SQRT1_2;

describe('KF2 reader', () => {
  it('reads the cape scene: material list, meshes, skin, keyframe animations', () => {
    const file = readKf2(capeScene());
    expect(file.layout).toBe('plain');
    expect(file.chunks.map((chunk) => chunk.name)).toEqual([
      'Material List',
      'Mesh',
      'Mesh',
      'Mesh',
      'Skin',
      'Keyframe Animation',
      'Keyframe Animation',
    ]);
    const material = file.materialLists[0]!.materials[0]!;
    expect(material).toMatchObject({ version: 2, name: 'cloth', flags: { fogging: true }, unknown: [false, false, 0] });
    expect(material.diffuseTexture).toEqual({ name: 'cloth texture', mipMaps: 0, filtering: 2, files: ['cape.tga'] });
    const cape = file.meshes[2]!;
    expect(cape.node).toMatchObject({ version: 1, name: 'cape', parentName: '', hasParent: false, userString: '' });
    expect(Array.from(cape.geometry!.positions)).toEqual([1, 0, 0, 0, 0, 1, 0, 1, 0]);
    expect(Array.from(cape.polygons!.indices!)).toEqual([0, 1, 2]);
    expect(cape.polygonMaterial!.materials).toEqual(['cloth']);
    expect(file.skins[0]!.influences).toEqual({
      vertices: [0, 1, 1, 2],
      bones: [0, 0, 1, 1],
      weights: [1, 0.5, 0.5, 1],
    });
    expect(file.animations[0]).toMatchObject({
      version: 5,
      animation: { objectName: 'bone1', fps: 30, looping: true },
      frames: [0, 30],
      visibility: { frames: [0], values: [1] },
      loopToFrame: 0,
      interpolationMethod: 1,
      maintainMatrixScaling: false,
    });
  });

  it('reads every Keyframe Animation version (0–5)', () => {
    for (let version = 0; version <= 5; version += 1) {
      const writer = new Kf2Writer();
      keyframeChunk(writer, version, 'bone', 24, [[3, IDENTITY_ROWS]]);
      const [animation] = readKf2(writer.done()).animations;
      expect(animation!.version).toBe(version);
      expect(animation!.frames).toEqual([3]);
      expect(animation!.frameCount).toBe(4);
      expect(animation!.visibility !== undefined).toBe(version >= 1);
      expect(animation!.loopToFrame !== undefined).toBe(version >= 2);
      expect(animation!.interpolationMethod !== undefined).toBe(version >= 3);
      expect(animation!.maintainMatrixScaling !== undefined).toBe(version >= 4);
    }
  });

  it('reads Node 0, Geometry 0, Polygons 0, Smoothing, Polygon Material 0, UV 0, Reference, Skin 0, Camera', () => {
    const writer = new Kf2Writer();
    writer.chunk(0x0001000f, 0, (list) => {
      list.string('').int(2);
      materialChunk(list, 0, 'a', 'a.tga');
      materialChunk(list, 1, 'b', 'b.tga');
    });
    writer.chunk(0x00010005, 1, (mesh) => {
      mesh.chunk(0x0001001a, 0, (reference) => reference.string('elsewhere'));
      nodeChunk(mesh, 'quad', '', IDENTITY_ROWS, 0);
      mesh.chunk(0x00010006, 0, (geometry) => {
        geometry.int(4);
        for (const vertex of [
          [0, 0, 0],
          [1, 0, 0],
          [1, 0, 1],
          [0, 0, 1],
        ])
          geometry.vector3(vertex);
      });
      mesh.chunk(0x00010007, 0, (polygons) => {
        polygons.int32(1);
        polygons.chunk(0x00010008, 0, (polygon) => polygon.int(4).int(0).int(1).int(2).int(3));
        polygons.int(0).int(0);
      });
      mesh.chunk(0x0001000b, 0, (smoothing) => smoothing.int(1).uint(1));
      mesh.chunk(0x0001000c, 0, (materials) => materials.int(1).string('b').int(1).int(0));
      mesh.chunk(0x0001000e, 0, (uv) => {
        uv.int(0).int(1);
        uv.chunk(0x00010008, 0, (polygon) => polygon.int(4).int(0).int(1).int(2).int(0));
        uv.int(0).int(0).int(3);
        for (const coordinate of [
          [0, 0, 0],
          [1, 0, 0],
          [1, 1, 0],
        ])
          uv.vector3(coordinate);
      });
    });
    writer.chunk(0x00010014, 0, (skin) => {
      skin.int(1).int(0).int(0).float(1);
      skin.int(0);
      skin.int(1).int(2).int(0).float(0.25);
      skin.int(1).string('quad').int(1).string('quad').int(1).vector3([1, 2, 3]);
    });
    writer.chunk(0x00010001, 0, (camera) => {
      nodeChunk(camera, 'eye');
      camera.float(60).float(0.1).float(100);
    });
    writer.chunk(0x00010015, 0, (environment) => {
      for (let channel = 0; channel < 8; channel += 1) environment.unsignedChar(channel * 30);
    });
    writer.chunk(0x00010016, 0, (helper) => helper.raw([1, 2, 3]));
    writer.chunk(0x00077777, 3, (unknown) => unknown.raw([9, 9]));
    const file = readKf2(writer.done());
    expect(file.materialLists[0]!.materials.map((material) => material.version)).toEqual([0, 1]);
    const mesh = file.meshes[0]!;
    expect(mesh).toMatchObject({ version: 1, reference: 'elsewhere', smoothing: [1] });
    expect(mesh.node).toMatchObject({ version: 0, name: 'quad' });
    expect(mesh.node!.userString).toBeUndefined();
    expect(mesh.polygons).toEqual({ version: 0, polygons: [[0, 1, 2, 3]], unknown: [0, 0] });
    expect(mesh.polygonMaterial).toEqual({ version: 0, materials: ['b'], polygonMaterials: [0] });
    expect(mesh.uvMappings[0]!.polygons).toEqual([[0, 1, 2, 0]]);
    expect(file.skins[0]).toMatchObject({
      version: 0,
      influences: { vertices: [0, 2], bones: [0, 0], weights: [1, 0.25] },
      skinObjects: ['quad'],
    });
    expect(file.cameras[0]).toMatchObject({ node: { name: 'eye' }, fov: 60, backPlane: 100 });
    expect(file.environments[0]).toEqual({ ambient: [0, 30, 60, 90], clearing: [120, 150, 180, 210] });
    expect(file.undescribed.map((chunk) => [chunk.name, chunk.byteLength])).toEqual([['Helper', 3]]);
    expect(file.skipped.map((chunk) => [chunk.name, chunk.version, chunk.byteLength])).toEqual([
      ['chunk 0x00077777', 3, 2],
    ]);
    // The quad fans into two triangles, split where its corners pick other UVs; the texture is material b's.
    const baked = kf2ToMrf(file, { mesh: 'quad' });
    expect(baked.mrf.keyframes).toHaveLength(1);
    expect(baked.mrf.faces.length).toBe(6);
    expect(kf2MeshTexture(file, mesh)).toBe('b.tga');
    expect(baked.mrf.texturePath).toBe('b'); // what the engine reads of the stored path
    expect(kf2Summary(file).meshes[0]).toMatchObject({ name: 'quad', vertices: 4, polygons: 1 });
  });

  it('refuses a version the spec does not define, naming the chunk', () => {
    const mesh = new Kf2Writer().chunk(0x00010005, 3, (body) => nodeChunk(body, 'x')).done();
    expect(() => readKf2(mesh)).toThrow(/KF2 unsupported at chunks\[0\]\(Mesh\) \(byte 5\): Mesh version 3 .*\(1, 2\)/);
    const node = new Kf2Writer().chunk(0x00010005, 2, (body) => nodeChunk(body, 'x', '', IDENTITY_ROWS, 4)).done();
    expect(() => readKf2(node)).toThrow(/unsupported at chunks\[0\]\(Mesh\)\.Node\(Node\).*Node version 4/);
    const animation = new Kf2Writer();
    keyframeChunk(animation, 6, 'bone', 30, []);
    expect(() => readKf2(animation.done())).toThrow(/Keyframe Animation version 6/);
  });

  it('refuses truncation, lying counts and wrong tags with the field and offset', () => {
    const whole = capeScene();
    expect(() => readKf2(whole.subarray(0, whole.length - 5))).toThrow(/KF2 truncated at chunks\[6\]\.size/);
    const lying = new Kf2Writer().chunk(0x00010005, 2, (mesh) =>
      mesh.chunk(0x00010006, 1, (geometry) => geometry.uint(0xffffff)),
    );
    expect(() => readKf2(lying.done())).toThrow(
      /truncated at chunks\[0\]\(Mesh\)\.Geometry\(Geometry\)\.number_of_vertices/,
    );
    // A Node whose object_name is an int32 3: a string of 3 bytes with none left (its length at byte 13 + 13).
    const wrong = new Kf2Writer().chunk(0x00010005, 2, (mesh) => mesh.chunk(0x00010000, 1, (node) => node.int(3)));
    expect(() => readKf2(wrong.done())).toThrow(
      /truncated at chunks\[0\]\(Mesh\)\.Node\(Node\)\.object_name\.length \(byte 26\): 3 bytes, 0 left/,
    );
    const negative = new Kf2Writer().chunk(0x00010005, 2, (mesh) =>
      mesh.chunk(0x00010006, 0, (geometry) => geometry.int(-1)),
    );
    expect(() => readKf2(negative.done())).toThrow(
      /invalid at .*number_of_vertices \(byte 26\): the count -1 is negative/,
    );
    expect(() => readKf2(new Uint8Array(0))).toThrow(/the file is empty/);
  });
});

describe('KF2 → MRF', () => {
  it('bakes a bone turning 90° and two bones weighted 0.5/0.5, by hand, in Warcraft III’s axes', () => {
    const baked = kf2ToMrf(readKf2(capeScene()));
    expect(baked.mesh).toEqual({ index: 2, name: 'cape' });
    expect(baked.animation).toEqual({ index: 0, name: 'animation 0' });
    expect([baked.startSeconds, baked.endSeconds]).toEqual([0, 1]);
    expect(baked.mrf.keyframes).toHaveLength(31);
    expect(baked.mrf.texturePath).toBe('cape'); // the stored cape.tga, as the engine reads it
    // Direct3D (x, y, z) → (x, z, y); the triangle's corners turned to keep it facing out.
    expect(Array.from(baked.mrf.faces)).toEqual([0, 2, 1]);
    expect(Array.from(baked.mrf.uvs)).toEqual([0, 0, 1, 0, 0, 0.25]);
    const [first, middle, last] = [0, 15, 30].map((key) => baked.mrf.keyframes[key]!);
    expectClose(at(first!, 0), [1, 0, 0, 1, 0, 0]);
    expectClose(at(first!, 1), [0, 1, 0, 0, 1, 0]);
    expectClose(at(first!, 2), [0, 0, 1, 0, 0, 1]);
    // bone1 at 1 s: Direct3D (x, y, z) → (z, y, −x), i.e. Warcraft III (x, y, z) → (y, −x, z).
    expectClose(at(last!, 0), [0, -1, 0, 0, -1, 0]);
    expectClose(at(middle!, 0), [half, -half, 0, half, -half, 0]);
    // bone2 at 1 s: up (Warcraft III Z) by 2.
    expectClose(at(last!, 2), [0, 0, 3, 0, 0, 1]);
    expectClose(at(middle!, 2), [0, 0, 2, 0, 0, 1]);
    // Half and half: (0.5·(1, 0, 0) + 0.5·(0, 1, 2)); the normal by the blend's inverse-transpose.
    expectClose(at(last!, 1), [0.5, 0.5, 1, half, half, 0]);
  });

  it('bakes every animation version alike, at --fps, and moves an unskinned mesh with its node', () => {
    const reference = kf2ToMrf(readKf2(capeScene(5))).mrf.keyframes[30]!;
    for (const version of [0, 2, 4]) {
      expect(Array.from(kf2ToMrf(readKf2(capeScene(version))).mrf.keyframes[30]!)).toEqual(Array.from(reference));
    }
    expect(kf2ToMrf(readKf2(capeScene()), { fps: 10 }).mrf.keyframes).toHaveLength(11);
    const writer = new Kf2Writer();
    writer.chunk(0x00010005, 2, (mesh) => {
      nodeChunk(mesh, 'flag', '', [...IDENTITY_ROWS.slice(0, 3), [0, 0, 4]]);
      mesh.chunk(0x00010006, 1, (geometry) =>
        geometry.uint(3).rawFloats([0, 0, 0, 1, 0, 0, 0, 1, 0]).rawFloats(Array(9).fill(0)).uint(0),
      );
      mesh.chunk(0x00010007, 1, (polygons) => polygons.uint(3).rawUint16s([0, 1, 2]).uint(0));
    });
    keyframeChunk(writer, 1, 'flag', 25, [
      [0, [...IDENTITY_ROWS.slice(0, 3), [0, 0, 4]]],
      [50, yQuarterRows([0, 0, 4])],
    ]);
    const flag = kf2ToMrf(readKf2(writer.done()), { mesh: 'flag' });
    expect([flag.endSeconds, flag.mrf.keyframes.length]).toEqual([2, 51]);
    // Geometry (1, 0, 0) in the node's space, the node at Direct3D (0, 0, 4) → Warcraft III (1, 4, 0);
    // at 2 s turned: (0, 0, −1) + (0, 0, 4) → Warcraft III (0, 3, 0).
    expectClose(at(flag.mrf.keyframes[0]!, 1).slice(0, 3), [1, 4, 0]);
    expectClose(at(flag.mrf.keyframes[50]!, 1).slice(0, 3), [0, 3, 0]);
    expect(flag.warnings).toContain('the mesh has no UV Mapping: every UV is (0, 0)');
  });

  it('groups animation chunks per node into animations and refuses unknown names', () => {
    const writer = new Kf2Writer().raw(Array.from(capeScene()));
    keyframeChunk(writer, 5, 'bone1', 10, [
      [5, IDENTITY_ROWS],
      [20, yQuarterRows()],
    ]);
    const file = readKf2(writer.done());
    const clips = kf2Clips(file);
    expect(clips.map((clip) => [clip.name, clip.tracks.length, clip.startSeconds, clip.endSeconds, clip.fps])).toEqual([
      ['animation 0', 2, 0, 1, 30],
      ['animation 1', 1, 0.5, 2, 10],
    ]);
    expect(kf2ToMrf(file, { animation: '1' }).mrf.keyframes).toHaveLength(16);
    expect(() => kf2ToMrf(file, { animation: 'walk' })).toThrow(/--animation.*"animation 0", "animation 1"/);
    expect(() => kf2ToMrf(file, { mesh: 'sail' })).toThrow(/--mesh.*"bone1", "bone2", "cape"/);
  });
});
