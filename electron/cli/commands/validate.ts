import { hasErrors } from '../../../shared/diagnostics';
import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { diagnosticTally, formatDiagnostics } from '../formats/text';
import { describeError } from '../errors';
import { namingFile, openFormatFile } from './open-file';

const usage = 'morf validate FILE...';

/** `morf validate FILE…`: diagnostics per file; exit 0 clean, 1 when any file has errors, 2 when one cannot be read. */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check files; exit 0 when clean, 1 on errors, 2 when a file cannot be read',
  usage:
    `Usage: ${usage}\n\nPrints each file's diagnostics. Exit code 0 when no file has errors (warnings\nand ` +
    `notes allowed), 1 when any file has errors, 2 when any file cannot be read.`,
  async run(args, io) {
    const { positional } = parseArgs(args, [], usage);
    if (positional.length === 0) throw new UsageError(`expects at least one file (usage: ${usage})`);
    let unreadable = false;
    let errors = false;
    for (const path of positional) {
      try {
        const file = await openFormatFile(path, io.cwd);
        const diagnostics = namingFile(path, () => file.handler.validate(file.bytes));
        errors ||= hasErrors(diagnostics);
        io.stdout(
          `${path}: ${diagnosticTally(diagnostics)}\n${diagnostics.length ? formatDiagnostics(diagnostics, '  ') : ''}`,
        );
      } catch (error) {
        unreadable = true;
        io.stderr(`morf validate: ${describeError(error)}\n`);
      }
    }
    return unreadable ? ExitCode.failure : errors ? ExitCode.findings : ExitCode.ok;
  },
};
