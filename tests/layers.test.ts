/**
 * Layer rules, enforced: shared/ is a pure codec and the host contract (no Node, Electron, DOM,
 * React or three); only the Electron shell (electron/shell) imports electron — host services,
 * the CLI and the browser shell are plain Node; the renderer imports shared/ and itself only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** Module specifiers of every import, export-from, dynamic import and require in a file. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[^'"`;]*?\sfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

const NODE_MODULES = 'fs|path|os|child_process|crypto|stream|http|https|net|url|util|worker_threads|zlib|buffer|events';
/**
 * The npm packages shared/ may import: pure, browser- and worker-safe libraries (no Node built-ins, no DOM), each
 * checked for its licence. Add a package here only with that check, and say why in the commit.
 */
const SHARED_PACKAGES: readonly string[] = [
  // MIT; pure TypeScript with no dependencies; its synchronous inflate runs in the browser, a worker and Node alike.
  'fflate',
  // MIT; glTF 2.0 read/write (GLB and JSON with resources) in pure JavaScript over Uint8Arrays, its one dependency
  // property-graph (MIT) pure too; its PlatformIO readBinary/readJSON/writeBinary/writeJSON need no fs, fetch or DOM
  // (only NodeIO, which shared/ never uses, imports node:fs lazily), so it runs in the browser, a worker and Node.
  '@gltf-transform/core',
];

const nodeBuiltin = new RegExp(`^(node:|fs/|(${NODE_MODULES})$)`);

function violations(directory: string, forbidden: (specifier: string) => boolean, globals: RegExp | null): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(root, directory))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const specifier of importsOf(source)) {
      if (forbidden(specifier)) found.push(`${relative(root, file)} imports ${specifier}`);
    }
    if (globals) {
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const match = code.match(globals);
      if (match) found.push(`${relative(root, file)} uses ${match[0]}`);
    }
  }
  return found;
}

describe('layer rules', () => {
  it('type-checks shared/ without the DOM or Node types', () => {
    const config = JSON.parse(readFileSync(join(root, 'tsconfig.shared.json'), 'utf8')) as {
      compilerOptions: { lib: string[]; types: string[] };
    };
    expect(config.compilerOptions.lib.some((lib) => /dom/i.test(lib))).toBe(false);
    expect(config.compilerOptions.types).toEqual([]);
  });

  it('finds imports of every form (the rule itself can fail)', () => {
    expect(
      importsOf(`import fs from 'node:fs'; export { x } from "three"; await import('electron'); require('react')`),
    ).toEqual(['node:fs', 'three', 'electron', 'react']);
  });

  it('shared/ imports nothing from Node, Electron, the DOM, React or three', () => {
    const forbidden = (specifier: string) =>
      nodeBuiltin.test(specifier) ||
      /^(electron|react|react-dom|three|@react-three\/|zustand)(\/|$)/.test(specifier) ||
      /^\.\.?\/.*\b(electron|renderer|tests)\//.test(specifier) ||
      (!specifier.startsWith('.') &&
        !SHARED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
    // tests/ holds Node-side test support (tests/testing/corpus.ts reads ../shared with node:fs):
    // shared/*.test.ts files may import it, no shared/ module may.
    // DOM and Node globals (document, window, Buffer, process…) are caught by type-checking
    // shared/ with tsconfig.shared.json, which has neither the DOM nor the Node types; this
    // pattern only catches the CommonJS escapes tsc would not flag in a .js file.
    const globals = /\b(require\s*\(|__dirname\b|__filename\b|globalThis\.process\b)/;
    // Test support (testing/ folders, never bundled) may use test packages such as fast-check.
    const found = violations('shared', forbidden, globals).filter(
      (finding) => !/(^|\/)testing\/.* imports (fast-check|@gltf-transform\/)/.test(finding),
    );
    expect(found).toEqual([]);
  });

  it('only electron/shell imports electron: host services, the CLI and the browser shell never do', () => {
    const forbidden = (specifier: string) =>
      specifier === 'electron' || specifier.startsWith('electron/') || /(^|\/)shell(\/|$)/.test(specifier);
    const found = ['electron/host', 'electron/cli', 'electron/web'].flatMap((directory) =>
      violations(directory, forbidden, null),
    );
    expect(found).toEqual([]);
  });

  it('test support lives in testing/ folders that no production module imports', () => {
    const forbidden = (specifier: string) => /(^|\/)testing(\/|$)/.test(specifier);
    const production = ['shared', 'electron', 'renderer', 'assets'].flatMap((directory) =>
      violations(directory, forbidden, null).filter((found) => !/(^|\/)testing\//.test(found.split(' ')[0]!)),
    );
    expect(production).toEqual([]);
    const strays = ['shared', 'electron', 'renderer', 'assets', 'tests'].flatMap((directory) =>
      sourceFiles(join(root, directory))
        .map((file) => relative(root, file))
        .filter((file) => /(fixture|test-|testing\.ts)/.test(file.split('/').pop()!) && !/(^|\/)testing\//.test(file))
        .filter((file) => !/\.test\.tsx?$/.test(file)),
    );
    expect(strays).toEqual([]);
  });

  it('the renderer imports nothing from the Node side: no Node built-ins, no electron, nothing under electron/', () => {
    const forbidden = (specifier: string) =>
      nodeBuiltin.test(specifier) || specifier === 'electron' || /^(\.\.\/)+electron\//.test(specifier);
    expect(violations('renderer', forbidden, null)).toEqual([]);
  });

  it('the renderer rule catches an import of the contract from its old place', () => {
    const forbidden = (specifier: string) => /^(\.\.\/)+electron\//.test(specifier);
    expect(importsOf(`import { limits } from '../../electron/contract';`).filter(forbidden)).toHaveLength(1);
  });

  it('renderer folders import downhill: boot, app, render, editors, ui, operators, files/audio, state, capes', () => {
    const rank: Record<string, number> = {
      // The page's first script: draws the startup file, then loads the editor.
      boot: 11,
      app: 10,
      // Renders draw through the viewport's content (editors/viewport) and reach operators through state.
      render: 9,
      editors: 8,
      ui: 7,
      operators: 6,
      files: 5,
      audio: 5,
      state: 4,
      capes: 3,
      textures: 3,
      workers: 2,
      platform: 1,
      styles: 0,
    };
    const rendererRoot = join(root, 'renderer');
    const climbs: string[] = [];
    for (const file of sourceFiles(rendererRoot)) {
      const path = relative(rendererRoot, file);
      if (/\.test\.tsx?$/.test(path) || path.startsWith('testing/')) continue;
      const from = path.includes('/') ? path.split('/')[0]! : null;
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(rendererRoot, join(file, '..', specifier));
        if (target.startsWith('..')) continue;
        const to = target.split('/')[0]!;
        if (from === null || to === from || !(to in rank)) continue;
        if (!(from in rank)) climbs.push(`${path}: renderer/${from} has no place in the layer order`);
        else if (rank[to]! >= rank[from]!) climbs.push(`${path} imports ${specifier} (${from} → ${to})`);
      }
    }
    expect(climbs).toEqual([]);
  });

  it('shared/ imports one way: mdx/ and mdl/ know no kind, the model sits above them, events above the model', () => {
    expect(sharedClimbs()).toEqual([]);
  });

  it('the shared/ rule catches mdx/ or mdl/ importing the model, and the model importing events', () => {
    const planted = new Map([
      ['shared/mdx/container.ts', "import { kindOfTag } from '../model/registry';"],
      ['shared/mdl/tree.ts', "import type { EventObject } from '../model/kinds/event-object';"],
      ['shared/model/registry.ts', "import { readModel } from '../events/read';"],
    ]);
    expect(sharedClimbs(planted).sort()).toEqual([
      'shared/mdl/tree.ts imports ../model/kinds/event-object (mdl → model)',
      'shared/mdx/container.ts imports ../model/registry (mdx → model)',
      'shared/model/registry.ts imports ../events/read (model → events)',
    ]);
  });
});

/** The renderer's import graph: each production module (path below renderer/) and the modules it imports. */
function rendererGraph(): Map<string, string[]> {
  const rendererRoot = join(root, 'renderer');
  const modules = sourceFiles(rendererRoot)
    .map((file) => relative(rendererRoot, file))
    .filter((path) => !/\.test\.tsx?$/.test(path) && !path.startsWith('testing/'));
  const known = new Set(modules);
  const resolve = (from: string, specifier: string): string | null => {
    const base = relative(rendererRoot, join(rendererRoot, from, '..', specifier));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
    return candidates.find((candidate) => known.has(candidate)) ?? null;
  };
  return new Map(
    modules.map((path) => [
      path,
      importsOf(readFileSync(join(rendererRoot, path), 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(path, specifier))
        .filter((target): target is string => target !== null),
    ]),
  );
}

/**
 * The import cycles of a graph (type-only imports count: a type that two modules need belongs in a third), each
 * as its modules in order, the first one repeated at the end. Tarjan's strongly connected components; a component
 * of several modules is reported through one cycle in it.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  // One cycle through each component: from its first module, follow imports that stay inside it.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const path = [start];
    const seen = new Set([start]);
    for (;;) {
      const last = path[path.length - 1]!;
      const inside = (graph.get(last) ?? []).filter((next) => members.has(next));
      if (inside.includes(start)) return [...path, start];
      const next = inside.find((candidate) => !seen.has(candidate)) ?? inside[0]!;
      if (seen.has(next)) return [...path.slice(path.indexOf(next)), next];
      path.push(next);
      seen.add(next);
    }
  });
}

describe('import cycles', () => {
  it('finds a cycle through type-only imports, none in a graph that runs one way (the rule itself can fail)', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    expect(importsOf(`import type { CapeImporter } from './cape-importers';`)).toEqual(['./cape-importers']);
  });

  it('no module of the renderer imports itself back through others', () => {
    expect(importCycles(rendererGraph()).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

/**
 * The layers of shared/ that must import downhill: events (event objects and MRF links) over the model (the kinds,
 * their registry, the typed model) over mdx and mdl (the binary container and the text block tree, which know no
 * kind and not each other). Imports within a layer, and of the folders beside them (binary, diagnostics…), are free.
 * `planted` adds lines to files, for the test that shows the rule fails.
 */
function sharedClimbs(planted: ReadonlyMap<string, string> = new Map()): string[] {
  const rank: Record<string, number> = { events: 3, model: 2, mdx: 1, mdl: 1 };
  const sharedRoot = join(root, 'shared');
  const climbs: string[] = [];
  for (const file of sourceFiles(sharedRoot)) {
    const path = relative(sharedRoot, file);
    if (/\.test\.tsx?$/.test(path)) continue;
    const from = path.split('/')[0]!;
    if (!(from in rank)) continue;
    const source = `${readFileSync(file, 'utf8')}\n${planted.get(`shared/${path}`) ?? ''}`;
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(sharedRoot, join(file, '..', specifier));
      const to = target.split('/')[0]!;
      if (to === from || !(to in rank)) continue;
      if (rank[to]! >= rank[from]!) climbs.push(`shared/${path} imports ${specifier} (${from} → ${to})`);
    }
  }
  return climbs;
}
