/**
 * The dope sheet's channels, built from the document: a summary row, then one group per kind of
 * event object (MRF links first, then SND, FPT, SPN, SPL, UBR, Other). A link row carries both of
 * its objects' keys and the show→hide bars; expanded, it lists the MRFx and MRDx objects below.
 * In MRF-only mode there is one row of the cape's keyframes. Rows are computed once per document
 * (and collapse state), never per frame.
 */
import type { EventObject, EventType, ModelDocument, MrfLink } from '../../../shared/events/document';
import { linkEndpointIndices } from '../../../shared/events/links';
import type { CapeEntry } from '../../capes/cape-entry';
import { baseName } from '../../files/file-names';

/** Event-object groups, in display order (MRF/MRD objects are shown under their links). */
export const GROUPS: readonly { key: string; label: string; types: readonly EventType[] }[] = [
  { key: 'links', label: 'MRF Links', types: ['MRF', 'MRD'] },
  { key: 'SND', label: 'Sounds', types: ['SND'] },
  { key: 'FPT', label: 'Footprints', types: ['FPT'] },
  { key: 'SPN', label: 'Spawns', types: ['SPN'] },
  { key: 'SPL', label: 'Splats', types: ['SPL'] },
  { key: 'UBR', label: 'UberSplats', types: ['UBR'] },
  { key: 'OTHER', label: 'Other', types: ['OTHER'] },
];

/** One channel of the dope sheet. */
export type TimelineRow =
  | { kind: 'summary'; key: string; label: string; objectIndices: readonly number[] }
  | { kind: 'group'; key: string; label: string; objectIndices: readonly number[]; collapsed: boolean }
  | { kind: 'link'; key: string; label: string; link: MrfLink; objectIndices: readonly number[]; collapsed: boolean }
  | { kind: 'object'; key: string; label: string; objectIndex: number; objectIndices: readonly [number]; depth: number }
  | { kind: 'cape'; key: string; label: string };

/** Row key of a link (stable across edits that keep the id). */
export function linkRowKey(id: string): string {
  return `link:${id.toUpperCase()}`;
}

/** The rows of a model document. `collapsed` maps row keys to their state; links start collapsed. */
export function buildModelRows(document: ModelDocument, collapsed: Readonly<Record<string, boolean>>): TimelineRow[] {
  const rows: TimelineRow[] = [];
  const all = document.eventObjects.map((object) => object.index);
  rows.push({ kind: 'summary', key: 'summary', label: 'Summary', objectIndices: all });
  for (const group of GROUPS) {
    if (group.key === 'links') {
      if (document.links.length === 0) continue;
      const indices = document.links.flatMap(linkEndpointIndices);
      const groupCollapsed = collapsed['group:links'] ?? false;
      rows.push({
        kind: 'group',
        key: 'group:links',
        label: `${group.label} (${document.links.length})`,
        objectIndices: indices,
        collapsed: groupCollapsed,
      });
      if (groupCollapsed) continue;
      for (const link of document.links) {
        const key = linkRowKey(link.id);
        const linkCollapsed = collapsed[key] ?? true;
        rows.push({
          kind: 'link',
          key,
          label: `Link ${link.id}`,
          link,
          objectIndices: linkEndpointIndices(link),
          collapsed: linkCollapsed,
        });
        if (linkCollapsed) continue;
        for (const index of linkEndpointIndices(link))
          rows.push({
            kind: 'object',
            key: `object:${index}`,
            label: objectLabel(document.eventObjects[index]!),
            objectIndex: index,
            objectIndices: [index],
            depth: 2,
          });
      }
      continue;
    }
    const members = document.eventObjects.filter((object) => group.types.includes(object.type));
    if (members.length === 0) continue;
    const key = `group:${group.key}`;
    const groupCollapsed = collapsed[key] ?? false;
    rows.push({
      kind: 'group',
      key,
      label: `${group.label} (${members.length})`,
      objectIndices: members.map((object) => object.index),
      collapsed: groupCollapsed,
    });
    if (groupCollapsed) continue;
    for (const object of members)
      rows.push({
        kind: 'object',
        key: `object:${object.index}`,
        label: objectLabel(object),
        objectIndex: object.index,
        objectIndices: [object.index],
        depth: 1,
      });
  }
  return rows;
}

/** A channel name: the object's name, with its global sequence when its keys loop on one. */
function objectLabel(object: EventObject): string {
  return object.globalSequenceId === null ? object.name : `${object.name} · GS ${object.globalSequenceId}`;
}

/** The single row of MRF-only mode. */
export function buildCapeRows(entry: CapeEntry): TimelineRow[] {
  return [{ kind: 'cape', key: 'cape', label: `${baseName(entry.gamePath)} keyframes` }];
}

const NO_OBJECTS: readonly number[] = [];

/** The objects whose keys a row shows (and a click on it selects); built with the rows, never per frame. */
export function rowObjectIndices(row: TimelineRow): readonly number[] {
  return row.kind === 'cape' ? NO_OBJECTS : row.objectIndices;
}
