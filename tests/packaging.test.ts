/**
 * Packaging: electron-builder.yml validated offline, the icons it names are real images, and the
 * unpacked Linux app built with a stub Electron distribution (no download) holds exactly the built
 * output the app needs in app.asar, plus the sample cinematic as an extra resource.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; version: string };
const electronVersion = String(
  JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version,
);

interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  extraResources: { from: string; to: string }[];
  fileAssociations: { ext: string; name: string }[];
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
}

async function loadConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<BuilderConfig>;
    validateConfiguration(config: unknown, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

let workDirectory: string | null = null;
afterAll(() => {
  if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
});

describe('electron-builder configuration', () => {
  it('validates against electron-builder’s schema', async () => {
    const config = await loadConfig();
    expect(config).toMatchObject({ appId: 'org.morfstudio.editor', productName: 'Morf Studio', asar: true });
  });

  it('targets AppImage and deb, NSIS and dmg, and associates .mdx, .mdl and .mrf', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.fileAssociations.map((association) => association.ext).sort()).toEqual(['mdl', 'mdx', 'mrf']);
    expect(config.extraResources).toEqual([expect.objectContaining({ from: 'assets/sample', to: 'sample' })]);
  });

  it('names icons that exist and are real images of the right sizes', async () => {
    const config = await loadConfig();
    for (const size of [256, 512]) {
      const png = PNG.sync.read(readFileSync(join(root, config.linux.icon, `${size}x${size}.png`)));
      expect([png.width, png.height]).toEqual([size, size]);
      expect(png.data[(size / 2) * size * 4 + (size / 2) * 4 + 3]).toBe(255); // opaque centre
    }
    const ico = readFileSync(join(root, config.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(4);
    expect(ico.readUInt8(6 + 16 * (ico.readUInt16LE(4) - 1))).toBe(0); // the last entry is 256 px
    const icns = readFileSync(join(root, config.mac.icon));
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
  });
});

describe('the unpacked app (stub Electron, offline)', () => {
  const built = ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html'].every((path) =>
    existsSync(join(root, path)),
  );

  it.skipIf(!built)(
    'holds only the built main, preload, renderer and package.json in app.asar, and the sample beside it',
    async () => {
      workDirectory = mkdtempSync(join(tmpdir(), 'morf-package-'));
      // A snapshot of the project (config, built output, assets; node_modules linked), so that a build
      // running at the same time in the working tree cannot change what is packaged mid-way.
      const project = join(workDirectory, 'project');
      for (const path of [
        'package.json',
        'package-lock.json',
        'electron-builder.yml',
        'out/main',
        'out/preload',
        'out/renderer',
        'assets/icons',
        'assets/sample',
      ]) {
        if (existsSync(join(root, path))) cpSync(join(root, path), join(project, path), { recursive: true });
      }
      symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
      const stub = join(workDirectory, 'electron-dist');
      mkdirSync(join(stub, 'resources'), { recursive: true });
      writeFileSync(join(stub, 'electron'), '#!/bin/sh\nexit 0\n');
      chmodSync(join(stub, 'electron'), 0o755);
      writeFileSync(join(stub, 'version'), electronVersion);
      copyFileSync(join(root, 'node_modules', 'electron', 'LICENSE'), join(stub, 'LICENSE'));
      const output = join(workDirectory, 'dist');
      await promisify(execFile)(
        process.execPath,
        [
          require.resolve('electron-builder/cli.js'),
          '--projectDir',
          project,
          '--dir',
          '--linux',
          '--x64',
          `-c.electronDist=${stub}`,
          `-c.directories.output=${output}`,
        ],
        {
          cwd: project,
          timeout: 120_000,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
        },
      );
      const resources = join(output, 'linux-unpacked', 'resources');
      const { listPackage, extractFile } = require('@electron/asar') as {
        listPackage(path: string): string[];
        extractFile(archive: string, file: string): Buffer;
      };
      const archive = join(resources, 'app.asar');
      const entries = listPackage(archive).map((entry) => entry.replaceAll('\\', '/'));

      for (const needed of [
        `/${packageJson.main}`,
        '/out/preload/preload.cjs',
        '/out/renderer/index.html',
        '/package.json',
      ])
        expect(entries).toContain(needed);
      const unexpected = entries.filter(
        (entry) => entry !== '/package.json' && !/^\/out(\/(main|preload|renderer)(\/.*)?)?$/.test(entry),
      );
      expect(unexpected).toEqual([]);
      expect(entries.filter((entry) => /\.(ts|tsx|map)$/.test(entry) || entry.includes('node_modules'))).toEqual([]);
      expect(entries.some((entry) => /^\/out\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);

      const packaged = JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as {
        main: string;
        version: string;
      };
      expect(packaged.main).toBe(packageJson.main);
      expect(packaged.version).toBe(packageJson.version);
      if (existsSync(join(root, 'assets', 'sample'))) expect(existsSync(join(resources, 'sample'))).toBe(true);
    },
    150_000,
  );
});
