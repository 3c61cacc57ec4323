/**
 * What one frame of the dope sheet shows (draw-timeline.ts draws it, draw-ruler.ts its ruler and playhead): the
 * rows, the document and capes, the view and geometry, the selection and drag, the playhead and the sequences.
 */
import type { ModelDocument, SequenceInfo } from '../../../shared/events/document';
import type { KeyShift } from '../../../shared/events/visibility';
import type { CapeEntry } from '../../capes/cape-entry';
import type { DragPreview } from '../../state/editor-store';
import type { Selection } from '../../state/selection';
import type { TimeRange } from '../../state/time-range';
import type { ScreenRect } from './hit-test';
import type { TimeUnit, TimelineGeometry, TimelineView } from './layout';
import type { TimelineRow } from './rows';

/** Everything one frame of the timeline shows. */
export interface TimelineScene {
  rows: readonly TimelineRow[];
  document: ModelDocument | null;
  capes: Readonly<Record<string, CapeEntry>>;
  standaloneCape: CapeEntry | null;
  view: TimelineView;
  geometry: TimelineGeometry;
  selection: Selection;
  drag: DragPreview | null;
  /** Ids of the dragged keys (built once per drag). */
  draggedIds: ReadonlySet<number> | null;
  /** The drag preview as the visibility rule takes it (the bars follow the dragged keys), or null. */
  keyShift: KeyShift | null;
  playheadMs: number;
  unit: TimeUnit;
  frameStepMs: number;
  /** The selected sequence's interval (times outside it are shaded), or null for the whole line. */
  activeRange: TimeRange | null;
  sequences: readonly SequenceInfo[];
  sequenceIndex: number;
  hoverRow: number;
  box: ScreenRect | null;
}
