/**
 * Cape operators (issue 14): retime, trim, reverse, recompute normals and bounds of the cape in focus (the focused
 * cape document, the active link's cape, or the cape opened alone) — each one undo step in that cape's own
 * history — and the cape file commands: Export Cape as glTF, Import Cape, New Link from Cape.
 */
import { recomputeCapeBounds, recomputeCapeNormals, retimeCape, reverseCape, trimCape } from '../../shared/capes/edit';
import type { CapeConverter } from '../capes/cape-conversions';
import { capeImporterById } from '../capes/cape-importers';
import { exportCapeAsGltf, importCape, newLinkFromCape, targetCapeKey } from '../files/cape-flows';
import type { FileService } from '../files/file-service';
import { editCape, presentCape } from '../state/cape-documents';
import { askForm, askText, notify } from '../state/dialog-actions';
import { capeStatistics } from '../capes/cape-entry';
import type { MrfFile } from '../../shared/mrf';
import type { EditorStore } from '../state/editor-store';
import { defineOperator, hasModel, notDragging, withDefaults } from './define';
import type { Operator, OperatorContext } from './operator';

/** A cape to act on is loaded and nothing is dragged. */
function hasCape(context: OperatorContext): boolean {
  return notDragging(context) && targetCapeKey(context.store) !== null;
}

/** Runs a pure edit on the target cape as one undo step. */
function editTarget(store: EditorStore, edit: Parameters<typeof editCape>[2], label: string): boolean {
  const key = targetCapeKey(store);
  return key !== null && editCape(store, key, edit, label);
}

const rounded = (value: number) => String(Number(value.toPrecision(6)));

/** A number property, or NaN when absent. */
function numberProperty(context: OperatorContext, name: string): number {
  const value = context.properties[name];
  return typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
}

/** The cape operators; `converter` runs conversions (the cape worker by default). */
export function capeOperators(files: FileService, converter?: CapeConverter): Operator[] {
  const conversions = () => converter ?? files.capeConverter;
  return [
    defineOperator(
      'cape.retime',
      'Retime Cape',
      'Resample the cape’s keyframes at a new fps over the same duration (property fps, else asked)',
      async (context) => {
        const { store } = context;
        const key = targetCapeKey(store);
        const file = key === null ? null : presentCape(store.getState(), key);
        if (!file) return;
        let fps = numberProperty(context, 'fps');
        if (!Number.isFinite(fps)) {
          const current = file.header.frameInterval > 0 ? rounded(1 / file.header.frameInterval) : '30';
          const answer = await askText(store, 'Retime Cape', 'Keyframes per second', current);
          if (answer === null) return;
          fps = Number(answer);
        }
        let result: MrfFile | null = null;
        const edited = editTarget(
          store,
          (cape) => (result = retimeCape(cape, fps)),
          `Retime Cape to ${rounded(fps)} fps`,
        );
        const after: MrfFile | null = result;
        if (!edited || !after) return;
        const statistics = capeStatistics(after);
        const what =
          `${statistics.keyframeCount} keyframes at ${rounded(1 / statistics.frameInterval)} fps over ` +
          `${rounded(statistics.durationSeconds)} s`;
        notify(store, after === file ? `Retime Cape: already ${what}; nothing changed` : `Retimed the cape to ${what}`);
      },
      hasCape,
    ),
    defineOperator(
      'cape.trim',
      'Trim Cape',
      'Keep the keyframes from first to last, inclusive (properties first and last, else asked)',
      async (context) => {
        const { store } = context;
        const key = targetCapeKey(store);
        const file = key === null ? null : presentCape(store.getState(), key);
        if (!file) return;
        let first = numberProperty(context, 'first');
        let last = numberProperty(context, 'last');
        if (!Number.isFinite(first) || !Number.isFinite(last)) {
          const lastIndex = String(file.keyframes.length - 1);
          const answer = await askForm(
            store,
            'Trim Cape',
            `Keyframes 0–${lastIndex}: keep the range below (inclusive).`,
            [
              { key: 'first', label: 'First', value: '0', placeholder: '0', hint: 'The first keyframe kept' },
              { key: 'last', label: 'Last', value: lastIndex, placeholder: lastIndex, hint: 'The last keyframe kept' },
            ],
            'Trim',
          );
          if (!answer) return;
          first = Number(answer.first);
          last = Number(answer.last);
        }
        editTarget(store, (cape) => trimCape(cape, first, last), `Trim Cape to ${first}–${last}`);
      },
      hasCape,
    ),
    defineOperator(
      'cape.reverse',
      'Reverse Cape',
      'Play the cape’s animation backwards (the last keyframe first)',
      ({ store }) => void editTarget(store, reverseCape, 'Reverse Cape'),
      hasCape,
    ),
    defineOperator(
      'cape.recompute_normals',
      'Recompute Cape Normals',
      'Compute every keyframe’s normals from its faces (area-weighted)',
      ({ store }) => void editTarget(store, recomputeCapeNormals, 'Recompute Cape Normals'),
      hasCape,
    ),
    defineOperator(
      'cape.recompute_bounds',
      'Recompute Cape Bounds',
      'Set the pivot and bounds radius from every keyframe’s positions',
      ({ store }) => void editTarget(store, recomputeCapeBounds, 'Recompute Cape Bounds'),
      hasCape,
    ),
    defineOperator(
      'cape.export_gltf',
      'Export Cape as glTF',
      'Write the cape in focus (as edited) as GLB or .gltf, its texture embedded when it resolves',
      async ({ store }) => void (await exportCapeAsGltf(store, conversions())),
      hasCape,
    ),
    withDefaults(
      defineOperator(
        'cape.import',
        'Import Cape',
        'Bake a file of an importer’s format (property importer: gltf, emf, kf2) into a cape, then link it into the ' +
          'open model or open it alone, unsaved',
        async ({ store, properties }) => {
          const importer = capeImporterById(String(properties.importer));
          if (importer) await importCape(store, files, conversions(), importer);
        },
        (context) => notDragging(context) && capeImporterById(String(context.properties.importer)) !== null,
      ),
      { importer: 'gltf' },
    ),
    defineOperator(
      'cape.new_link',
      'New Link from Cape',
      'Write a cape file (MRF or baked) to the first writable data source as ArthasCape<ID>.mrf and link it at the ' +
        'playhead',
      async ({ store }) => void (await newLinkFromCape(store, conversions())),
      (context) => hasModel(context) && notDragging(context),
    ),
  ];
}
