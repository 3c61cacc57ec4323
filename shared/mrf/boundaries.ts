/**
 * Chunk boundaries of a file that was read: the sorted, distinct chunk start offsets, to find
 * where a chunk's bytes end (the next start) without scanning every offset each time.
 */
export class ChunkBoundaries {
  private readonly sorted: number[];

  constructor(
    starts: readonly number[],
    private readonly fileByteLength: number,
  ) {
    this.sorted = [...new Set(starts)].sort((a, b) => a - b);
  }

  /** The first chunk start at or after `offset`, or the end of the file. */
  nextAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return Math.min(this.sorted[low] ?? this.fileByteLength, this.fileByteLength);
  }
}
