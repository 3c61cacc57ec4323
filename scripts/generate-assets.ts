/**
 * `npm run assets`: regenerates the committed sample assets. Every generator is deterministic
 * (seeded, no clock), so running it again writes the same bytes; `--check` only compares.
 *
 * To generate another asset, write an `AssetGenerator` under assets/generator/ and add it to
 * `generators` below.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetGenerator, GeneratedAsset } from '../assets/generator/asset';
import { capeAssets } from '../assets/generator/capes';
import { sampleCinematicAssets } from '../assets/generator/sample-cinematic';
import { writeFileAtomic } from '../electron/cli/files';

/** Every generator, in the order they run. */
export const generators: AssetGenerator[] = [capeAssets, sampleCinematicAssets];

/** The repository root: the nearest folder above this script holding package.json. */
function repositoryRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('cannot find the repository root (package.json) above the generator');
    folder = parent;
  }
  return folder;
}

function unchanged(root: string, asset: GeneratedAsset): boolean {
  try {
    return Buffer.compare(readFileSync(join(root, asset.path)), asset.bytes) === 0;
  } catch {
    return false;
  }
}

const check = process.argv.includes('--check');
const root = repositoryRoot();
let stale = 0;
for (const generator of generators) {
  const assets = generator.generate();
  for (const asset of assets) {
    const same = unchanged(root, asset);
    if (check) {
      if (!same) stale += 1;
      process.stdout.write(`${same ? 'up to date' : 'DIFFERS   '}  ${asset.path}\n`);
      continue;
    }
    if (!same) {
      await mkdir(dirname(join(root, asset.path)), { recursive: true });
      await writeFileAtomic(asset.path, asset.bytes, root);
    }
    process.stdout.write(`${same ? 'unchanged' : 'wrote    '}  ${asset.path} (${asset.bytes.byteLength} bytes)\n`);
  }
}
if (check && stale > 0) {
  process.stderr.write(`${stale} generated asset(s) differ from the committed files; run npm run assets\n`);
  process.exitCode = 1;
}
