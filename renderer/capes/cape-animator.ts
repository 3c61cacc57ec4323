/**
 * One cape's animated vertex buffers: positions and normals preallocated once per cape, filled by
 * shared/mrf's sampler (the game's playback rules) whenever the time since the show changes, plus
 * the flipped UVs, the indices, bounds and the normals overlay — all without allocating per frame.
 * Pure TypeScript over typed arrays, so the benchmark times exactly what the viewport runs.
 */
import { type MrfFile, type MrfPlayhead, createMrfPlayhead, sampleMrf } from '../../shared/mrf';

/** Length of the normals overlay's lines relative to the cape's size. */
const NORMAL_LENGTH_FRACTION = 0.03;

/** Buffers and sampling for one cape. */
export class CapeAnimator {
  readonly vertexCount: number;
  readonly positions: Float32Array;
  readonly normals: Float32Array;
  /** UVs with V flipped (v' = 1 − v), as the spec says the file stores DirectX UVs. */
  readonly uvs: Float32Array;
  /** Triangle corners (a copy: the file's view may be unaligned or shared). */
  readonly indices: Uint16Array | Uint32Array;
  /** Axis-aligned bounds of the last sample: [minX, minY, minZ, maxX, maxY, maxZ]. */
  readonly bounds = new Float32Array(6);
  /** Line pairs (start, end) for the normals overlay, filled by `updateNormalLines`. */
  readonly normalLines: Float32Array;
  /** Whether the game draws the mesh at the last sampled time. */
  rendered = false;
  /** Set by the viewport: whether the cape is on screen this frame (framing uses it). */
  visible = false;
  /** Bumped whenever the buffers change (the viewport uploads on change). */
  version = 0;
  private lastSeconds = Number.NaN;
  private readonly playhead: MrfPlayhead = createMrfPlayhead();

  constructor(readonly file: MrfFile) {
    this.vertexCount = file.uvs.length / 2;
    this.positions = new Float32Array(this.vertexCount * 3);
    this.normals = new Float32Array(this.vertexCount * 3);
    this.normalLines = new Float32Array(this.vertexCount * 6);
    this.uvs = new Float32Array(this.vertexCount * 2);
    for (let vertex = 0; vertex < this.vertexCount; vertex += 1) {
      this.uvs[vertex * 2] = file.uvs[vertex * 2]!;
      this.uvs[vertex * 2 + 1] = 1 - file.uvs[vertex * 2 + 1]!;
    }
    // Faces pointing past the vertices (a validation error) are dropped rather than drawn wild.
    const corners = file.faces.length - (file.faces.length % 3);
    let valid = 0;
    const kept = new Uint16Array(corners);
    for (let corner = 0; corner < corners; corner += 3) {
      const a = file.faces[corner]!;
      const b = file.faces[corner + 1]!;
      const c = file.faces[corner + 2]!;
      if (a >= this.vertexCount || b >= this.vertexCount || c >= this.vertexCount) continue;
      kept[valid] = a;
      kept[valid + 1] = b;
      kept[valid + 2] = c;
      valid += 3;
    }
    this.indices = kept.subarray(0, valid);
  }

  /**
   * Samples the cape `secondsSinceShow` after its show key. Returns true when the buffers changed;
   * sampling the same time twice does nothing.
   */
  update(secondsSinceShow: number): boolean {
    if (secondsSinceShow === this.lastSeconds) return false;
    this.lastSeconds = secondsSinceShow;
    this.rendered = sampleMrf(this.file, secondsSinceShow, this.positions, this.normals, this.playhead);
    if (!this.rendered) return false;
    this.updateBounds();
    this.version += 1;
    return true;
  }

  /** Forgets the last sampled time (the next update samples again). */
  invalidate(): void {
    this.lastSeconds = Number.NaN;
  }

  private updateBounds(): void {
    const positions = this.positions;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let minZ = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    let maxZ = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < positions.length; index += 3) {
      const x = positions[index]!;
      const y = positions[index + 1]!;
      const z = positions[index + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
    this.bounds[0] = minX;
    this.bounds[1] = minY;
    this.bounds[2] = minZ;
    this.bounds[3] = maxX;
    this.bounds[4] = maxY;
    this.bounds[5] = maxZ;
  }

  /** The diagonal of the last bounds (0 before the first sample). */
  size(): number {
    const dx = this.bounds[3]! - this.bounds[0]!;
    const dy = this.bounds[4]! - this.bounds[1]!;
    const dz = this.bounds[5]! - this.bounds[2]!;
    const size = Math.sqrt(dx * dx + dy * dy + dz * dz);
    return Number.isFinite(size) ? size : 0;
  }

  /** Fills the normals overlay: a short line along each vertex normal. */
  updateNormalLines(): void {
    const length = Math.max(this.size() * NORMAL_LENGTH_FRACTION, 1e-3);
    const lines = this.normalLines;
    for (let vertex = 0, source = 0, target = 0; vertex < this.vertexCount; vertex += 1, source += 3, target += 6) {
      const x = this.positions[source]!;
      const y = this.positions[source + 1]!;
      const z = this.positions[source + 2]!;
      lines[target] = x;
      lines[target + 1] = y;
      lines[target + 2] = z;
      lines[target + 3] = x + this.normals[source]! * length;
      lines[target + 4] = y + this.normals[source + 1]! * length;
      lines[target + 5] = z + this.normals[source + 2]! * length;
    }
  }
}
