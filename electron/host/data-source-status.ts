/**
 * The status a data source (a folder or an archive, each indexed by game path) shows the renderer: one shape for
 * both kinds of index.
 */
import type { DataFolderStatus } from '../../shared/contract/contract';

/** What an index knows of itself. */
export interface IndexedSource {
  readonly path: string;
  readonly transient: boolean;
  readonly state: DataFolderStatus['state'];
  readonly files: ReadonlyMap<string, string>;
  readonly indexMs: number;
  readonly error: string | null;
}

/** The status the renderer sees of an indexed data source. */
export function indexStatus(index: IndexedSource): DataFolderStatus {
  return {
    path: index.path,
    state: index.state,
    fileCount: index.files.size,
    indexMs: index.indexMs,
    transient: index.transient,
    error: index.error,
  };
}
