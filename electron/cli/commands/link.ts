/**
 * `morf link MODEL --id ID --show F[,F…] --hide F[,F…] [-o OUT]`: creates the MRF link ID (its
 * `MRFx<ID>` show and `MRDx<ID>` hide objects) or sets the keys of an existing one.
 */
import { findLink, linkIdProblem, type ModelEdit } from '../../../shared/events/index';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { framesText } from '../formats/model';
import { editModel, parseFrames, parseOptions, readModelFile, writeEditedModel } from './model-file';

const usage = 'morf link MODEL --id ID --show F[,F…] --hide F[,F…] [-o OUT]';

/** `morf link`: create or update an MRF link. */
export const linkCommand: CliCommand = {
  name: 'link',
  summary: 'Create an MRF link (show/hide event objects) or set its keys',
  usage:
    `Usage: ${usage}\n\nCreates the link ID — an MRFx<ID> object showing\n` +
    `Doodads\\Cinematic\\ArthasIllidanFight\\ArthasCape<ID>.mrf at the --show times and an\n` +
    `MRDx<ID> object hiding it at the --hide times (ms, comma-separated) — or, when the\n` +
    `model has the link, sets the keys given (an option left out keeps its keys; an\n` +
    `empty value removes them). New objects take the parent and pivot of the model's\n` +
    `first MRF/MRD object. Writes OUT, or MODEL in place keeping MODEL.bak; atomically.`,
  async run(args, io) {
    const { values, positional } = parseOptions(
      args,
      ['--id', '--show', '--hide', '--output'],
      { '-o': '--output' },
      usage,
    );
    if (positional.length !== 1) throw new UsageError(`expects one model file (usage: ${usage})`);
    const id = values.get('--id');
    if (id === undefined) throw new UsageError(`--id is required (usage: ${usage})`);
    const idProblem = linkIdProblem(id);
    if (idProblem) throw new UsageError(idProblem);
    const show = values.has('--show') ? parseFrames(values.get('--show')!, '--show') : undefined;
    const hide = values.has('--hide') ? parseFrames(values.get('--hide')!, '--hide') : undefined;
    if (show === undefined && hide === undefined) throw new UsageError(`give --show, --hide or both (usage: ${usage})`);
    const path = positional[0]!;
    const document = await readModelFile(path, io.cwd);
    const link = findLink(document.links, id);
    let edit: ModelEdit;
    let what: string;
    if (!link) {
      if (show === undefined || hide === undefined)
        throw new UsageError(`${path} has no link ${id}; creating it needs both --show and --hide`);
      edit = { kind: 'addLink', id, showFrames: show, hideFrames: hide };
      what = `link ${id} created (show ${framesText(show)}; hide ${framesText(hide)})`;
    } else {
      const edits: ModelEdit[] = [];
      if (show !== undefined)
        edits.push(
          link.showIndex !== null
            ? { kind: 'setFrames', objectIndex: link.showIndex, frames: show }
            : { kind: 'addEventObject', name: `MRFx${link.id}`, frames: show },
        );
      if (hide !== undefined)
        edits.push(
          link.hideIndex !== null
            ? { kind: 'setFrames', objectIndex: link.hideIndex, frames: hide }
            : { kind: 'addEventObject', name: `MRDx${link.id}`, frames: hide },
        );
      edit = { kind: 'batch', edits };
      const after = [
        show === undefined ? '' : `show ${framesText(show)}`,
        hide === undefined ? '' : `hide ${framesText(hide)}`,
      ]
        .filter(Boolean)
        .join('; ');
      what = `link ${link.id} updated (${after})`;
    }
    const edited = editModel(path, document, edit);
    await writeEditedModel(io, path, values.get('--output'), document, edited, what);
    return ExitCode.ok;
  },
};
