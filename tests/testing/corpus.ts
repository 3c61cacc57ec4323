/**
 * The corpus of `../shared` for the codec tests: everything ./corpus-folder.ts offers, and
 * `describeCorpus`, a suite that is skipped, saying so — never failed — when the folder is absent.
 */
import { describe } from 'vitest';
import type { CorpusFolder } from './corpus-folder';

export * from './corpus-folder';

/**
 * A suite over a corpus folder: run when the folder is present; otherwise skipped, with the
 * reason in its title and on the console, so a clone without ../shared says why nothing ran.
 */
export function describeCorpus(folder: CorpusFolder, title: string, body: () => void): void {
  if (!folder.present) console.warn(`${title}: skipped, ${folder.absence}`);
  describe.skipIf(!folder.present)(folder.present ? title : `${title} (skipped: ${folder.absence})`, body);
}
