/**
 * `morf archive list|extract|add|remove`: a map's or the game's MPQ archive, read by range through
 * shared/archives/mpq; maps rewritten atomically keeping `MAP.bak`. A damaged archive gives one
 * line naming the archive, the entry and the byte offset, and exit code 2.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CodecError } from '../../../shared/binary/codec-error';
import type { MpqEntry } from '../../../shared/archives/mpq/archive';
import { FILE_COMPRESS, FILE_ENCRYPTED, FILE_IMPLODE, FILE_SINGLE_UNIT } from '../../../shared/archives/mpq/constants';
import { editArchiveFile, openArchiveFile, type OpenArchive } from '../../host/archive-file';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../command';
import { CliFileError, readInputFile } from '../files';
import { toJson } from '../json';

const usage = [
  'morf archive list MAP [--json] [--listfile FILE]',
  'morf archive extract MAP [PATTERN...] -o DIR [--listfile FILE]',
  "morf archive add MAP FILE --as 'inner\\path'",
  "morf archive remove MAP 'inner\\path'",
].join('\n       ');

/** Options taking a value, and the switches, of the archive subcommands. */
interface ArchiveArgs {
  positional: string[];
  json: boolean;
  output?: string;
  innerPath?: string;
  listfile?: string;
}

function parseArchiveArgs(args: readonly string[]): ArchiveArgs {
  const parsed: ArchiveArgs = { positional: [], json: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--json') parsed.json = true;
    else if (arg === '-o' || arg === '--output' || arg === '--as' || arg === '--listfile') {
      const value = args[index + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value (usage: ${usage})`);
      index += 1;
      if (arg === '--as') parsed.innerPath = value;
      else if (arg === '--listfile') parsed.listfile = value;
      else parsed.output = value;
    } else if (arg.startsWith('-') && arg.length > 1) throw new UsageError(`unknown option ${arg} (usage: ${usage})`);
    else parsed.positional.push(arg);
  }
  return parsed;
}

/** The absolute path of MAP, which must be an existing file (else one line naming it). */
async function existingMap(map: string, io: CliIo): Promise<string> {
  const path = resolve(io.cwd, map);
  const info = await stat(path).catch(() => null);
  if (!info) throw new CliFileError(`${map}: no such file or folder`);
  if (!info.isFile()) throw new CliFileError(`${map}: is not a file`);
  return path;
}

/** Opens MAP (relative to the working directory), naming it in every error. */
async function openMap(map: string, io: CliIo, listfile?: string): Promise<OpenArchive> {
  const path = await existingMap(map, io);
  const names = listfile ? new TextDecoder('latin1').decode(await readInputFile(listfile, io.cwd)) : undefined;
  return namingArchive(map, () => openArchiveFile(path, names === undefined ? {} : { listfile: names }));
}

/** Runs `action`, re-throwing a CodecError with the archive's name in it. */
async function namingArchive<T>(map: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof CodecError) throw error.withFileName(map);
    throw error;
  }
}

/** A case-insensitive wildcard (`*` any run of characters, `\` included; `?` one character) as a test. */
export function wildcard(pattern: string): (name: string) => boolean {
  const source = pattern
    .replace(/\//g, '\\')
    .split('')
    .map((character) =>
      character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const expression = new RegExp(`^${source}$`, 'i');
  return (name) => expression.test(name);
}

/** The file path an inner path is extracted to under `folder`: `\` become folders, `..` and drive parts dropped. */
export function extractionPath(folder: string, innerPath: string): string {
  const parts = innerPath
    .split(/[\\/]+/)
    .map((part) => part.replace(/[:*?"<>|\x00-\x1f]/g, '_'))
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  return join(folder, ...(parts.length ? parts : ['unnamed']));
}

/** A game path with `\` separators, as the game writes them (some listfiles use `/`). */
function backslashed(name: string): string {
  return name.replace(/\//g, '\\');
}

function layoutOf(entry: MpqEntry): string[] {
  const notes: string[] = [];
  if (entry.flags & FILE_ENCRYPTED) notes.push('encrypted');
  if (entry.flags & FILE_SINGLE_UNIT) notes.push('single unit');
  if (entry.flags & FILE_IMPLODE) notes.push('imploded');
  else if (!(entry.flags & FILE_COMPRESS)) notes.push('stored');
  return notes;
}

async function list(args: ArchiveArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1) throw new UsageError(`list expects one MAP (usage: ${usage})`);
  const map = args.positional[0]!;
  const opened = await openMap(map, io, args.listfile);
  try {
    const entries = opened.archive.entries();
    if (args.json) {
      const files = entries.map((entry) => ({
        path: backslashed(entry.label),
        named: entry.name !== null,
        size: entry.fileSize,
        storedSize: entry.storedSize,
        flags: entry.flags,
        layout: layoutOf(entry),
      }));
      io.stdout(`${toJson({ archive: map, sectorSize: opened.archive.sectorSize, files })}\n`);
    } else io.stdout(entries.map((entry) => `${backslashed(entry.label)}\n`).join(''));
    return ExitCode.ok;
  } finally {
    await opened.close();
  }
}

async function extract(args: ArchiveArgs, io: CliIo): Promise<number> {
  const [map, ...patterns] = args.positional;
  if (!map || !args.output) throw new UsageError(`extract expects MAP and -o DIR (usage: ${usage})`);
  const tests = patterns.map(wildcard);
  const folder = resolve(io.cwd, args.output);
  const opened = await openMap(map, io, args.listfile);
  try {
    const chosen = opened.archive
      .entries()
      .filter((entry) => tests.length === 0 || tests.some((test) => test(backslashed(entry.label))));
    let skipped = 0;
    for (const entry of chosen) {
      let bytes: Uint8Array;
      try {
        bytes = await namingArchive(map, () => opened.archive.read(entry));
      } catch (error) {
        // An entry the reader cannot decode by design (an encrypted file whose name is unknown, LZMA) is
        // skipped with a note; a damaged archive stops the extraction.
        if (!(error instanceof CodecError) || error.kind !== 'unsupported') throw error;
        io.stderr(`morf archive: skipped ${error.message}\n`);
        skipped += 1;
        continue;
      }
      const target = extractionPath(folder, entry.label);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    const count = chosen.length - skipped;
    const note = skipped ? ` (${skipped} skipped)` : '';
    io.stdout(`${map}: extracted ${count} file${count === 1 ? '' : 's'} to ${args.output}${note}\n`);
    return skipped ? ExitCode.findings : ExitCode.ok;
  } finally {
    await opened.close();
  }
}

/** What the rewrite kept: the map before it as MAP.bak, and the untouched original as MAP.orig (once). */
function keptText(map: string, originalPath: string | null): string {
  return `the previous map is kept as ${map}.bak${originalPath ? `, the original as ${map}.orig` : ''}`;
}

async function add(args: ArchiveArgs, io: CliIo): Promise<number> {
  const [map, file] = args.positional;
  if (!map || !file || args.positional.length !== 2 || !args.innerPath)
    throw new UsageError(`add expects MAP FILE --as 'inner\\path' (usage: ${usage})`);
  const bytes = await readInputFile(file, io.cwd).catch(async (error: unknown) => {
    // An empty file is a valid archive member.
    if (error instanceof CliFileError && /empty/.test(error.message)) return new Uint8Array(0);
    throw error;
  });
  const path = await existingMap(map, io);
  const result = await namingArchive(map, () =>
    editArchiveFile(path, [{ kind: 'put', name: args.innerPath!, bytes }], { backup: true }),
  );
  const verb = result.replaced.length ? 'replaced' : 'added';
  io.stdout(`${map}: ${verb} ${args.innerPath} (${bytes.length} bytes); ${keptText(map, result.originalPath)}\n`);
  return ExitCode.ok;
}

async function remove(args: ArchiveArgs, io: CliIo): Promise<number> {
  const [map, innerPath] = args.positional;
  if (!map || !innerPath || args.positional.length !== 2)
    throw new UsageError(`remove expects MAP 'inner\\path' (usage: ${usage})`);
  const path = await existingMap(map, io);
  const result = await namingArchive(map, () =>
    editArchiveFile(path, [{ kind: 'remove', name: innerPath }], { backup: true }),
  );
  io.stdout(`${map}: removed ${innerPath}; ${keptText(map, result.originalPath)}\n`);
  return ExitCode.ok;
}

/** `morf archive`: list, extract, add and remove files of an MPQ archive. */
export const archiveCommand: CliCommand = {
  name: 'archive',
  summary: 'List, extract, add or remove files of a map or MPQ archive',
  usage:
    `Usage: ${usage}\n\n` +
    'list: one path per line (backslashes; files no listfile names as FileNNNNNNNN.xxx), or with --json\n' +
    '  {archive, sectorSize, files: [{path, named, size, storedSize, flags, layout}]}.\n' +
    'extract: every file, or those matching a PATTERN (case-insensitive; * any characters, ? one),\n' +
    '  into DIR with backslashes as folders. A file that cannot be decoded by design (encrypted with\n' +
    '  an unknown name, LZMA) is skipped with a note and the exit code is 1.\n' +
    'add / remove: rewrite the map atomically (every other file kept byte for byte, (listfile) and\n' +
    '  (attributes) updated) and keep the original as MAP.bak.\n' +
    '--listfile FILE names files the archive\u2019s own (listfile) lacks. A damaged archive gives one line\n' +
    'naming the archive, the entry and the byte offset, and exit code 2.',
  async run(args, io) {
    const [subcommand, ...rest] = args;
    const parsed = parseArchiveArgs(rest);
    if (subcommand === 'list') return list(parsed, io);
    if (subcommand === 'extract') return extract(parsed, io);
    if (subcommand === 'add') return add(parsed, io);
    if (subcommand === 'remove') return remove(parsed, io);
    throw new UsageError(`expects list, extract, add or remove (usage: ${usage})`);
  },
};
