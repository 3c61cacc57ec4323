/**
 * Shared by the model commands (`events`, `link`, `unlink`): options with values, frame lists,
 * reading a model with its file named in every error, applying an edit, and writing the result
 * atomically — to `-o OUT`, or in place keeping `MODEL.bak`.
 */
import { modelCodec, MAX_FRAME, type ModelDocument, type ModelEdit } from '../../../shared/events/index';
import { UsageError, type CliIo } from '../command';
import { readInputFile, writeFileAtomic } from '../files';
import { diagnosticTally, formatDiagnostic } from '../formats/text';
import { namingFile } from './open-file';

/** Parsed options: values of the `valued` options given, and positional arguments. */
export interface ParsedOptions {
  values: Map<string, string>;
  positional: string[];
}

/** Splits `args` into `--name VALUE` options (names in `valued`, aliases mapped) and positionals. */
export function parseOptions(
  args: readonly string[],
  valued: readonly string[],
  aliases: Readonly<Record<string, string>>,
  usage: string,
): ParsedOptions {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const name = aliases[flag] ?? flag;
    if (!valued.includes(name)) throw new UsageError(`unknown option ${flag} (usage: ${usage})`);
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new UsageError(`${flag} needs a value (usage: ${usage})`);
    if (inline === undefined) index += 1;
    if (values.has(name)) throw new UsageError(`${flag} is given twice`);
    values.set(name, value);
  }
  return { values, positional };
}

/** `19300,22300` → [19300, 22300]; an empty text is no frames. Throws UsageError for anything else. */
export function parseFrames(text: string, option: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const trimmed = part.trim();
    if (!/^\d+$/.test(trimmed))
      throw new UsageError(`${option} expects times in ms separated by commas (e.g. 19300,22300), not "${text}"`);
    const frame = Number(trimmed);
    if (frame > MAX_FRAME)
      throw new UsageError(`${option}: ${trimmed} ms is past the largest storable time (${MAX_FRAME} ms)`);
    return frame;
  });
}

/** Reads and parses a model; errors name the file. */
export async function readModelFile(path: string, cwd: string): Promise<ModelDocument> {
  const bytes = await readInputFile(path, cwd);
  return namingFile(path, () => modelCodec.readModel(bytes, path));
}

/** Applies `edit`; an impossible edit becomes one line naming the file. */
export function editModel(path: string, document: ModelDocument, edit: ModelEdit): ModelDocument {
  try {
    return modelCodec.applyEdit(document, edit);
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}

/**
 * Writes the edited model to `output`, or over `input` keeping `input.bak`, atomically; prints
 * where it went and the diagnostics the edit brought (those the model did not have before).
 */
export async function writeEditedModel(
  io: CliIo,
  input: string,
  output: string | undefined,
  before: ModelDocument,
  after: ModelDocument,
  what: string,
): Promise<void> {
  const target = output ?? input;
  await writeFileAtomic(target, modelCodec.writeModel(after), io.cwd, { backup: true });
  const kept =
    output === undefined ? ` (the previous file is kept as ${input}.bak, the first original as ${input}.orig)` : '';
  io.stdout(`${input}: ${what} → ${target}${kept}\n`);
  const known = new Set([...before.readDiagnostics, ...modelCodec.validateModel(before)].map(formatDiagnostic));
  const found = [...after.readDiagnostics, ...modelCodec.validateModel(after)].filter(
    (diagnostic) => !known.has(formatDiagnostic(diagnostic)),
  );
  if (found.length > 0)
    io.stdout(
      `  now ${diagnosticTally(found)}:\n${found.map((diagnostic) => `  ${formatDiagnostic(diagnostic)}\n`).join('')}`,
    );
}
