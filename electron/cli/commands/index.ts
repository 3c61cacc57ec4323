import type { CliCommand } from '../command';
import { archiveCommand } from './archive';
import { convertCommand } from './convert';
import { dumpCommand } from './dump';
import { eventsCommand } from './events';
import { inspectCommand } from './inspect';
import { linkCommand } from './link';
import { textureCommand } from './texture';
import { unlinkCommand } from './unlink';
import { validateCommand } from './validate';

/** Every `morf` subcommand, in the order `morf --help` lists them. */
export const commands: CliCommand[] = [
  inspectCommand,
  dumpCommand,
  validateCommand,
  convertCommand,
  textureCommand,
  eventsCommand,
  linkCommand,
  unlinkCommand,
  archiveCommand,
];
