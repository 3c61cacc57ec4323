/**
 * The contract's operations implemented over the host services, and the one dispatch both shells
 * use: validate every argument against the contract, run the handler, wrap the result or error.
 */
import type { OperationArgs, OperationName, OperationResult, WireResult } from '../../shared/contract/contract';
import { HostError, isOperationName, toWireError, validateArguments } from '../../shared/contract/contract';
import { writeDataFile } from './data-file-write';
import type { HostServices } from './host';

/** One handler per operation, receiving validated arguments. */
export type OperationHandlers = { [K in OperationName]: (args: OperationArgs<K>) => Promise<OperationResult<K>> };

/** The operations only a shell can provide (dialogs, the window). */
export type ShellOperations = Pick<
  OperationHandlers,
  'showOpenDialog' | 'showSaveDialog' | 'revealPath' | 'setWindowState' | 'confirmClose'
>;

/** Shell operations of a runtime without native dialogs or a window of its own (the browser shell). */
export const headlessShell: ShellOperations = {
  showOpenDialog: async () => {
    throw new HostError(
      'unsupported',
      'no native dialogs in the browser shell: use the in-app file browser (listDirectory)',
    );
  },
  showSaveDialog: async () => {
    throw new HostError(
      'unsupported',
      'no native dialogs in the browser shell: use the in-app file browser (listDirectory)',
    );
  },
  revealPath: async () => {
    throw new HostError('unsupported', 'the browser shell cannot show files in the system file manager');
  },
  setWindowState: async () => null,
  confirmClose: async () => null,
};

/** Implement every operation over the host services, with the shell's own operations. */
export function createHandlers(host: HostServices, shell: ShellOperations): OperationHandlers {
  return {
    ...shell,
    getStartup: () => host.startupRequest(),
    openFile: ({ path }) => host.files.open(path),
    noteFileOpened: async ({ path, opened }) => {
      if (opened) host.noteRecent(path);
      else host.forgetFile(path);
      return null;
    },
    statFile: ({ path }) => host.files.stat(path),
    saveFile: ({ path, bytes, expected, force }) => host.files.save(path, bytes, expected, force),
    saveFileAs: async ({ path, bytes }) => {
      const result = await host.files.saveAs(path, bytes);
      if (result.status === 'saved') host.noteRecent(result.identity.path);
      return result;
    },
    closeFile: async ({ path }) => {
      host.files.close(path);
      return null;
    },
    resolveGamePath: ({ gamePath, kind }) => host.dataFolders.resolve(gamePath, kind),
    readGamePath: ({ gamePath, kind }) => host.dataFolders.read(gamePath, kind),
    listDataFiles: ({ kind, prefix, limit }) => host.dataFolders.list(kind, prefix, limit),
    listDataFolders: async () => host.dataFolders.statuses(),
    addDataFolder: ({ path, position }) => host.addDataFolder(path, position),
    removeDataFolder: async ({ path }) => host.removeDataFolder(path),
    reorderDataFolders: async ({ paths }) => host.reorderDataFolders(paths),
    getSettings: async () => host.settings.snapshot(),
    setSessionValue: async ({ key, value }) => {
      host.settings.setSession(key, value);
      return null;
    },
    clearRecentFiles: async () => {
      host.clearRecent();
      return null;
    },
    writeRecovery: ({ id, documentPath, displayName, bytes }) =>
      host.recovery.write(id, documentPath, displayName, bytes),
    listRecovery: () => host.recovery.list(),
    readRecovery: ({ id }) => host.recovery.read(id),
    discardRecovery: async ({ id }) => {
      await host.recovery.discard(id);
      return null;
    },
    listDirectory: ({ path }) => host.listDirectory(path),
    listRoots: async () => host.roots(),
    findGameArchives: ({ path }) => host.archives.findGameArchives(path),
    listArchive: ({ path, limit }) => host.archives.list(path, limit),
    readArchiveFile: ({ archive, gamePath }) => host.archives.read(archive, gamePath),
    writeArchiveFile: ({ archive, gamePath, bytes, expected, force }) =>
      host.archives.write(archive, gamePath, bytes, expected, force),
    setArchiveListfile: ({ path }) => host.setArchiveListfile(path),
    getArchiveListfile: async () => host.archives.listfile,
    writeDataFile: ({ folder, gamePath, bytes, expected, force }) =>
      writeDataFile(
        {
          guard: host.guard,
          dataSources: () => host.dataFolders.statuses().map((status) => status.path),
          isArchive: (path) => host.dataFolders.archiveAt(path) !== null,
          save: (path, data, identity, overwrite) => host.files.save(path, data, identity, overwrite),
        },
        folder,
        gamePath,
        bytes,
        expected,
        force,
      ),
    beginRenderOutput: ({ path, kind, replace }) => host.renders.begin(path, kind, replace),
    writeRenderOutput: ({ id, name, position, bytes }) => host.renders.write(id, name, position, bytes),
    finishRenderOutput: ({ id }) => host.renders.finish(id),
    abortRenderOutput: ({ id }) => host.renders.abort(id),
  };
}

/** Validate and run one operation by name; never throws. */
export async function dispatch(
  handlers: OperationHandlers,
  name: string,
  rawArgs: unknown,
): Promise<WireResult<unknown>> {
  if (!isOperationName(name)) return toWireError(new HostError('invalid-argument', `unknown operation "${name}"`));
  try {
    const args = validateArguments(name, rawArgs);
    const handler = handlers[name] as (args: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(args) };
  } catch (error) {
    return toWireError(error);
  }
}
