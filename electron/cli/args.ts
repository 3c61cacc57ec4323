/**
 * A small argument parser for the file commands: `--flag` switches and positional arguments.
 */
import { UsageError } from './command';

/** Parsed arguments: the switches given and the positional arguments in order. */
export interface ParsedArgs {
  flags: Set<string>;
  positional: string[];
}

/** Splits `args` into known `--flags` and positionals; an unknown flag is a {@link UsageError}. */
export function parseArgs(args: readonly string[], knownFlags: readonly string[], usage: string): ParsedArgs {
  const flags = new Set<string>();
  const positional: string[] = [];
  let onlyPositional = false;
  for (const arg of args) {
    if (onlyPositional || !arg.startsWith('--')) positional.push(arg);
    else if (arg === '--') onlyPositional = true;
    else if (knownFlags.includes(arg)) flags.add(arg);
    else throw new UsageError(`unknown option ${arg} (usage: ${usage})`);
  }
  return { flags, positional };
}
