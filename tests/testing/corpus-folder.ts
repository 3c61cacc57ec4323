/**
 * The real files of `../shared`: `corpus/` (models and capes) and `corpus-textures/`, each listed
 * in its MANIFEST.tsv. They sit beside the repository in CI and are absent in a user's clone.
 * Read by the codec tests (through ./corpus.ts, which adds `describeCorpus`) and by the model
 * benchmark; this module imports no test framework, so the bundled benchmark can use it.
 *
 * Why this lives in tests/testing and not in shared/testing: it reads files with node:fs, and
 * shared/ is the pure codec (tests/layers.test.ts refuses Node imports in any shared/ module but a
 * *.test.ts file, and tsconfig.shared.json type-checks shared/ without the Node types). tests/ is
 * outside that layer, so the corpus tests under shared/ import it and no shared/ module
 * can (the layer rule forbids shared/ modules to import from tests/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `../shared` relative to the repository: where the corpus folders live. This module sits two
 * folders below the repository root, here (tests/testing) and bundled (out/bench) alike.
 */
const SHARED_DIRECTORY = join(import.meta.dirname, '..', '..', '..', 'shared');

/** One row of a MANIFEST.tsv: every column by its header name ('' for an empty or missing cell). */
export type ManifestRow = Readonly<Record<string, string>>;

/** A corpus folder of ../shared: whether it is present, its manifest and its files' bytes. */
export class CorpusFolder {
  /** Absolute path of the folder. */
  readonly directory: string;
  /** True when the folder and its MANIFEST.tsv exist. */
  readonly present: boolean;
  /** Why the suites over this folder are skipped, when it is absent. */
  readonly absence: string;

  constructor(readonly name: 'corpus' | 'corpus-textures' | 'corpus-maps') {
    this.directory = join(SHARED_DIRECTORY, name);
    this.present = existsSync(join(this.directory, 'MANIFEST.tsv'));
    this.absence =
      `../shared/${name} is absent (no ${join(this.directory, 'MANIFEST.tsv')}; it sits beside the ` +
      `repository in CI, not in a clone)`;
  }

  /** The rows of MANIFEST.tsv (an empty list when the folder is absent). */
  manifest(): ManifestRow[] {
    if (!this.present) return [];
    const [header, ...lines] = readFileSync(join(this.directory, 'MANIFEST.tsv'), 'latin1')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line.length > 0);
    const columns = header!.split('\t');
    return lines.map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
    });
  }

  /** The bytes of `file` (a path relative to the folder, as the manifest names it). */
  bytes(file: string): Uint8Array {
    return new Uint8Array(readFileSync(join(this.directory, file)));
  }
}

/** ../shared/corpus: MDX and MDL models and MRF capes. */
export const modelCorpus = new CorpusFolder('corpus');

/** ../shared/corpus-textures: BLP, DDS and TGA textures with their reference PNGs. */
export const textureCorpus = new CorpusFolder('corpus-textures');

/** ../shared/corpus-maps: Warcraft III maps (MPQ archives with the HM3W block). */
export const mapCorpus = new CorpusFolder('corpus-maps');

/** A model or cape listed in ../shared/corpus/MANIFEST.tsv. */
export interface CorpusModel {
  /** Path relative to the corpus folder. */
  file: string;
  /** `MDX`, `MDL` or `MRF`. */
  format: string;
  /** The version the manifest read (NaN when it names none). */
  version: number;
  /** The event object names the manifest lists, in file order. */
  eventNames: string[];
  /** The chunk tags the manifest's own walk found, comma-separated. */
  chunks: string;
}

/** The rows of ../shared/corpus/MANIFEST.tsv whose format is one of `formats` (none when it is absent). */
export function corpusModels(...formats: string[]): CorpusModel[] {
  return modelCorpus
    .manifest()
    .filter((row) => formats.includes(row['format'] ?? ''))
    .map((row) => ({
      file: row['file'] ?? '',
      format: row['format'] ?? '',
      version: (row['version'] ?? '') === '' ? Number.NaN : Number(row['version']),
      eventNames: (row['event_names'] ?? '').split(' ').filter((name) => name.length > 0),
      chunks: row['chunks'] ?? '',
    }));
}

/**
 * The MDL files of ../shared/corpus whose MDX is in the corpus too: [mdl, mdx] pairs of the same
 * model. `MDXLib__PackHorse.mdl` is not one: its MDX namesake holds 75 nodes and 9 event objects,
 * the MDL an older mesh-only export (1 bone, no event objects); `PackHorse_magos.mdl` is the MDL
 * of that MDX.
 */
export const CORPUS_TWINS: readonly (readonly [mdl: string, mdx: string])[] = [
  ['Retera__ReterasModelStudio/MDXLib__PackHorse_magos.mdl', 'Retera__ReterasModelStudio/MDXLib__PackHorse.mdx'],
  [
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__debug__TunableKaelSpheres.mdl',
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__bases__TunableKaelSpheres.mdx',
  ],
  [
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__debug__TunableShield.mdl',
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__bases__TunableShield.mdx',
  ],
  [
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__debug__TunableStackUp.mdl',
    'Retera__ReterasModelStudio/JesusHipsterAttachmentSystem__bases__TunableStackUp.mdx',
  ],
];
