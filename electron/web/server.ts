/**
 * `npm run web [-- FILE…]`: starts the browser shell and prints the URL to open (bundled to
 * out/web/server.js by scripts/build-cli.mjs). See electron/web/arguments.ts for the options.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultConfigDirectory, defaultSaveDirectory } from '../host/config-dir';
import { classifyArguments } from '../host/startup';
import { ArgumentError, parseWebArguments, webUsage } from './arguments';
import { startWebShell } from './web-shell';

const here = import.meta.dirname;
/** The repository (or installed package) root: two levels up from out/web/ or electron/web/. */
const packageRoot = resolve(here, '..', '..');

function appVersion(): string {
  try {
    return String(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version);
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseWebArguments(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ArgumentError) {
      process.stderr.write(`morf web: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    process.stdout.write(`${webUsage}\n`);
    return 0;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const { files, folders, missing } = await classifyArguments(args.paths, cwd);
  if (missing.length > 0) {
    process.stderr.write(`morf web: no such file or folder: ${missing.join(', ')}\n`);
    return 2;
  }
  const rendererDirectory = args.rendererDirectory
    ? resolve(cwd, args.rendererDirectory)
    : join(packageRoot, 'out', 'renderer');
  if (!existsSync(join(rendererDirectory, 'index.html'))) {
    process.stderr.write(
      `morf web: the renderer is not built (${join(rendererDirectory, 'index.html')} is missing); run "npm run ` +
        `build" first\n`,
    );
    return 2;
  }
  const shell = await startWebShell({
    appVersion: appVersion(),
    configDirectory: args.configDirectory ? resolve(cwd, args.configDirectory) : defaultConfigDirectory(),
    saveDirectory: args.saveDirectory ? resolve(cwd, args.saveDirectory) : defaultSaveDirectory(),
    startupFiles: files,
    rootDirectories: [...folders, ...args.roots.map((root) => resolve(cwd, root))],
    sessionDataFolders: args.dataFolders.map((folder) => resolve(cwd, folder)),
    sampleDirectory: args.noSample
      ? null
      : args.sampleDirectory
        ? resolve(cwd, args.sampleDirectory)
        : join(packageRoot, 'assets', 'sample'),
    rendererDirectory,
    iconFile: join(packageRoot, 'assets', 'icons', 'icon.ico'),
    port: args.port,
  });
  const notice = shell.host.settings.peekNotice();
  if (notice) process.stderr.write(`morf web: ${notice}\n`);
  if (args.json)
    process.stdout.write(
      `${JSON.stringify({ url: shell.url, origin: shell.origin, token: shell.token, port: shell.port })}\n`,
    );
  else
    process.stdout.write(
      `Morf Studio (browser shell) is running at ${shell.url}\nOpen that address in a browser on this machine; ` +
        `press Ctrl+C to stop.\n`,
    );
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void shell.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return -1;
}

const code = await main().catch((error: Error) => {
  process.stderr.write(`morf web: ${error.message}\n`);
  return 1;
});
if (code >= 0) process.exitCode = code;
