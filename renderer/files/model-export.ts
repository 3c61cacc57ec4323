/**
 * File ▸ Export As…: writes the open model in the other format (MDX → MDL, MDL → MDX) through the
 * typed model's converter (shared/model/convert.ts), leaving the open file, its format and its
 * undo history as they are. What the conversion cannot carry (a chunk the model does not know,
 * MDL comments and layout) is said in the Info log, never dropped silently.
 */
import type { ModelFormat } from '../../shared/events/document';
import { CodecError } from '../../shared/binary/codec-error';
import { convertModel } from '../../shared/model/convert';
import { askPath, notify } from '../state/dialog-actions';
import { currentDocument, type EditorStore } from '../state/editor-store';
import { saveAnywhere } from './archive-files';
import { baseName, extensionOf } from './file-names';
import { exportModelRequest } from './path-requests';

/** The format an export writes: the other one. */
export function exportFormatOf(format: ModelFormat): ModelFormat {
  return format === 'mdx' ? 'mdl' : 'mdx';
}

/** `Name.mdx` → `Name.mdl`. */
function exportName(name: string, to: ModelFormat): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${to}`;
}

/** Converts the open model's bytes (`serialize` gives them in its own format) and writes them where the user says. */
export async function exportModelAs(store: EditorStore, serialize: () => Uint8Array | null): Promise<boolean> {
  const state = store.getState();
  const document = currentDocument(state);
  const host = store.services.host;
  if (!document || !state.file || !host) return false;
  const from = document.format;
  const to = exportFormatOf(from);
  const path = await askPath(store, exportModelRequest(exportName(baseName(state.file.name), to), to));
  if (!path) return false;
  if (extensionOf(path) !== `.${to}`) {
    notify(store, `Export As writes ${to.toUpperCase()}: choose a name ending in .${to}`, 'error');
    return false;
  }
  const bytes = serialize();
  if (!bytes) return false;
  let converted: ReturnType<typeof convertModel>;
  try {
    converted = convertModel(bytes, from, to, state.file.name);
  } catch (error) {
    const reason = error instanceof CodecError ? error.message : String(error);
    notify(store, `Cannot export ${state.file.name} as ${to.toUpperCase()}: ${reason}`, 'error');
    return false;
  }
  const output = converted.bytes;
  const buffer = output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength) as ArrayBuffer;
  try {
    await saveAnywhere(host, path, buffer);
  } catch (error) {
    notify(
      store,
      `Cannot export to ${baseName(path)}: ${error instanceof Error ? error.message : String(error)}`,
      'error',
    );
    return false;
  }
  for (const warning of converted.warnings)
    notify(store, `Export As ${baseName(path)}: ${warning.message} (${warning.where ?? 'model'})`, 'warning');
  const layout = from === 'mdl' ? ' (the MDL’s comments and layout do not carry over to MDX)' : '';
  const warned = converted.warnings.length > 0 ? `, ${converted.warnings.length} warning(s) in the Info log` : '';
  notify(store, `Exported ${state.file.name} as ${to.toUpperCase()} to ${path}${layout}${warned}`);
  return true;
}
