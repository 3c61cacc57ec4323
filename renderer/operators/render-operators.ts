/**
 * Render ▸ Render Image (F12), Render ▸ Render Animation (Ctrl+F12) and Cancel Render: they run the app's render
 * service (renderer/render, registered per store): the settings dialog, a place to write, the frames with progress.
 * Properties skip the dialog (width, height, fps, range, fromMs, toMs, format, includeOverlays, transparent, and path
 * or download).
 */
import { renderService } from '../state/render-service';
import { defineOperator, hasFile, notDragging, stateOf } from './define';
import type { Operator, OperatorContext } from './operator';

/** A file is open, nothing is dragged, no render runs, and renders can be made here. */
function canRender(context: OperatorContext): boolean {
  return (
    hasFile(context) &&
    notDragging(context) &&
    stateOf(context).render === null &&
    renderService(context.store) !== null
  );
}

/** The render operators. */
export function renderOperators(): Operator[] {
  return [
    defineOperator(
      'render.render_image',
      'Render Image',
      'Render what the active camera sees at the playhead (else the viewport’s view) to a PNG',
      async (context) => void (await renderService(context.store)?.render('image', context.properties)),
      canRender,
    ),
    defineOperator(
      'render.render_animation',
      'Render Animation',
      'Render the frames of a range, each at its exact time, to a video (with the sounds), PNG files or a GIF',
      async (context) => void (await renderService(context.store)?.render('animation', context.properties)),
      canRender,
    ),
    defineOperator(
      'render.cancel',
      'Cancel Render',
      'Stop the render under way: nothing is written',
      (context) => renderService(context.store)?.cancel(),
      (context) => stateOf(context).render !== null && !stateOf(context).render!.cancelling,
    ),
  ];
}
