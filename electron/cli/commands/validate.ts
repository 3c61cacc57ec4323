import { hasErrors } from '../../../shared/diagnostics';
import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { diagnosticTally, formatDiagnostics } from '../formats/text';
import { capeLines, locateCapes, modelLinksOf, takeDataOptions } from '../data-sources';
import { describeError } from '../errors';
import { namingFileAsync, openFormatFile } from './open-file';

const usage = 'morf validate FILE... [--data FOLDER_OR_ARCHIVE]...';

/** `morf validate FILE…`: diagnostics per file; exit 0 clean, 1 when any file has errors, 2 when one cannot be read. */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check files; exit 0 when clean, 1 on errors, 2 when a file cannot be read',
  usage:
    `Usage: ${usage}\n\nPrints each file's diagnostics. Exit code 0 when no file has errors (warnings\nand ` +
    `notes allowed), 1 when any file has errors, 2 when any file cannot be read.\nWith --data (repeatable, first ` +
    `match wins), each model's MRF link capes are reported as\nfound (where) or missing (not counted as errors).`,
  async run(args, io) {
    const { rest, data } = takeDataOptions(args);
    const { positional } = parseArgs(rest, [], usage);
    if (positional.length === 0) throw new UsageError(`expects at least one file (usage: ${usage})`);
    let unreadable = false;
    let errors = false;
    for (const path of positional) {
      try {
        const file = await openFormatFile(path, io.cwd);
        const diagnostics = await namingFileAsync(path, () => file.handler.validate(file.bytes, file));
        errors ||= hasErrors(diagnostics);
        const capes = await locateCapes(
          data,
          io.cwd,
          data.length ? modelLinksOf(file.handler.format, file.bytes, path) : [],
        );
        const listed = diagnostics.length ? formatDiagnostics(diagnostics, '  ') : '';
        io.stdout(`${path}: ${diagnosticTally(diagnostics)}\n${listed}${capes ? capeLines(capes) : ''}`);
      } catch (error) {
        unreadable = true;
        io.stderr(`morf validate: ${describeError(error)}\n`);
      }
    }
    return unreadable ? ExitCode.failure : errors ? ExitCode.findings : ExitCode.ok;
  },
};
