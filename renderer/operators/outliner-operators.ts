/**
 * Outliner and viewport operators: selecting, adding, renaming and deleting links and objects;
 * standard views, orthographic toggle, framing, shading.
 */
import { findLink } from '../../shared/events/links';
import { areaCommands, type ViewAxis } from '../state/area-commands';
import { askText } from '../state/dialog-actions';
import { currentDocument } from '../state/editor-store';
import {
  addLink,
  deleteSelectedItems,
  nextLinkId,
  renameLink,
  renameObject,
  selectObjects,
} from '../state/outliner-actions';
import { updateSession } from '../state/session-actions';
import type { Shading } from '../state/session';
import { defineOperator, hasFile, hasModel, notDragging, stateOf, withDefaults } from './define';
import type { Operator, OperatorContext } from './operator';

function hasOutlinerSelection(context: OperatorContext): boolean {
  const { selection } = stateOf(context);
  return hasModel(context) && (selection.objects.size > 0 || selection.links.size > 0);
}

/** outliner.* operators. */
export function outlinerOperators(): Operator[] {
  return [
    withDefaults(
      defineOperator(
        'outliner.select_all',
        'Select All Objects',
        'Select every event object, or none',
        ({ store, properties }) => {
          const document = currentDocument(store.getState());
          if (!document) return;
          if (properties.action === 'deselect')
            store.setState((state) => ({
              selection: { ...state.selection, objects: new Set(), links: new Set(), keys: new Set(), active: null },
            }));
          else
            selectObjects(
              store,
              document.eventObjects.map((object) => object.index),
            );
        },
        hasModel,
      ),
      { action: 'select' },
    ),
    defineOperator(
      'outliner.link_add',
      'Add MRF Link',
      'Add an MRFx/MRDx pair showing a cape at the playhead for 3 s (or to the end of its sequence)',
      async ({ store }) => {
        const document = currentDocument(store.getState());
        if (!document) return;
        const id = await askText(store, 'Add MRF Link', 'Cape ID (ArthasCape<ID>.mrf)', nextLinkId(document));
        if (!id?.trim()) return;
        addLink(store, id.trim(), store.getState().session.playback.playheadMs);
      },
      (context) => hasModel(context) && notDragging(context),
    ),
    defineOperator(
      'outliner.item_rename',
      'Rename',
      'Rename the active link’s ID (both objects) or the active event object',
      async ({ store }) => {
        const state = store.getState();
        const document = currentDocument(state);
        const active = state.selection.active;
        if (!document || !active) return;
        if (active.kind === 'link') {
          const link = findLink(document.links, active.id);
          if (!link) return;
          const newId = await askText(store, `Rename Link ${link.id}`, 'New ID', link.id);
          if (newId?.trim() && newId.trim() !== link.id) renameLink(store, link.id, newId.trim());
        } else if (active.kind === 'object' || active.kind === 'key') {
          const object = document.eventObjects[active.objectIndex];
          if (!object) return;
          const name = await askText(store, `Rename ${object.name}`, 'Name', object.name);
          if (name?.trim() && name.trim() !== object.name) renameObject(store, object.index, name.trim());
        }
      },
      (context) => {
        const active = stateOf(context).selection.active;
        return (
          hasModel(context) &&
          notDragging(context) &&
          (active?.kind === 'link' || active?.kind === 'object' || active?.kind === 'key')
        );
      },
    ),
    defineOperator(
      'outliner.delete',
      'Delete',
      'Delete the selected links and event objects',
      ({ store }) => void deleteSelectedItems(store),
      (context) => hasOutlinerSelection(context) && notDragging(context),
    ),
    defineOperator('outliner.filter', 'Filter Outliner', 'Type to filter the outliner', () => {
      const field = document.querySelector<HTMLInputElement>('[data-outliner-filter]');
      field?.focus();
      field?.select();
    }),
  ];
}

const AXIS_LABELS: Record<ViewAxis, string> = {
  front: 'Front',
  back: 'Back',
  right: 'Right',
  left: 'Left',
  top: 'Top',
  bottom: 'Bottom',
};

function viewportReady(context: OperatorContext): boolean {
  return areaCommands(context.store, 'viewport') !== undefined;
}

/** view3d.* operators and the viewport's view.* ones. */
export function viewportOperators(): Operator[] {
  return [
    withDefaults(
      defineOperator(
        'view3d.view_axis',
        'View Axis',
        'Look along an axis (front, back, right, left, top or bottom), orthographic',
        ({ store, properties }) => {
          const axis = String(properties.type) as ViewAxis;
          if (axis in AXIS_LABELS) areaCommands(store, 'viewport')?.viewAxis(axis);
        },
        viewportReady,
      ),
      { type: 'front' },
    ),
    defineOperator(
      'view.toggle_orthographic',
      'Perspective/Orthographic',
      'Switch the viewport between perspective and orthographic',
      ({ store }) => areaCommands(store, 'viewport')?.toggleOrthographic(),
      viewportReady,
    ),
    withDefaults(
      defineOperator(
        'view3d.view_orbit',
        'Orbit View',
        'Orbit the view by 15° left, right, up or down',
        ({ store, properties }) => {
          const direction = properties.direction;
          if (direction === 'left' || direction === 'right' || direction === 'up' || direction === 'down')
            areaCommands(store, 'viewport')?.orbitStep(direction);
        },
        viewportReady,
      ),
      { direction: 'left' },
    ),
    withDefaults(
      defineOperator(
        'view3d.zoom',
        'Zoom View',
        'Zoom the viewport in or out',
        ({ store, properties }) => areaCommands(store, 'viewport')?.zoomStep(Number(properties.delta) || 1),
        viewportReady,
      ),
      { delta: 1 },
    ),
    defineOperator(
      'view3d.view_all',
      'Frame All (3D Viewport)',
      'Fit every visible cape in the viewport',
      ({ store }) => areaCommands(store, 'viewport')?.viewAll(),
      viewportReady,
    ),
    defineOperator(
      'view3d.view_selected',
      'Frame Selected (3D Viewport)',
      'Fit the selected link’s cape in the viewport',
      ({ store }) => areaCommands(store, 'viewport')?.viewSelected(),
      viewportReady,
    ),
    withDefaults(
      defineOperator(
        'view3d.toggle_shading',
        'Toggle Wireframe',
        'Switch between wireframe and the previous shading',
        ({ store, properties }) => {
          const wanted: Shading =
            properties.type === 'solid' || properties.type === 'textured' ? properties.type : 'wireframe';
          updateSession(store, (session) => ({
            ...session,
            viewport: { ...session.viewport, shading: session.viewport.shading === wanted ? 'textured' : wanted },
          }));
        },
        hasFile,
      ),
      { type: 'wireframe' },
    ),
    defineOperator(
      'view3d.cycle_shading',
      'Cycle Shading',
      'Cycle the viewport shading: solid, textured, wireframe',
      ({ store }) =>
        updateSession(store, (session) => {
          const order: Shading[] = ['solid', 'textured', 'wireframe'];
          return {
            ...session,
            viewport: {
              ...session.viewport,
              shading: order[(order.indexOf(session.viewport.shading) + 1) % order.length]!,
            },
          };
        }),
    ),
    ...(['normals', 'bounds', 'statistics', 'grid', 'axes'] as const).map((overlay) =>
      defineOperator(
        `view3d.toggle_overlay_${overlay}`,
        `Toggle ${overlay[0]!.toUpperCase()}${overlay.slice(1)} Overlay`,
        `Show or hide the ${overlay} overlay in the viewport`,
        ({ store }) =>
          updateSession(store, (session) => ({
            ...session,
            viewport: {
              ...session.viewport,
              overlays: { ...session.viewport.overlays, [overlay]: !session.viewport.overlays[overlay] },
            },
          })),
      ),
    ),
  ];
}
