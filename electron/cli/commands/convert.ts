import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { writeFileAtomic } from '../files';
import { handlerForExtension, knownExtensions } from '../formats/index';
import { namingFile, openFormatFile } from './open-file';

const usage = 'morf convert IN OUT';

/** `morf convert IN OUT`: rewrites IN as OUT's format (for MRF: the canonical layout), atomically. */
export const convertCommand: CliCommand = {
  name: 'convert',
  summary: "Rewrite a file in its canonical layout or as OUT's format",
  usage:
    `Usage: ${usage}\n\nReads IN and writes OUT in the format of OUT's extension; IN.mrf → OUT.mrf\nrewrites ` +
    `the file in the canonical layout (header, offset table, texture, faces,\nUVs, keyframes, each padded to 16 ` +
    `bytes). OUT is written atomically; an existing\nOUT is kept as OUT.bak.`,
  async run(args, io) {
    const { positional } = parseArgs(args, [], usage);
    if (positional.length !== 2) throw new UsageError(`expects an input and an output file (usage: ${usage})`);
    const [input, output] = positional as [string, string];
    const target = handlerForExtension(output);
    if (!target) throw new UsageError(`${output}: unknown output format (by extension: ${knownExtensions()})`);
    const file = await openFormatFile(input, io.cwd);
    const convert = file.handler.convert;
    if (!convert) throw new UsageError(`${input}: ${file.handler.format.toUpperCase()} files cannot be converted`);
    const bytes = namingFile(input, () => convert(file.bytes, target.format));
    await writeFileAtomic(output, bytes, io.cwd, { backup: true });
    io.stdout(`${input} → ${output} (${target.format.toUpperCase()}, ${bytes.byteLength} bytes)\n`);
    return ExitCode.ok;
  },
};
