/**
 * Debian's `smpq` (StormLib's command line), the reference the MPQ tests compare against: build
 * archives with it, list and extract them. Tests that need it skip with a clear message when it is
 * absent — except under CI=true, where a missing smpq is a failure (.ci/run installs it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/** The smpq executable, or null when none is installed. */
export function findSmpq(): string | null {
  const candidates = [process.env.SMPQ_PATH, '/usr/bin/smpq', '/usr/local/bin/smpq'].filter((path): path is string =>
    Boolean(path),
  );
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** Why smpq tests cannot run here, or null when they can. Under CI a missing smpq is an error. */
export function smpqSkipReason(): string | null {
  const reason = findSmpq() ? null : 'no smpq found (apt-get install -y smpq, or set SMPQ_PATH)';
  if (reason && process.env.CI === 'true') throw new Error(`MPQ reference tests cannot run under CI: ${reason}`);
  if (reason) console.warn(`MPQ reference tests skipped: ${reason}`);
  return reason;
}

/** Runs smpq with `args` in `cwd`; returns stdout. Throws with smpq's stderr when it fails. */
export function smpq(args: readonly string[], cwd: string): string {
  return execFileSync(findSmpq()!, [...args], { cwd, encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A fresh temporary folder. */
export function temporaryFolder(prefix = 'morf-mpq-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A file to put into an archive: its game path (backslashes) and bytes. */
export interface ArchiveInput {
  name: string;
  bytes: Uint8Array;
}

/** Options of one `smpq -a` call (one compression/layout for the files of that call). */
export interface AddOptions {
  compression?: string;
  encrypt?: boolean;
  fixKey?: boolean;
  singleUnit?: boolean;
  sectorCrc?: boolean;
}

function addFlags(options: AddOptions): string[] {
  const flags = ['-C', options.compression ?? 'ZLIB'];
  if (options.encrypt) flags.push('-E');
  if (options.fixKey) flags.push('-F');
  if (options.singleUnit) flags.push('-U');
  if (options.sectorCrc) flags.push('-S');
  return flags;
}

/**
 * Builds a version 0 (`-M 1`) archive at `archive` from groups of files, each group added with its
 * own options. Game paths are written as file names with literal backslashes, which smpq stores as given.
 */
export function buildArchive(
  archive: string,
  groups: ReadonlyArray<{ files: readonly ArchiveInput[]; options?: AddOptions }>,
  maxFileCount = 0,
): void {
  const staging = temporaryFolder('morf-mpq-stage-');
  let created = false;
  for (const group of groups) {
    const names: string[] = [];
    for (const file of group.files) {
      writeFileSync(join(staging, file.name), file.bytes);
      names.push(file.name);
    }
    const action = created ? ['-a'] : ['-c', '-M', '1', ...(maxFileCount ? ['-m', String(maxFileCount)] : [])];
    smpq([...action, ...addFlags(group.options ?? {}), archive, ...names], staging);
    created = true;
  }
}

/** Extracts every file smpq can name into a fresh folder; returns game path (backslashes) → bytes. */
export function extractWithSmpq(archive: string): Map<string, Uint8Array> {
  const out = temporaryFolder('morf-mpq-out-');
  smpq(['-x', archive], out);
  const files = new Map<string, Uint8Array>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(out, path).split('/').join('\\'), new Uint8Array(readFileSync(path)));
    }
  };
  walk(out);
  return files;
}

/** The names `smpq -l` lists (with its `/` turned back into `\`). */
export function listWithSmpq(archive: string): string[] {
  return smpq(['-l', archive], dirname(archive))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) =>
      line
        .replace(/^\d+\s+\S+\s+\S+\s+/, '')
        .split('/')
        .join('\\'),
    );
}

/** Writes `bytes` to `path`, creating folders. */
export function writeFileMaking(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}
