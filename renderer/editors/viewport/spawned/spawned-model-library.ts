/**
 * Models spawned by a model's emitters and event objects (PREM particles, SPN objects), loaded through the data
 * sources once per game path and kept: `request(path)` starts loading (the first time) and returns the entry, whose
 * status goes loading → found, missing or unreadable; listeners hear of every change. The game reads the MDX of a
 * path that names an MDL (spawned paths are mostly written `…\Foo.mdl`), so the MDX is looked for first, then the
 * MDL (SPN tables name either). Parsed on the main thread (reading a typed model is fast: views on the file's
 * bytes) into the preview's rig. Forget everything with `clear()` when the data sources change.
 */
import type { HostClient } from '../../../../shared/contract/contract';
import { sniffModelFormat } from '../../../../shared/events/index';
import { readModel } from '../../../../shared/model/convert';
import { findParsedChunk } from '../../../../shared/model/mdx-model';
import { rigOf } from '../model/document-model';
import type { ModelRig } from '../model/model-rig';
import { type SpawnedSequence, spawnedSequenceOf } from './spawned-playback';

/** Where an entry is. */
export type SpawnedModelStatus = 'loading' | 'found' | 'missing' | 'unreadable';

/** A loaded spawned model. */
export interface SpawnedModel {
  /** The game path asked for. */
  readonly gamePath: string;
  /** The game path that was found (the MDX, or the MDL). */
  readonly foundPath: string;
  readonly rig: ModelRig;
  /** What its instances play (null: no sequence, the bind pose). */
  readonly sequence: SpawnedSequence | null;
}

/** A game path's entry. */
export interface SpawnedModelEntry {
  readonly gamePath: string;
  readonly status: SpawnedModelStatus;
  readonly model: SpawnedModel | null;
  /** Why it is missing or unreadable (the spellings looked for, or the reader's message). */
  readonly reason: string | null;
}

/** What the library reads files through (the host's data sources). */
export type SpawnedModelReader = Pick<HostClient, 'readGamePath'>;

/**
 * The game paths to look for, in order: the MDX of the path, then its MDL (the game reads an MDL where no MDX is, and
 * an SPN table may name either).
 */
export function spawnedModelPaths(gamePath: string): string[] {
  const trimmed = gamePath.trim();
  if (!/\.md[lx]$/i.test(trimmed)) return [trimmed];
  const stem = trimmed.slice(0, -4);
  const upper = trimmed.slice(-3) === trimmed.slice(-3).toUpperCase();
  return upper ? [`${stem}.MDX`, `${stem}.MDL`] : [`${stem}.mdx`, `${stem}.mdl`];
}

/** See the module comment. */
export class SpawnedModelLibrary {
  private readonly entries = new Map<string, SpawnedModelEntry>();
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private sources: number | null = null;

  constructor(private readonly reader: SpawnedModelReader) {}

  /** The entry of `gamePath` (case-insensitive), loading it the first time it is asked for. */
  request(gamePath: string): SpawnedModelEntry {
    const key = gamePath.trim().toLowerCase();
    const known = this.entries.get(key);
    if (known) return known;
    const entry: SpawnedModelEntry = { gamePath, status: 'loading', model: null, reason: null };
    this.entries.set(key, entry);
    void this.load(key, gamePath, this.generation);
    return entry;
  }

  /** The entry of `gamePath` if it was asked for. */
  peek(gamePath: string): SpawnedModelEntry | undefined {
    return this.entries.get(gamePath.trim().toLowerCase());
  }

  /** Calls `listener` whenever an entry changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets every entry (the data sources changed): the next request loads again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.notify();
  }

  /**
   * Says which generation of the data sources the viewport is at (its texture generation): the first call records
   * it, a later different one clears the library. Every user of a shared library can call it; it clears once.
   */
  syncSources(sourcesGeneration: number): void {
    if (this.sources !== null && this.sources !== sourcesGeneration) this.clear();
    this.sources = sourcesGeneration;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private settle(key: string, generation: number, entry: SpawnedModelEntry): void {
    if (generation !== this.generation) return;
    this.entries.set(key, entry);
    this.notify();
  }

  private async load(key: string, gamePath: string, generation: number): Promise<void> {
    const tried: string[] = [];
    for (const candidate of spawnedModelPaths(gamePath)) {
      let read;
      try {
        read = await this.reader.readGamePath({ gamePath: candidate, kind: 'model' });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.settle(key, generation, { gamePath, status: 'unreadable', model: null, reason });
        return;
      }
      if (read.status !== 'found') {
        tried.push(...read.tried);
        continue;
      }
      try {
        const bytes = new Uint8Array(read.bytes);
        const format = sniffModelFormat(bytes) ?? (candidate.toLowerCase().endsWith('.mdl') ? 'mdl' : 'mdx');
        const model = readModel(bytes, format, read.entry.path);
        const spawned: SpawnedModel = {
          gamePath,
          foundPath: read.gamePath,
          rig: rigOf(model),
          sequence: spawnedSequenceOf(findParsedChunk(model, 'SEQS') ?? []),
        };
        this.settle(key, generation, { gamePath, status: 'found', model: spawned, reason: null });
      } catch (error) {
        const reason = `${read.entry.path}: ${error instanceof Error ? error.message : String(error)}`;
        this.settle(key, generation, { gamePath, status: 'unreadable', model: null, reason });
      }
      return;
    }
    this.settle(key, generation, {
      gamePath,
      status: 'missing',
      model: null,
      reason: `not in the data sources (looked for ${tried.join(', ') || gamePath})`,
    });
  }
}
