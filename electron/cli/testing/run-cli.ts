/**
 * Helpers for the `morf` CLI tests: running the CLI in-process with its output captured, and
 * building and running the bundled program. Imported by *.test.ts files only; nothing bundled
 * into bin/morf.js imports it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../run';

/** What one in-process `morf` run returned and printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A `morf(...args)` that runs the CLI in-process in the folder `folder()` names when it is called
 * (a getter, since tests make their folder in `beforeAll`), capturing stdout and stderr.
 */
export function inProcessMorf(folder: () => string): (...args: string[]) => Promise<CliRun> {
  return async (...args) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      cwd: folder(),
    });
    return { code, stdout, stderr };
  };
}

const execute = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');

/** The bundled program `scripts/build-cli.mjs` writes. */
export const BUILT_MORF = join(root, 'bin', 'morf.js');

/** Bundles bin/morf.js with scripts/build-cli.mjs (for the tests of the built program). */
export async function buildMorf(): Promise<void> {
  await execute(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root });
}

/**
 * Runs the built program with `args` in `cwd`. Like `execFile`, it resolves with stdout and
 * stderr on exit code 0 and rejects with an error carrying `code`, `stdout` and `stderr` otherwise.
 */
export function runBuiltMorf(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return execute(process.execPath, [BUILT_MORF, ...args], { cwd });
}
