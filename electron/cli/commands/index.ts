import type { CliCommand } from '../command';
import { convertCommand } from './convert';
import { dumpCommand } from './dump';
import { inspectCommand } from './inspect';
import { textureCommand } from './texture';
import { validateCommand } from './validate';

/** Every `morf` subcommand, in the order `morf --help` lists them. */
export const commands: CliCommand[] = [inspectCommand, dumpCommand, validateCommand, convertCommand, textureCommand];
