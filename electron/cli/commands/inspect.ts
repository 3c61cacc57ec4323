import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { toJson } from '../json';
import { namingFile, openFormatFile } from './open-file';

const usage = 'morf inspect FILE [--json]';

/** `morf inspect FILE [--json]`: a summary of one file (counts, timing, texture, bounds, diagnostics). */
export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'Summarise a cape or model: counts, timing, events, links and diagnostics',
  usage:
    `Usage: ${usage}\n\nPrints a readable summary of FILE (.mrf, .mdx or .mdl), or with --json an object.\n` +
    'For an MRF: format, keyframeCount, vertexCount, cornerCount, faceCount, frameInterval,\n' +
    'initialTime, debugFlag, pivot, boundsRadius, texturePath, durationSeconds, bounds, diagnostics.\n' +
    'For a model: format, version, name, sequences, globalSequences, eventObjects (name, type, id,\n' +
    'objectId, parentId, globalSequenceId, frames, tracks), mrfLinks (id, path, show, hide), diagnostics.',
  async run(args, io) {
    const { flags, positional } = parseArgs(args, ['--json'], usage);
    if (positional.length !== 1) throw new UsageError(`expects one file (usage: ${usage})`);
    const file = await openFormatFile(positional[0]!, io.cwd);
    const result = namingFile(file.path, () => file.handler.inspect(file.bytes));
    if (flags.has('--json')) io.stdout(`${toJson(result.summary)}\n`);
    else io.stdout(`${file.path}: ${result.text}`);
    return ExitCode.ok;
  },
};
