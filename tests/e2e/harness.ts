/**
 * End-to-end harness: starts the browser shell (out/web/server.js, built by `npm run build`) on a
 * free port with a throw-away config folder, and launches Debian Chromium headless through
 * playwright-core with the SwiftShader WebGL flags. Finds the browser through CHROMIUM_PATH, then
 * /usr/bin/chromium; tests skip with a clear message when none is found, except under CI=true.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type Page, chromium } from 'playwright-core';

/** The repository root. */
export const repositoryRoot = join(import.meta.dirname, '..', '..');

/** Where screenshots and saved files go (gitignored). */
export const outputDirectory = join(repositoryRoot, 'test-output', 'e2e');

/** The flags that give WebGL 2 on the CPU (SwiftShader) in headless Debian Chromium. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The Chromium executable, or null when none is installed. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** Why browser tests cannot run here, or null when they can. Under CI a missing browser is an error. */
export function browserSkipReason(): string | null {
  const built =
    existsSync(join(repositoryRoot, 'out', 'web', 'server.js')) &&
    existsSync(join(repositoryRoot, 'out', 'renderer', 'index.html'));
  const chromium = findChromium();
  const reason = !chromium
    ? 'no Chromium found (set CHROMIUM_PATH or install Debian’s chromium: apt-get install -y chromium)'
    : !built
      ? 'the app is not built (run npm run build; npm test does it first)'
      : null;
  if (reason && process.env.CI === 'true') throw new Error(`end-to-end tests cannot run under CI: ${reason}`);
  return reason;
}

/** A running browser shell. */
export interface WebShell {
  url: string;
  origin: string;
  configDirectory: string;
  process: ChildProcess;
  close(): Promise<void>;
}

/**
 * Starts `node out/web/server.js --json` with the given arguments and waits for its URL. With `configDirectory` the
 * shell uses that folder (a second run over the first's settings and recovery files) and `close` leaves it.
 */
export async function startWebShell(
  args: readonly string[],
  options: { configDirectory?: string } = {},
): Promise<WebShell> {
  const configDirectory = options.configDirectory ?? mkdtempSync(join(tmpdir(), 'morf-e2e-config-'));
  const child = spawn(
    process.execPath,
    [
      join(repositoryRoot, 'out', 'web', 'server.js'),
      '--json',
      '--config-dir',
      configDirectory,
      // The "Saved files" place, kept out of the user's Documents folder.
      '--save-dir',
      join(configDirectory, 'Saved files'),
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`the browser shell did not start: ${stderr}`)), 20_000);
    lines.once('line', (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the browser shell exited with ${code}: ${stderr}`));
    });
  });
  const { url, origin } = JSON.parse(line) as { url: string; origin: string };
  return {
    url,
    origin,
    configDirectory,
    process: child,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.configDirectory) rmSync(configDirectory, { recursive: true, force: true });
    },
  };
}

/** Launches headless Chromium (playwright-core gives every launch a fresh temporary profile). */
export async function launchBrowser(extraFlags: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found');
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraFlags], headless: true });
}

/** Opens the editor in a new page of the given size and waits until it has booted. */
export async function openEditor(browser: Browser, url: string, size = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport: size });
  page.on('pageerror', (error) => process.stderr.write(`[page error] ${error.message}\n`));
  await page.goto(url);
  await page.waitForFunction(() => 'morfStudio' in window, undefined, { timeout: 20_000 });
  return page;
}

/** Saves a screenshot under test-output/e2e and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(outputDirectory, { recursive: true });
  const path = join(outputDirectory, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
