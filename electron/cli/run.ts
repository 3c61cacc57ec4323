import { ExitCode, type CliIo } from './command';
import { commands } from './commands/index';
import { describeError } from './errors';

/** Runs `morf` with the given arguments; never throws, returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const command = topic ? commands.find((candidate) => candidate.name === topic) : undefined;
    if (command) io.stdout(`${command.usage}\n`);
    else io.stdout(generalHelp());
    return name ? ExitCode.ok : ExitCode.failure;
  }
  if (name === '--version' || name === '-v') {
    io.stdout('morf 0.1.0\n');
    return ExitCode.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`morf: unknown command "${name}" (morf --help lists them)\n`);
    return ExitCode.failure;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.stderr(`morf ${name}: ${describeError(error)}\n`);
    return ExitCode.failure;
  }
}

function generalHelp(): string {
  const width = Math.max(...commands.map((command) => command.name.length), 8);
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return (
    `morf — Morf Studio's command line for Warcraft III MRF capes and MDX/MDL models\n\nUsage: morf COMMAND ` +
    `[ARGS]\n\nCommands:\n${lines.join('\n')}\n\nmorf help COMMAND shows a command's usage.\n`
  );
}
