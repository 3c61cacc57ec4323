import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { capeLines, linksOf, locateCapes, takeDataOptions } from '../data-sources';
import { toJson } from '../json';
import { namingFileAsync, openFormatFile } from './open-file';

const usage = 'morf inspect FILE [--json] [--data FOLDER_OR_ARCHIVE]...';

/** `morf inspect FILE [--json]`: a summary of one file (counts, timing, texture, bounds, diagnostics). */
export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'Summarise a cape or model: counts, timing, events, links and diagnostics',
  usage:
    `Usage: ${usage}\n\nPrints a readable summary of FILE (.mrf, .mdx or .mdl), or with --json an object.\n` +
    'For an MRF: format, keyframeCount, vertexCount, cornerCount, faceCount, frameInterval,\n' +
    'initialTime, debugFlag, pivot, boundsRadius, texturePath, durationSeconds, bounds, diagnostics.\n' +
    'For a model: format, version, name, sequences, globalSequences, eventObjects (name, type, id,\n' +
    'objectId, parentId, globalSequenceId, frames, tracks), mrfLinks (id, path, show, hide), diagnostics.\n' +
    'With --data (repeatable, first match wins), each MRF link\u2019s cape is reported as found (where) or\n' +
    'missing; --json adds capes [{id, path, found, where}].',
  async run(args, io) {
    const { rest, data } = takeDataOptions(args);
    const { flags, positional } = parseArgs(rest, ['--json'], usage);
    if (positional.length !== 1) throw new UsageError(`expects one file (usage: ${usage})`);
    const file = await openFormatFile(positional[0]!, io.cwd);
    const result = await namingFileAsync(file.path, () => file.handler.inspect(file.bytes, file));
    const capes = await locateCapes(data, io.cwd, linksOf(result.summary));
    if (flags.has('--json')) io.stdout(`${toJson(capes ? { ...result.summary, capes } : result.summary)}\n`);
    else io.stdout(`${file.path}: ${result.text}${capes ? `  capes (--data):\n${capeLines(capes, '    ')}` : ''}`);
    return ExitCode.ok;
  },
};
