#!/usr/bin/env node
// `npm start [-- FILE…]` (after `npm run build`): opens Morf Studio in Electron. Where Electron
// cannot start (its binary was never downloaded, or there is no display), says why in one line
// and starts the browser shell instead, opening its URL in a browser when one can be launched
// (BROWSER or CHROMIUM_PATH, else the system's opener), or printing it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cwd = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2).map((arg) => (arg.startsWith('-') ? arg : resolve(cwd, arg)));

/** The installed Electron executable, or null (read the way the electron package does, without its implicit download).
 * */
function installedElectron(packageDirectory) {
  const pathFile = join(packageDirectory, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = readFileSync(pathFile, 'utf8').trim();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, executable || 'electron') : join(packageDirectory, 'dist', executable);
  return existsSync(binary) ? binary : null;
}

/** The Electron binary (downloading it on first use, as the electron package does), or why it cannot be used. */
function electronBinary() {
  let packageDirectory;
  try {
    packageDirectory = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed (run "npm ci")' };
  }
  let binary = installedElectron(packageDirectory);
  if (!binary && process.env.ELECTRON_SKIP_BINARY_DOWNLOAD)
    return {
      reason: 'the Electron runtime is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded)',
    };
  if (!binary) {
    process.stdout.write('Morf Studio: the Electron runtime is not downloaded yet; trying to download it…\n');
    const result = spawnSync(process.execPath, [join(packageDirectory, 'install.js')], {
      stdio: 'pipe',
      timeout: 10 * 60_000,
      encoding: 'utf8',
    });
    binary = installedElectron(packageDirectory);
    if (!binary) {
      const detail =
        `${result.stderr ?? ''}${result.stdout ?? ''}`
          .split('\n')
          .find((line) => /error|failed/i.test(line))
          ?.trim() ?? `exit code ${result.status}`;
      return { reason: `the Electron runtime is not installed and could not be downloaded (${detail})` };
    }
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  return { binary };
}

/** Forward termination to a child and leave with its exit code. */
function follow(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** A command that opens a URL in a browser here, or null. */
function browserCommand(url) {
  for (const variable of ['BROWSER', 'CHROMIUM_PATH']) {
    const command = process.env[variable];
    if (command) return [command, [url]];
  }
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return ['xdg-open', [url]];
  return null;
}

function startBrowserShell(reason) {
  process.stdout.write(
    `Morf Studio: Electron cannot start here because ${reason}; starting the browser shell instead.\n`,
  );
  const server = join(root, 'out', 'web', 'server.js');
  if (!existsSync(server)) {
    process.stderr.write(`Morf Studio: ${server} is missing; run "npm run build" first.\n`);
    process.exit(2);
  }
  const child = spawn(process.execPath, [server, '--json', ...args], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, INIT_CWD: cwd },
  });
  follow(child);
  let buffered = '';
  let announced = false;
  child.stdout.on('data', (chunk) => {
    if (announced) return void process.stdout.write(chunk);
    buffered += chunk.toString();
    const newline = buffered.indexOf('\n');
    if (newline < 0) return;
    announced = true;
    const first = buffered.slice(0, newline);
    const rest = buffered.slice(newline + 1);
    let url;
    try {
      url = JSON.parse(first).url;
    } catch {
      process.stdout.write(buffered);
      return;
    }
    process.stdout.write(`Morf Studio (browser shell) is running at ${url}\n`);
    const command = browserCommand(url);
    if (command) {
      const opener = spawn(command[0], command[1], { stdio: 'ignore', detached: true });
      opener.on('error', () => process.stdout.write('No browser could be opened; open the address above yourself.\n'));
      opener.unref();
    } else
      process.stdout.write(
        'No browser can be opened here (no display); open the address above in a browser on this machine. Ctrl+C ' +
          'stops the server.\n',
      );
    if (rest) process.stdout.write(rest);
  });
}

const electron = electronBinary();
if (electron.binary) {
  const child = spawn(electron.binary, [root, ...args], { stdio: 'inherit' });
  child.on('error', (error) => startBrowserShell(`the Electron binary failed to launch (${error.message})`));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (code !== null || signal) process.exit(code ?? 1);
  });
} else startBrowserShell(electron.reason);
