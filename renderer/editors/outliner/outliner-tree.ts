/**
 * The outliner's tree as flat rows: the model, its sequences, global sequences and cameras, the MRF links
 * (each with its show and hide objects and its file's state), then the event objects by type. A
 * filter keeps matching rows and their ancestors. Pure: tested without a DOM.
 */
import type { ModelDocument } from '../../../shared/events/document';
import type { GameTableSet } from '../../../shared/game-tables';
import { describeResolution } from '../../../shared/game-tables/describe';
import { meaningOf } from '../../state/game-tables';
import { type CapeEntry, type CapeStatus, capeKey } from '../../capes/cape-entry';
import type { IconName } from '../../ui/Icon';
import { baseName } from '../../files/file-names';
import { linkEndpointIndices } from '../../../shared/events/links';
import { GROUPS } from '../timeline/rows';
import { formatTime, formatTimeLabel } from '../timeline/layout';
import type { TimeUnit } from '../../state/timeline-view';
import { modelCameraNames } from '../viewport/model/document-model';

/** What a row stands for (selection and properties use it). */
export type OutlinerTarget =
  | { kind: 'model' }
  | { kind: 'folder'; key: string }
  | { kind: 'sequence'; sequenceIndex: number }
  | { kind: 'globalSequence'; globalSequenceIndex: number }
  | { kind: 'camera'; cameraIndex: number }
  | { kind: 'link'; id: string }
  | { kind: 'object'; objectIndex: number }
  | { kind: 'cape' };

/** One row. */
export interface OutlinerRow {
  key: string;
  depth: number;
  label: string;
  /** Right-aligned detail: an interval, a frame list, a count. */
  meta: string;
  icon: IconName;
  target: OutlinerTarget;
  /** Has children that can be collapsed. */
  parent: boolean;
  collapsed: boolean;
  /** File state for links. */
  status?: CapeStatus;
  /** What a sound, splat, footprint, uber-splat or spawn object means (short), and in full for its hint. */
  meaning?: { short: string; full: string; state: 'resolved' | 'unknown' | 'unresolved' };
}

/** The last part of a game path, without its extension. */
function fileStem(path: string): string {
  const name = path.slice(path.lastIndexOf('\\') + 1);
  return name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
}

/** An event object's meaning for its row, or undefined for links and other names (or before the tables load). */
export function rowMeaning(tables: GameTableSet | null, name: string): OutlinerRow['meaning'] {
  const resolution = meaningOf(tables, { name });
  if (!resolution || resolution.status === 'not-a-table-event') return undefined;
  const full = describeResolution(resolution);
  if (resolution.status === 'unknown') return { short: 'unknown code', full, state: 'unknown' };
  if (resolution.status !== 'resolved') return { short: 'unresolved', full, state: 'unresolved' };
  const meaning = resolution.meaning;
  const short =
    meaning.kind === 'sound'
      ? meaning.label
      : meaning.kind === 'spawn'
        ? fileStem(meaning.modelPath)
        : fileStem(meaning.texturePath);
  return { short, full, state: 'resolved' };
}

const GROUP_ICONS: Record<string, IconName> = {
  SND: 'speaker',
  FPT: 'footprint',
  SPN: 'spawn',
  SPL: 'splat',
  UBR: 'ubersplat',
  OTHER: 'event',
};

/** How times are written: the timeline's unit (the outliner follows it). */
export interface TimeFormat {
  unit: TimeUnit;
  frameStepMs: number;
}

const MILLISECONDS: TimeFormat = { unit: 'ms', frameStepMs: 1000 / 30 };

const timeLabel = (timeMs: number, format: TimeFormat) => formatTimeLabel(timeMs, format.unit, format.frameStepMs);

function framesText(frames: readonly number[], format: TimeFormat): string {
  if (frames.length === 0) return 'no keys';
  const shown = frames
    .slice(0, 3)
    .map((frame) => formatTime(frame, format.unit, format.frameStepMs))
    .join(', ');
  return frames.length > 3 ? `${shown} … (${frames.length})` : shown;
}

/** The rows of a model, before filtering and collapsing. */
function modelRows(
  document: ModelDocument,
  capes: Readonly<Record<string, CapeEntry>>,
  format: TimeFormat,
  tables: GameTableSet | null,
): OutlinerRow[] {
  const rows: OutlinerRow[] = [];
  const push = (row: Omit<OutlinerRow, 'collapsed'>) => rows.push({ ...row, collapsed: false });
  push({
    key: 'model',
    depth: 0,
    label: document.name || 'Model',
    meta: `${document.format.toUpperCase()} ${document.version}`,
    icon: 'mesh',
    target: { kind: 'model' },
    parent: true,
  });
  push({
    key: 'folder:sequences',
    depth: 1,
    label: 'Sequences',
    meta: String(document.sequences.length),
    icon: 'sequence',
    target: { kind: 'folder', key: 'sequences' },
    parent: document.sequences.length > 0,
  });
  document.sequences.forEach((sequence, sequenceIndex) =>
    push({
      key: `sequence:${sequenceIndex}`,
      depth: 2,
      label: sequence.name || `Sequence ${sequenceIndex}`,
      meta: `${formatTime(sequence.start, format.unit, format.frameStepMs)}–${timeLabel(sequence.end, format)}`,
      icon: 'sequence',
      target: { kind: 'sequence', sequenceIndex },
      parent: false,
    }),
  );
  push({
    key: 'folder:globals',
    depth: 1,
    label: 'Global Sequences',
    meta: String(document.globalSequences.length),
    icon: 'clock',
    target: { kind: 'folder', key: 'globals' },
    parent: document.globalSequences.length > 0,
  });
  document.globalSequences.forEach((duration, globalSequenceIndex) =>
    push({
      key: `global:${globalSequenceIndex}`,
      depth: 2,
      label: `Global Sequence ${globalSequenceIndex}`,
      meta: timeLabel(duration, format),
      icon: 'clock',
      target: { kind: 'globalSequence', globalSequenceIndex },
      parent: false,
    }),
  );
  const cameras = modelCameraNames(document);
  if (cameras.length > 0) {
    push({
      key: 'folder:cameras',
      depth: 1,
      label: 'Cameras',
      meta: String(cameras.length),
      icon: 'eye',
      target: { kind: 'folder', key: 'cameras' },
      parent: true,
    });
    cameras.forEach((name, cameraIndex) =>
      push({
        key: `camera:${cameraIndex}`,
        depth: 2,
        label: name || `Camera ${cameraIndex}`,
        meta: '',
        icon: 'eye',
        target: { kind: 'camera', cameraIndex },
        parent: false,
      }),
    );
  }
  push({
    key: 'folder:links',
    depth: 1,
    label: 'MRF Links',
    meta: String(document.links.length),
    icon: 'link',
    target: { kind: 'folder', key: 'links' },
    parent: document.links.length > 0,
  });
  for (const link of document.links) {
    const status = capes[capeKey(link.path)]?.status ?? 'loading';
    const children = linkEndpointIndices(link);
    push({
      key: `link:${link.id.toUpperCase()}`,
      depth: 2,
      label: `Link ${link.id}`,
      meta: '',
      icon: 'cape',
      target: { kind: 'link', id: link.id },
      parent: children.length > 0,
      status,
    });
    for (const objectIndex of children) {
      const object = document.eventObjects[objectIndex]!;
      const role = objectIndex === link.showIndex ? 'show' : 'hide';
      push({
        key: `object:${objectIndex}`,
        depth: 3,
        label: object.name,
        meta: `${role} ${framesText(object.frames, format)}`,
        icon: role === 'show' ? 'eye' : 'eye-off',
        target: { kind: 'object', objectIndex },
        parent: false,
      });
    }
  }
  for (const group of GROUPS) {
    if (group.key === 'links') continue;
    const members = document.eventObjects.filter((object) => group.types.includes(object.type));
    if (members.length === 0) continue;
    const icon = GROUP_ICONS[group.key] ?? 'event';
    push({
      key: `folder:${group.key}`,
      depth: 1,
      label: group.label,
      meta: String(members.length),
      icon,
      target: { kind: 'folder', key: group.key },
      parent: true,
    });
    for (const object of members) {
      const meaning = rowMeaning(tables, object.name);
      push({
        key: `object:${object.index}`,
        depth: 2,
        label: object.name,
        meta: framesText(object.frames, format),
        icon,
        target: { kind: 'object', objectIndex: object.index },
        parent: false,
        ...(meaning ? { meaning } : {}),
      });
    }
  }
  return rows;
}

/** The rows of a standalone cape. */
function capeRows(entry: CapeEntry): OutlinerRow[] {
  const statistics = entry.cape?.statistics;
  const name = baseName(entry.gamePath);
  return [
    {
      key: 'cape',
      depth: 0,
      label: name,
      meta: statistics ? `${statistics.vertexCount} verts · ${statistics.keyframeCount} keys` : entry.status,
      icon: 'cape',
      target: { kind: 'cape' },
      parent: false,
      collapsed: false,
      status: entry.status,
    },
  ];
}

/**
 * The visible rows: collapsed parents hide their descendants; with a filter, rows whose label or
 * detail contains it (case-insensitively) are kept with their ancestors, collapsed or not.
 */
export function outlinerRows(
  document: ModelDocument | null,
  standaloneCape: CapeEntry | null,
  capes: Readonly<Record<string, CapeEntry>>,
  collapsed: Readonly<Record<string, boolean>>,
  filter: string,
  format: TimeFormat = MILLISECONDS,
  tables: GameTableSet | null = null,
): OutlinerRow[] {
  const all = document ? modelRows(document, capes, format, tables) : standaloneCape ? capeRows(standaloneCape) : [];
  const needle = filter.trim().toLowerCase();
  if (needle) {
    const keep = new Set<number>();
    const ancestors: number[] = [];
    all.forEach((row, index) => {
      ancestors.length = row.depth;
      if (`${row.label} ${row.meta} ${row.meaning?.short ?? ''}`.toLowerCase().includes(needle)) {
        keep.add(index);
        for (const ancestor of ancestors) keep.add(ancestor);
      }
      ancestors[row.depth] = index;
    });
    return all.filter((_, index) => keep.has(index));
  }
  const visible: OutlinerRow[] = [];
  let hiddenBelow = Number.POSITIVE_INFINITY;
  for (const row of all) {
    if (row.depth > hiddenBelow) continue;
    hiddenBelow = Number.POSITIVE_INFINITY;
    const isCollapsed = row.parent && (collapsed[`outliner:${row.key}`] ?? false);
    visible.push({ ...row, collapsed: isCollapsed });
    if (isCollapsed) hiddenBelow = row.depth;
  }
  return visible;
}
