/**
 * The data folder stack, as the editor changes it: a folder or archive added (first, or several below the others),
 * moved up or down, removed — one change at a time, in the order asked — and after each change every linked cape
 * resolved again through the new stack. A refused change says the host's reason; when the editor's list may have
 * been stale (a folder it names is gone), the current stack is fetched and shown.
 */
import { type DataFolderStatus, HostError } from '../../shared/contract/contract';
import { loadLinkedCapes } from '../state/cape-actions';
import { askPath, notify } from '../state/dialog-actions';
import { type EditorStore, currentDocument } from '../state/editor-store';
import { dataFolderRequest } from './path-requests';

function describe(error: unknown): string {
  if (error instanceof HostError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Changes to the data folder stack, bound to one store. */
export class DataFolderService {
  /** The last queued data-folder change (they run one after another). */
  private dataFolderChanges: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: EditorStore) {}

  private get host() {
    const host = this.store.services.host;
    if (!host) throw new Error('no host is connected');
    return host;
  }

  /** File ▸ Open Data Folder: puts a folder first in the stack and re-resolves the capes. */
  async openDataFolder(): Promise<boolean> {
    const path = await askPath(this.store, dataFolderRequest);
    return path ? this.addDataFolder(path) : false;
  }

  /** Puts a folder or archive first in the data folder stack and re-resolves the capes. */
  addDataFolder(path: string): Promise<boolean> {
    return this.changeDataFolders({
      working: `Indexing ${baseName(path)}…`,
      failure: 'Cannot add the data folder',
      listMayBeStale: false,
      change: async () => ({
        dataFolders: await this.host.addDataFolder({ path, position: 0 }),
        notice: `Data folder ${path} added`,
      }),
    });
  }

  /**
   * Adds data sources in the order given (each below the ones before it, e.g. the game's archives), or at the top
   * with `position` 0; one queued change, one reload of the capes.
   */
  addDataSources(paths: readonly string[], position: 0 | -1, notice: string): Promise<boolean> {
    return this.changeDataFolders({
      working: `Indexing ${paths.length} data sources…`,
      failure: 'Cannot add the data sources',
      listMayBeStale: false,
      change: async () => {
        let dataFolders = [...this.store.getState().dataFolders];
        for (const path of position === 0 ? [...paths].reverse() : paths)
          dataFolders = await this.host.addDataFolder({ path, position });
        return { dataFolders, notice };
      },
    });
  }

  /** Moves a data folder one place up (`-1`: searched earlier, wins over the folder above) or down (`1`) the stack. */
  moveDataFolder(path: string, offset: -1 | 1): Promise<boolean> {
    return this.changeDataFolders({
      working: `Moving ${baseName(path)}…`,
      failure: `Cannot move the data folder ${path}`,
      listMayBeStale: true,
      change: async () => {
        // The order is computed when the change runs, after any change queued before it.
        const paths = this.store.getState().dataFolders.map((folder) => folder.path);
        const from = paths.indexOf(path);
        const to = from + offset;
        if (from < 0) throw new HostError('not-found', 'not in the data folder stack', path);
        if (to < 0 || to >= paths.length) return null;
        [paths[from], paths[to]] = [paths[to]!, paths[from]!];
        return {
          dataFolders: await this.host.reorderDataFolders({ paths }),
          notice: `Data folder ${path} moved ${offset < 0 ? 'up' : 'down'} (now ${to + 1} of ${paths.length})`,
        };
      },
    });
  }

  /** Removes a folder from the data folder stack (its files stay on disk); capes it provided resolve elsewhere or go
   * missing. */
  removeDataFolder(path: string): Promise<boolean> {
    return this.changeDataFolders({
      working: `Removing ${baseName(path)}…`,
      failure: `Cannot remove the data folder ${path}`,
      listMayBeStale: true,
      change: async () => ({
        dataFolders: await this.host.removeDataFolder({ path }),
        notice: `Data folder ${path} removed`,
      }),
    });
  }

  /**
   * The data folder stack changed (here or on the host): shows it, reloads the textures and
   * re-resolves every linked cape through it.
   */
  async applyDataFolders(dataFolders: DataFolderStatus[]): Promise<void> {
    this.store.setState((state) => ({ dataFolders, textureGeneration: state.textureGeneration + 1 }));
    await this.reloadCapes();
  }

  /**
   * Runs data-folder changes one after another. `change` asks the host and returns the stack it
   * answered with and the notice to show (null: nothing to do); the stack is then applied. On
   * failure the host's reason is shown, and when the editor's list may have been out of date
   * (a folder it names is gone) the current stack is fetched and applied.
   */
  private changeDataFolders(options: {
    working: string;
    failure: string;
    listMayBeStale: boolean;
    change(): Promise<{ dataFolders: DataFolderStatus[]; notice: string } | null>;
  }): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      try {
        this.store.setState({ loading: { label: options.working, progress: null } });
        const changed = await options.change();
        this.store.setState({ loading: null });
        if (!changed) return false;
        await this.applyDataFolders(changed.dataFolders);
        notify(this.store, changed.notice);
        return true;
      } catch (error) {
        this.store.setState({ loading: null });
        const stale =
          options.listMayBeStale &&
          error instanceof HostError &&
          (error.code === 'not-found' || error.code === 'invalid-argument');
        notify(
          this.store,
          `${options.failure}: ${describe(error)}${
            stale ? ' (the list had changed elsewhere; it now shows the ' + 'current folders)' : ''
          }`,
          'error',
        );
        if (stale)
          await this.host.listDataFolders().then(
            (dataFolders) => this.applyDataFolders(dataFolders),
            () => undefined,
          );
        return false;
      }
    };
    const result = this.dataFolderChanges.then(run);
    this.dataFolderChanges = result.catch(() => false);
    return result;
  }

  /** Re-resolves every linked cape (data folders changed). */
  async reloadCapes(): Promise<void> {
    const document = currentDocument(this.store.getState());
    if (document) await loadLinkedCapes(this.store, document, true);
  }
}
