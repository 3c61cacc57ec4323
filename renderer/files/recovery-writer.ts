/**
 * Recovery files of unsaved work: the open model's, and each edited cape's (issue 14's cape documents, a link's cape
 * or a cape opened alone), written beside one another every few seconds while they differ from what was written,
 * and deleted once the document is saved, reverted, discarded or closed. A model's id is `doc-…` (from its path); a
 * cape's `cape-link-…` (from the path it resolved to, where Save writes it) or `cape-file-…` (the file opened alone).
 */
import { writeMrf } from '../../shared/mrf/write';
import { isCapeDirty, standaloneCapeKey } from '../state/cape-documents';
import { type CapeDocument, type EditorState, type EditorStore, currentDocument, isDirty } from '../state/editor-store';
import { present } from '../state/history';
import type { FileService } from './file-service';
import { exactBuffer } from './file-bytes';
import { recoveryId } from './file-names';

/** How often unsaved changes are written to their recovery files. */
export const RECOVERY_INTERVAL_MS = 5000;

/** The id prefix of a link's cape recovery file. */
export const LINK_CAPE_PREFIX = 'cape-link-';
/** The id prefix of the recovery file of a cape opened alone. */
export const FILE_CAPE_PREFIX = 'cape-file-';

/** The recovery id of a link's cape that resolved to `resolvedPath` (or, not resolved, of its game path). */
export function linkCapeRecoveryId(resolvedPath: string): string {
  return LINK_CAPE_PREFIX + recoveryId(resolvedPath).slice('doc-'.length);
}

/** The recovery id of a cape opened alone from `path` (or named `name` when it has no path yet). */
export function fileCapeRecoveryId(path: string): string {
  return FILE_CAPE_PREFIX + recoveryId(path).slice('doc-'.length);
}

/** What a recovery file holds: a document with unsaved changes. */
interface RecoveryTarget {
  id: string;
  documentPath: string | null;
  displayName: string;
  /** The document's present value: written again only when it changed. */
  value: unknown;
  /** True while a gesture (a drag of a number) still coalesces into it: written after it ends. */
  inGesture: boolean;
  bytes(): Promise<Uint8Array | null> | Uint8Array | null;
}

/** The link id a cape's game path names (`ArthasCape<ID>.mrf`), or the game path. */
function linkName(gamePath: string): string {
  const match = /ArthasCape([^\\/]*)\.mrf$/i.exec(gamePath);
  return match ? `link ${match[1]}` : gamePath;
}

function capeInGesture(document: CapeDocument): boolean {
  return document.history.entries[document.history.index]!.gesture !== null;
}

/** Every document with unsaved changes, as a recovery file would hold it. */
export function recoveryTargets(state: EditorState, files: Pick<FileService, 'recoveryBytes'>): RecoveryTarget[] {
  const targets: RecoveryTarget[] = [];
  const file = state.file;
  const model = currentDocument(state);
  if (file && model && isDirty(state))
    targets.push({
      id: recoveryId(file.path ?? file.name),
      documentPath: file.path,
      displayName: file.name,
      value: model,
      inGesture: false,
      bytes: () => files.recoveryBytes(),
    });
  const standaloneKey = standaloneCapeKey(state);
  for (const document of Object.values(state.capeDocuments)) {
    if (!isCapeDirty(document)) continue;
    const cape = present(document.history);
    const bytes = () => writeMrf(cape);
    if (document.key === standaloneKey && file) {
      targets.push({
        id: fileCapeRecoveryId(file.path ?? file.name),
        documentPath: file.path,
        displayName: `${file.name} (cape)`,
        value: cape,
        inGesture: capeInGesture(document),
        bytes,
      });
    } else if (!document.standalone) {
      const resolved = state.capes[document.key]?.resolvedPath ?? null;
      targets.push({
        id: linkCapeRecoveryId(resolved ?? document.gamePath),
        documentPath: resolved,
        displayName: `${document.name} (cape of ${linkName(document.gamePath)} in ${file?.name ?? 'a model'})`,
        value: cape,
        inGesture: capeInGesture(document),
        bytes,
      });
    }
  }
  return targets;
}

/**
 * Writes and deletes the recovery files of one store. Writes run one after another (a delete never overtakes the
 * write before it); `start` returns the stop function.
 */
export class RecoveryWriter {
  /** Recovery files this run owns, by id, with the value last written (null: adopted, not written yet). */
  private readonly owned = new Map<string, unknown>();
  private queue: Promise<unknown> = Promise.resolve();
  private writing = false;

  constructor(
    private readonly store: EditorStore,
    private readonly files: Pick<FileService, 'recoveryBytes'>,
  ) {}

  /** Writes every changed document each `intervalMs`; deletes a file as soon as its document has no unsaved work. */
  start(intervalMs = RECOVERY_INTERVAL_MS): () => void {
    const timer = setInterval(() => this.tick(), intervalMs);
    const unsubscribe = this.store.subscribe((state, previous) => {
      if (
        this.owned.size > 0 &&
        (state.history !== previous.history ||
          state.savedDocument !== previous.savedDocument ||
          state.file !== previous.file ||
          state.capeDocuments !== previous.capeDocuments)
      )
        this.discardFinished(state);
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }

  /** Takes over a recovery file offered back and restored: it is deleted when its document is saved or dropped. */
  adopt(id: string): void {
    if (!this.owned.has(id)) this.owned.set(id, null);
  }

  /** Deletes every recovery file this run owns (the window closes after the user answered for each document). */
  discardAll(): Promise<unknown> {
    const ids = [...this.owned.keys()];
    this.owned.clear();
    return this.enqueue(() => Promise.all(ids.map((id) => this.discard(id))));
  }

  /** Waits for the writes and deletes under way. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  private enqueue(operation: () => Promise<unknown>): Promise<unknown> {
    this.queue = this.queue.then(operation).catch(() => undefined);
    return this.queue;
  }

  private discard(id: string): Promise<unknown> {
    const host = this.store.services.host;
    return host ? host.discardRecovery({ id }).catch(() => undefined) : Promise.resolve();
  }

  private discardFinished(state: EditorState): void {
    // A key drag previews without committing: nothing is decided until it ends.
    if (state.drag) return;
    const live = new Set(recoveryTargets(state, this.files).map((target) => target.id));
    for (const id of [...this.owned.keys()]) {
      if (live.has(id)) continue;
      this.owned.delete(id);
      void this.enqueue(() => this.discard(id));
    }
  }

  private tick(): void {
    const state = this.store.getState();
    const host = this.store.services.host;
    if (!host || this.writing || state.drag) return;
    this.discardFinished(state);
    const due = recoveryTargets(state, this.files).filter(
      (target) => !target.inGesture && this.owned.get(target.id) !== target.value,
    );
    if (due.length === 0) return;
    this.writing = true;
    for (const target of due) {
      this.owned.set(target.id, target.value);
      void this.enqueue(async () => {
        try {
          const bytes = await target.bytes();
          if (!bytes) return;
          // Saved or dropped while its bytes were being assembled: not written back.
          if (!this.owned.has(target.id)) return;
          await host.writeRecovery({
            id: target.id,
            documentPath: target.documentPath,
            displayName: target.displayName.slice(0, 256),
            bytes: exactBuffer(bytes),
          });
        } catch {
          // Tried again at the next tick.
          if (this.owned.get(target.id) === target.value) this.owned.set(target.id, null);
        }
      });
    }
    void this.enqueue(async () => {
      this.writing = false;
    });
  }
}

/** Starts a recovery writer over a store (the model and every cape document). Returns a stop function. */
export function startRecoveryWriter(
  store: EditorStore,
  files: Pick<FileService, 'recoveryBytes'>,
  intervalMs = RECOVERY_INTERVAL_MS,
): () => void {
  return new RecoveryWriter(store, files).start(intervalMs);
}
