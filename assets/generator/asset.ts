/**
 * The contract between `scripts/generate-assets.ts` and the generators it runs.
 */

/** One generated file. */
export interface GeneratedAsset {
  /** Path relative to the repository root, with forward slashes (e.g. `assets/sample/data/...`). */
  path: string;
  bytes: Uint8Array;
}

/** A deterministic generator: the same bytes on every run (seeded randomness, no clock). */
export interface AssetGenerator {
  name: string;
  generate(): GeneratedAsset[];
}
