/**
 * The shape of a `morf` subcommand. Commands write through `io` (never to process.stdout
 * directly) so tests can run them in-process, and return the exit code.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory for relative paths. */
  cwd: string;
}

/** One `morf` subcommand. */
export interface CliCommand {
  name: string;
  /** One line for `morf --help`. */
  summary: string;
  /** Usage lines for `morf help NAME`. */
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Thrown for bad command-line usage; printed as one line with exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  /** Validation found errors. */
  findings: 1,
  /** The input could not be read, or the command was used wrongly. */
  failure: 2,
} as const;
