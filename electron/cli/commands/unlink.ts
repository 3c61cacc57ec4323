/**
 * `morf unlink MODEL --id ID [-o OUT]`: removes the MRF link ID — its show and hide objects — with
 * the objectIds of every following node renumbered.
 */
import { findLink } from '../../../shared/events/index';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { editModel, parseOptions, readModelFile, writeEditedModel } from './model-file';

const usage = 'morf unlink MODEL --id ID [-o OUT]';

/** `morf unlink`: remove an MRF link. */
export const unlinkCommand: CliCommand = {
  name: 'unlink',
  summary: 'Remove an MRF link (its show and hide event objects)',
  usage:
    `Usage: ${usage}\n\nRemoves the MRFx<ID> and MRDx<ID> event objects of link ID (IDs compare\n` +
    `case-insensitively); the objectIds of the nodes after them move down and every\n` +
    `reference follows. Writes OUT, or MODEL in place keeping MODEL.bak; atomically.`,
  async run(args, io) {
    const { values, positional } = parseOptions(args, ['--id', '--output'], { '-o': '--output' }, usage);
    if (positional.length !== 1) throw new UsageError(`expects one model file (usage: ${usage})`);
    const id = values.get('--id');
    if (id === undefined) throw new UsageError(`--id is required (usage: ${usage})`);
    const path = positional[0]!;
    const document = await readModelFile(path, io.cwd);
    const link = findLink(document.links, id);
    if (!link) {
      const known = document.links.map((candidate) => candidate.id).join(', ');
      throw new UsageError(`${path} has no MRF link ${id} (${known ? `its links: ${known}` : 'it has no links'})`);
    }
    const edited = editModel(path, document, { kind: 'removeLink', id });
    await writeEditedModel(io, path, values.get('--output'), document, edited, `link ${link.id} removed`);
    return ExitCode.ok;
  },
};
