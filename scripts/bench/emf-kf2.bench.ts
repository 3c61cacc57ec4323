/**
 * EMF and KF2 cape benchmarks: reading and baking a 20,000-vertex grid (200 × 100, 39,402
 * triangles) hanging from a chain of 8 bones that swing over 200 frames at 30 fps — an EMF set
 * (each vertex on one bone) and a KF2 file (each vertex weighted between two bones; in issue 15's
 * plain layout, and again type-tagged, read by the fallback) — into an MRF.
 * The goal is the glTF bake's: under a second.
 */
import { emfToMrf, loadEmfSet } from '../../shared/emf/cape';
import {
  emfKeyframesBytes,
  emfManifestBytes,
  emfMeshBytes,
  emfSkeletonBytes,
  type BuiltEmfKeyframe,
  type BuiltEmfVertex,
} from '../../shared/emf/testing/emf-builder';
import { kf2ToMrf } from '../../shared/kf2/cape';
import { readKf2 } from '../../shared/kf2/read';
import { Kf2Writer, keyframeChunk, nodeChunk, type Kf2WriterLayout } from '../../shared/kf2/testing/kf2-builder';
import { type BenchSuite, clearsAtMost, measure } from './harness';

const COLUMNS = 200;
const ROWS = 100;
const BONES = 8;
const FRAMES = 200;
const FPS = 30;

/** Grid corners of the triangles, row-major: two triangles per cell. */
function gridCorners(): number[] {
  const corners: number[] = [];
  for (let row = 0; row + 1 < ROWS; row += 1) {
    for (let column = 0; column + 1 < COLUMNS; column += 1) {
      const at = row * COLUMNS + column;
      corners.push(at, at + COLUMNS, at + 1, at + 1, at + COLUMNS, at + COLUMNS + 1);
    }
  }
  return corners;
}

const boneOfRow = (row: number) => Math.min(BONES - 1, Math.floor((row / ROWS) * BONES));

function emfSet(): Record<string, Uint8Array> {
  const vertices: BuiltEmfVertex[] = gridCorners().map((vertex) => {
    const row = Math.floor(vertex / COLUMNS);
    const column = vertex % COLUMNS;
    return { bone: boneOfRow(row), position: [column, 0, -row], normal: [0, 1, 0], uv: [column / COLUMNS, row / ROWS] };
  });
  const keyframes: BuiltEmfKeyframe[] = [];
  for (let bone = 0; bone < BONES; bone += 1) {
    for (let frame = 0; frame < FRAMES; frame += 1) {
      const swing = Math.sin((frame / FRAMES) * Math.PI * 2) * 0.1 * (bone + 1);
      keyframes.push({ bone, time: frame, position: [0, 0, 0], rotation: [swing, 0, 0] });
    }
  }
  return {
    'grid.emf': emfManifestBytes('Textures\\Cape.blp', FPS, ['swing']),
    'grid.emf.vtx': emfMeshBytes(vertices),
    'grid.emf.skel': emfSkeletonBytes(Array.from({ length: BONES }, (_, id) => ({ id, name: `bone${id}` }))),
    'grid.emf.anim.swing': emfKeyframesBytes(keyframes),
  };
}

/** The grid as KF2: plain primitives (issue 15's definition), or tagged ones (read by the fallback). */
function kf2File(layout: Kf2WriterLayout = 'plain'): Uint8Array {
  const writer = new Kf2Writer(layout);
  for (let bone = 0; bone < BONES; bone += 1) writer.chunk(0x00010005, 2, (mesh) => nodeChunk(mesh, `bone${bone}`));
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let row = 0; row < ROWS; row += 1) {
    for (let column = 0; column < COLUMNS; column += 1) {
      positions.push(column, -row, 0);
      uvs.push(column / COLUMNS, row / ROWS, 0);
    }
  }
  const count = ROWS * COLUMNS;
  const corners = gridCorners();
  writer.chunk(0x00010005, 2, (mesh) => {
    nodeChunk(mesh, 'grid');
    mesh.chunk(0x00010006, 1, (geometry) =>
      geometry
        .uint(count)
        .rawFloats(positions)
        .rawFloats(new Array<number>(count * 3).fill(0))
        .uint(1)
        .uint(count),
    );
    mesh.chunk(0x00010007, 1, (polygons) =>
      polygons
        .uint(corners.length)
        .rawUint16s(corners)
        .uint(1)
        .uint(corners.length / 3),
    );
    mesh.chunk(0x0001000e, 1, (uv) => uv.uint(0).uint(count).rawFloats(uvs).uint(1).uint(count));
  });
  writer.chunk(0x00010014, 1, (skin) => {
    skin.typeTag().int(1).string('grid');
    skin.typeTag().int(BONES);
    for (let bone = 0; bone < BONES; bone += 1) skin.string(`bone${bone}`);
    skin.typeTag().int(count);
    for (let vertex = 0; vertex < count; vertex += 1) skin.int(vertex * 2);
    skin.typeTag().int(count);
    for (let vertex = 0; vertex < count; vertex += 1) skin.int(2);
    skin.typeTag().int(count * 2);
    for (let vertex = 0; vertex < count; vertex += 1) {
      const bone = boneOfRow(Math.floor(vertex / COLUMNS));
      skin.int(bone).int(Math.min(BONES - 1, bone + 1));
    }
    skin.typeTag().int(count * 2);
    for (let vertex = 0; vertex < count; vertex += 1) skin.float(0.75).float(0.25);
    skin.typeTag().int(1).uint(count);
    skin.typeTag().int(1).uint(0);
  });
  for (let bone = 0; bone < BONES; bone += 1) {
    const keys: [number, number[][]][] = [];
    for (let frame = 0; frame < FRAMES; frame += 1) {
      const angle = Math.sin((frame / FRAMES) * Math.PI * 2) * 0.1 * (bone + 1);
      const [cosine, sine] = [Math.cos(angle), Math.sin(angle)];
      keys.push([
        frame,
        [
          [1, 0, 0],
          [0, cosine, sine],
          [0, -sine, cosine],
          [0, 0, 0],
        ],
      ]);
    }
    keyframeChunk(writer, 5, `bone${bone}`, FPS, keys);
  }
  return writer.done();
}

/** The EMF and KF2 suite. */
export const emfKf2Bench: BenchSuite = {
  name: 'emf-kf2',
  async run(report) {
    const files = emfSet();
    const emfMs = await measure(
      async () => {
        const set = await loadEmfSet(files['grid.emf']!, 'grid.emf', async (name) => files[name]!);
        return emfToMrf(set);
      },
      { minRuns: 3, minTimeMs: 0, warmup: 1 },
    );
    report.row({
      suite: 'emf-kf2',
      name: `EMF read + bake, ${COLUMNS * ROWS} vertices × ${FRAMES} keyframes`,
      value: emfMs,
      unit: 'ms',
      goal: '< 1000 ms',
      met: clearsAtMost(emfMs, 1000),
    });
    const kf2 = kf2File();
    const kf2Ms = await measure(() => kf2ToMrf(readKf2(kf2)), { minRuns: 3, minTimeMs: 0, warmup: 1 });
    report.row({
      suite: 'emf-kf2',
      name: `KF2 read + bake, ${COLUMNS * ROWS} vertices (2 bones each) × ${FRAMES} keyframes`,
      value: kf2Ms,
      unit: 'ms',
      goal: '< 1000 ms',
      met: clearsAtMost(kf2Ms, 1000),
    });
    // A tagged file is read after the plain reading refuses it: the fallback's cost is in this row.
    const tagged = kf2File('tagged');
    const taggedMs = await measure(() => kf2ToMrf(readKf2(tagged)), { minRuns: 3, minTimeMs: 0, warmup: 1 });
    report.row({
      suite: 'emf-kf2',
      name: `KF2 tagged (fallback) read + bake, ${COLUMNS * ROWS} vertices (2 bones each) × ${FRAMES} keyframes`,
      value: taggedMs,
      unit: 'ms',
      goal: '< 1000 ms',
      met: clearsAtMost(taggedMs, 1000),
    });
  },
};
