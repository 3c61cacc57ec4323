import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * Marks the boot script (the page's entry chunk, renderer/boot) for eager compilation with V8's explicit compile
 * hint (Chromium 136+): nearly every function in it runs while the page loads; compiled on a background thread as the
 * script streams in, they are not compiled one by one on the main thread at their first call. The comment is added
 * after minification (which drops comments), to every build alike, so a chunk's name still names one content.
 */
function compileBootScriptEagerly(): Plugin {
  return {
    name: 'morf-compile-boot-script-eagerly',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('.html'))
          output.code = `//# allFunctionsCalledOnLoad\n${output.code}`;
    },
  };
}

// Three builds: the Electron main process (ESM, Node), the sandboxed preload (CommonJS — a
// sandboxed preload cannot load ES modules) and the renderer (a browser bundle that the
// browser shell serves as well).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { main: resolve(import.meta.dirname, 'electron/shell/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'electron/shell/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [react(), compileBootScriptEagerly()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // Minified: the editor's first paint includes parsing three.js and React.
      minify: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
      },
    },
  },
});
