/**
 * The timeline's status-bar hints that say what a thing means rather than which key to press: what a link's bar
 * shows at a time (see timeline-controller.ts, which joins them with the key hints).
 */
import type { MrfLink } from '../../../shared/events/document';
import { capeKey, movingWindowMs } from '../../capes/cape-entry';
import { type EditorState, currentDocument } from '../../state/editor-store';
import { formatTimeLabel } from './layout';
import { visitLinkBars } from './link-bars';

/** What a link's bar means at a time: shown from when to when, and how long the cape moves. */
export function linkBarHint(state: EditorState, link: MrfLink, timeMs: number): string | null {
  const unit = state.session.timeline.unit;
  const step = state.session.playback.frameStepMs;
  const document = currentDocument(state);
  if (!document) return null;
  // The bar under the pointer, as the Dope Sheet draws it (link-bars.ts, the viewport's rule).
  let show: number | undefined;
  let hide: number | undefined;
  visitLinkBars(document, link, timeMs, timeMs, (fromMs, toMs, end) => {
    if (timeMs < fromMs || timeMs > toMs || (timeMs === toMs && end !== 'end')) return;
    show = fromMs;
    hide = end === 'end' ? undefined : toMs;
  });
  if (show === undefined) return null;
  const entry = state.capes[capeKey(link.path)];
  const statistics = entry?.cape?.statistics;
  const window = statistics ? movingWindowMs(statistics) : null;
  const shown =
    `Link ${link.id} ` +
    `shown ${formatTimeLabel(show, unit, step)}–${hide === undefined ? 'end' : formatTimeLabel(hide, unit, step)}`;
  if (!entry || entry.status !== 'found' || !statistics)
    return `${shown} · file ${entry?.status ?? 'loading'}${entry?.reason ? `: ${entry.reason}` : ''}`;
  if (!window)
    return (
      `${shown} · the cape does not move ` +
      `(${statistics.timing.rendered ? 'one keyframe or negative interval' : 'interval 0: not drawn'})`
    );
  const stops = show + window.endMs;
  const frozen =
    hide !== undefined && stops < hide
      ? ` · holds its last keyframe for ${formatTimeLabel(hide - stops, unit, step)}`
      : hide !== undefined && stops > hide
        ? ' · hidden before it stops moving'
        : '';
  const moves = `${formatTimeLabel(show + window.startMs, unit, step)}–${formatTimeLabel(stops, unit, step)}`;
  return `${shown} · moves ${moves}${frozen}`;
}

/** Hint parts joined with a dot, leaving out the ones no key runs. */
export function joinHints(...parts: (string | null)[]): string {
  return parts.filter((part): part is string => part !== null).join(' · ');
}
