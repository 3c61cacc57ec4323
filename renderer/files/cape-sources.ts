/**
 * Reading a cape source file for Import Cape, New Link from Cape and Open: an MRF as it is, or a file of any
 * importer's format (cape-importers.ts) with the companion files it names beside it, baked in the cape worker with
 * the options the user gives in the importer's dialog.
 */
import { HostError, type HostClient } from '../../shared/contract/contract';
import { readMrf } from '../../shared/mrf/read';
import type { CapeConverter } from '../capes/cape-conversions';
import type { CapeImporter } from '../capes/cape-importer-types';
import { CAPE_IMPORTERS, capeImporterFor, parseCapeImportValues } from '../capes/cape-importers';
import { askForm, notify } from '../state/dialog-actions';
import type { EditorStore } from '../state/editor-store';

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;
const folderOf = (path: string) => path.slice(0, path.length - baseName(path).length);

/** A host error's message (or any error's), to show. */
export function describe(error: unknown): string {
  if (error instanceof HostError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The store's host client (throws when none is connected). */
export function host(store: EditorStore): HostClient {
  const client = store.services.host;
  if (!client) throw new Error('no host is connected');
  return client;
}

/** A granted file's bytes, without keeping it watched. */
export async function readFileBytes(client: HostClient, path: string): Promise<ArrayBuffer> {
  const opened = await client.openFile({ path });
  client.closeFile({ path }).catch(() => undefined);
  return opened.bytes;
}

/** The options dialog of an importer; the values, or null when cancelled. */
async function askImportOptions(store: EditorStore, importer: CapeImporter, name: string) {
  let texts: Record<string, string> = {};
  for (;;) {
    const answer = await askForm(
      store,
      `Import Cape from ${importer.label}`,
      `${name}: leave a field empty for its default.`,
      importer.options.map((option) => ({
        key: option.key,
        label: option.label,
        value: texts[option.key] ?? '',
        placeholder: option.placeholder,
        hint: option.hint,
      })),
      'Import',
    );
    if (!answer) return null;
    const parsed = parseCapeImportValues(importer, answer);
    if ('values' in parsed) return parsed.values;
    notify(store, `Import Cape: ${parsed.error}`, 'error');
    texts = answer;
  }
}

/**
 * Reads a cape source file: an MRF as is, any importer's format baked with the options the user gives. Returns the
 * MRF bytes (null when cancelled); refusals are reported.
 */
export async function readCapeSource(
  store: EditorStore,
  converter: CapeConverter,
  path: string,
  importers: readonly CapeImporter[] = CAPE_IMPORTERS,
): Promise<Uint8Array | null> {
  const client = host(store);
  const name = baseName(path);
  try {
    if (name.toLowerCase().endsWith('.mrf')) {
      const bytes = new Uint8Array(await readFileBytes(client, path));
      readMrf(bytes);
      return bytes;
    }
    const importer = capeImporterFor(name, importers);
    if (!importer) {
      const extensions = ['.mrf', ...importers.flatMap((row) => row.extensions)].join(', ');
      throw new Error(`not a cape file the editor reads (${extensions})`);
    }
    const bytes = await readFileBytes(client, path);
    const resources: Record<string, ArrayBuffer> = {};
    const companions = importer.companions?.(new Uint8Array(bytes), name) ?? { required: [], optional: [] };
    for (const uri of companions.required) resources[uri] = await readFileBytes(client, folderOf(path) + decode(uri));
    for (const uri of companions.optional) {
      const optional = await readFileBytes(client, folderOf(path) + decode(uri)).catch(() => null);
      if (optional) resources[uri] = optional;
    }
    const values = await askImportOptions(store, importer, name);
    if (!values) return null;
    store.setState({ loading: { label: `Baking ${name}…`, progress: null } });
    const result = await converter.run({ kind: 'import', importerId: importer.id, name, bytes, resources, values });
    if (result.kind !== 'import') throw new Error('unexpected answer');
    for (const warning of result.warnings) notify(store, `${name}: ${warning}`, 'warning');
    notify(store, `${name}: ${result.summary}`);
    return new Uint8Array(result.mrf);
  } catch (error) {
    notify(store, `Cannot import ${name}: ${describe(error)}`, 'error');
    return null;
  } finally {
    store.setState({ loading: null });
  }
}

function decode(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
