import type { CliCommand } from '../command';

/** Every `morf` subcommand, in the order `morf --help` lists them. */
export const commands: CliCommand[] = [];
