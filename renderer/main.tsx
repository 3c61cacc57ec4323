/**
 * Entry point: wires the store to the host (Electron preload or browser shell), the model codec
 * and its parsing worker, the operators and keymap, then renders the editor and boots it.
 */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installAutomation } from './app/automation';
import { boot } from './app/boot';
import { revealWhenDrawn } from './app/boot-reveal';
import type { EditorApp } from './ui/editor-context';
import { installKeyboard } from './app/keyboard';
import { hostTextureSource } from './editors/viewport/texture-source';
import { prepareViewportRenderer } from './editors/viewport/Viewport';
import { FileService } from './files/file-service';
import { modelCodec, createModelWorker } from './files/model-codec';
import { installRender } from './render/install-render';
import { benchmarkRender } from './render/render-bench';
import { createKeymap, createOperatorRegistry } from './operators';
import { getHost } from './platform';
import { startupFileAttribute } from '../shared/contract/contract';
import { createEditorStore } from './state/editor-store';
import { createModelParser } from './workers/model-parser';
import './styles/theme.css';

const container = document.getElementById('root');
if (!container) throw new Error('Morf Studio: #root element missing from index.html');

const host = getHost();
const store = createEditorStore({ codec: modelCodec, host });
const parser = createModelParser(createModelWorker, modelCodec);
parser.warm();
const files = new FileService(store, parser);
const app: EditorApp = { store, operators: createOperatorRegistry(files), keymap: createKeymap(), files };

let pointer: { x: number; y: number } | null = null;
window.addEventListener('pointermove', (event) => (pointer = { x: event.clientX, y: event.clientY }), {
  passive: true,
});
installKeyboard(store, app.operators, app.keymap, () => pointer);
const textureSource = hostTextureSource(host);
installRender(app, textureSource);
installAutomation(store, { benchmarkRender: (options) => benchmarkRender(app, textureSource, options) });
revealWhenDrawn(container, store);

// Boot first: the editor first renders (and the viewport makes its WebGL context) once the startup file's bytes are
// in, so that the file's read does not wait for it (see boot).
let rendered = false;
const render = () => {
  if (rendered) return;
  rendered = true;
  createRoot(container).render(<App app={app} textureSource={textureSource} />);
};
// The browser shell names the startup file in the page (its preload link): its read-ahead starts now, beside the
// host's first requests, rather than after them.
const named = document.querySelector(`link[${startupFileAttribute}]`)?.getAttribute(startupFileAttribute);
if (named) void files.readAhead(named);
void boot(store, files, app.operators, render);
// The viewport's renderer is made now, while the GPU process is free (see prepareViewportRenderer).
prepareViewportRenderer();
// A host slow to answer does not keep the editor from showing.
setTimeout(render, 400);
