import { dirname, join } from 'node:path';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { writeFileAtomic } from '../files';
import {
  formatHandlers,
  handlerForExtension,
  knownExtensions,
  type ConvertOption,
  type FormatConversion,
} from '../formats/index';
import { gameFileReader } from '../game-files';
import { namingFileAsync, openFormatFile } from './open-file';

const usage = 'morf convert IN OUT [--data FOLDER]… [OPTIONS]';

/** The command's own option, offered to every conversion: where game paths (textures) are found. */
const DATA_OPTION: ConvertOption = {
  flag: '--data',
  value: 'FOLDER',
  kind: 'text',
  summary: 'a data folder to find game files in (repeatable, first first)',
};

/** Every switch a conversion offers (an option without a value: `--mdl-extensions`). */
function switchFlags(): Set<string> {
  const flags = new Set<string>();
  for (const handler of formatHandlers)
    for (const conversion of Object.values(handler.conversions ?? {}))
      for (const option of conversion.options ?? []) if (option.kind === 'switch') flags.add(option.flag);
  return flags;
}

/**
 * `--flag VALUE` and `--flag=VALUE` pairs (each flag's values in order), switches (`--flag` alone, given as '') and
 * the positional arguments.
 */
function splitArgs(
  args: readonly string[],
  switches: ReadonlySet<string> = switchFlags(),
): { positional: string[]; values: Map<string, string[]> } {
  const positional: string[] = [];
  const values = new Map<string, string[]>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      positional.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (switches.has(flag)) {
      if (equals > 0) throw new UsageError(`${flag} takes no value (usage: ${usage})`);
      values.set(flag, [...(values.get(flag) ?? []), '']);
      continue;
    }
    let value = equals > 0 ? arg.slice(equals + 1) : args[index + 1];
    if (equals < 0) {
      if (value === undefined || (value.startsWith('--') && value.length > 2)) {
        throw new UsageError(`${flag} needs a value (usage: ${usage})`);
      }
      index += 1;
    }
    values.set(flag, [...(values.get(flag) ?? []), value!]);
  }
  return { positional, values };
}

/** Checks the given options against what the conversion takes and reads their values. */
function conversionOptions(
  values: Map<string, string[]>,
  conversion: FormatConversion,
  name: string,
): Record<string, string | number | boolean> {
  const accepted = [DATA_OPTION, ...(conversion.options ?? [])];
  const result: Record<string, string | number | boolean> = {};
  for (const [flag, given] of values) {
    const option = accepted.find((candidate) => candidate.flag === flag);
    if (!option) {
      const offered = accepted.map((candidate) => `${candidate.flag} ${candidate.value}`.trim()).join(', ');
      throw new UsageError(`unknown option ${flag} for ${name} (it takes ${offered})`);
    }
    if (option === DATA_OPTION) continue;
    if (given.length > 1) throw new UsageError(`${flag} is given ${given.length} times; give it once`);
    const text = given[0]!;
    if (option.kind === 'switch') result[flag] = true;
    else if (option.kind === 'number') {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number)) {
        throw new UsageError(`${flag} expects a number (${option.value}), not "${text}"`);
      }
      result[flag] = number;
    } else result[flag] = text;
  }
  return result;
}

/** The conversions the format table offers, with their options, for `morf help convert`. */
function conversionsHelp(): string {
  const lines: string[] = [];
  for (const handler of formatHandlers) {
    for (const [output, conversion] of Object.entries(handler.conversions ?? {})) {
      const target = formatHandlers.find((candidate) => candidate.format === output);
      const options = conversion.options ?? [];
      lines.push(
        `  ${handler.format.toUpperCase()} → ${output.toUpperCase()} (${target?.extensions.join(', ') ?? ''})`,
      );
      for (const option of options)
        lines.push(`      ${`${option.flag} ${option.value}`.trim().padEnd(24)}${option.summary}`);
    }
  }
  return lines.join('\n');
}

/** `morf convert IN OUT`: rewrites IN as OUT's format (MRF: the canonical layout; glTF ↔ MRF), atomically. */
export const convertCommand: CliCommand = {
  name: 'convert',
  summary: "Rewrite a file in its canonical layout or as OUT's format (MRF ↔ glTF, MDX ↔ MDL)",
  get usage() {
    return (
      `Usage: ${usage}\n\nReads IN and writes OUT in the format of OUT's extension. IN.mrf → OUT.mrf rewrites the ` +
      `file in\nthe canonical layout; a cape → OUT.glb or OUT.gltf (with OUT.bin and OUT.png beside it) writes\n` +
      `glTF, embedding the texture found through the --data folders as PNG; IN.glb or IN.gltf → OUT.mrf\nbakes an ` +
      `animation into keyframes. IN.mdx → OUT.mdl and IN.mdl → OUT.mdx convert the whole model, each thing\n` +
      `the output cannot carry a warning naming it. OUT is written atomically; an existing OUT is kept as\n` +
      `OUT.bak.\n\n` +
      `  ${`${DATA_OPTION.flag} ${DATA_OPTION.value}`.padEnd(28)}${DATA_OPTION.summary}\n\n` +
      `Conversions and their options:\n${conversionsHelp()}`
    );
  },
  async run(args, io) {
    const { positional, values } = splitArgs(args);
    if (positional.length !== 2) throw new UsageError(`expects an input and an output file (usage: ${usage})`);
    const [input, output] = positional as [string, string];
    const target = handlerForExtension(output);
    if (!target) throw new UsageError(`${output}: unknown output format (by extension: ${knownExtensions()})`);
    const file = await openFormatFile(input, io.cwd);
    const conversions = file.handler.conversions ?? {};
    const conversion = conversions[target.format];
    const from = file.handler.format.toUpperCase();
    if (!conversion) {
      const offered = Object.keys(conversions).map((format) => format.toUpperCase());
      throw new UsageError(
        `${input}: ${from} files cannot be converted to ${target.format.toUpperCase()}` +
          (offered.length ? ` (only to ${offered.join(', ')})` : ''),
      );
    }
    const options = conversionOptions(values, conversion, `${from} → ${target.format.toUpperCase()}`);
    const warnings: string[] = [];
    const readGameFile = gameFileReader(values.get(DATA_OPTION.flag) ?? [], io.cwd);
    const result = await namingFileAsync(input, () =>
      conversion.convert({
        source: file,
        outputFormat: target.format,
        outputPath: output,
        options,
        readGameFile,
        warn: (message) => warnings.push(message),
      }),
    );
    const siblings = (result.siblings ?? []).map((sibling) => ({
      ...sibling,
      path: join(dirname(output), sibling.name),
    }));
    for (const sibling of siblings) await writeFileAtomic(sibling.path, sibling.bytes, io.cwd, { backup: true });
    await writeFileAtomic(output, result.bytes, io.cwd, { backup: true });
    const description = result.description ? `: ${result.description}` : '';
    io.stdout(
      `${input} → ${output} (${target.format.toUpperCase()}, ${result.bytes.byteLength} bytes)${description}\n`,
    );
    for (const sibling of siblings) io.stdout(`  beside it: ${sibling.path} (${sibling.bytes.byteLength} bytes)\n`);
    for (const warning of warnings) io.stderr(`morf convert: warning: ${warning}\n`);
    return ExitCode.ok;
  },
};
