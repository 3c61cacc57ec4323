import { parseArgs } from '../args';
import { ExitCode, UsageError, type CliCommand } from '../command';
import { namingFile, openFormatFile } from './open-file';

const usage = 'morf dump FILE.mrf|FILE.mdx [--json]';

/** `morf dump FILE --json`: all of an MRF (inspect fields, faces, UVs, keyframes) or of an MDX (the whole model). */
export const dumpCommand: CliCommand = {
  name: 'dump',
  summary: 'Print all of a file as JSON: a cape’s faces, UVs and keyframes; a model’s every chunk',
  usage:
    `Usage: ${usage}\n\nPrints JSON. MRF: the inspect --json fields plus faces [[a,b,c],…], uvs [[u,v],…] as\n` +
    `stored (V not flipped) and keyframes [{positions: [[x,y,z],…], normals: [[x,y,z],…]},…].\n` +
    `MDX: format, version, chunks [{tag, parsed: the typed object} or {tag, bytes} for a chunk kept as\n` +
    `bytes], diagnostics; arrays of numbers on one line, tracks as keys {frame, value, inTangent, outTangent}.\n` +
    `Numbers are the file's values; NaN and infinities print as strings.`,
  async run(args, io) {
    const { positional } = parseArgs(args, ['--json'], usage);
    if (positional.length !== 1) throw new UsageError(`expects one file (usage: ${usage})`);
    const file = await openFormatFile(positional[0]!, io.cwd);
    const dump = file.handler.dump;
    if (!dump)
      throw new UsageError(`${file.path}: dump is not available for ${file.handler.format.toUpperCase()} files`);
    // Handlers parse (and may fail) before their first write, so output streams piece by piece.
    namingFile(file.path, () => dump(file.bytes, io.stdout));
    return ExitCode.ok;
  },
};
