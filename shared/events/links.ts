/**
 * MRF links derived from event objects: an `MRFx<ID>` (show) and an `MRDx<ID>` (hide) object share
 * an ID, compared case-insensitively. A link with only one of the two is kept (validation reports
 * it); when several show or hide objects share an ID, the first of each is the link's.
 */
import type { EventObject, MrfLink } from './document';
import { isLinkType, linkKey, mrfPathOf } from './names';

/** The links of these event objects, in the order their first object appears. */
export function deriveLinks(eventObjects: readonly EventObject[]): MrfLink[] {
  const links = new Map<string, MrfLink>();
  for (const object of eventObjects) {
    if (!isLinkType(object.type)) continue;
    const key = linkKey(object.id);
    const link = links.get(key) ?? {
      id: object.id,
      path: mrfPathOf(object.id),
      showIndex: null,
      hideIndex: null,
      showFrames: [],
      hideFrames: [],
    };
    if (object.type === 'MRF' && link.showIndex === null) {
      links.set(key, {
        ...link,
        id: object.id,
        path: mrfPathOf(object.id),
        showIndex: object.index,
        showFrames: object.frames,
      });
    } else if (object.type === 'MRD' && link.hideIndex === null) {
      links.set(key, { ...link, hideIndex: object.index, hideFrames: object.frames });
    } else {
      links.set(key, link);
    }
  }
  return [...links.values()];
}

/** The link with this ID (case-insensitive), or undefined. */
export function findLink(links: readonly MrfLink[], id: string): MrfLink | undefined {
  const key = linkKey(id);
  return links.find((link) => linkKey(link.id) === key);
}

/** Indices of every show or hide object whose ID is `id` (case-insensitive), ascending. */
export function linkObjectIndices(eventObjects: readonly EventObject[], id: string): number[] {
  const key = linkKey(id);
  return eventObjects
    .filter((object) => isLinkType(object.type) && linkKey(object.id) === key)
    .map((object) => object.index);
}

/** The link's own show and hide objects (show first; either may be missing) — its first of each kind. */
export function linkEndpointIndices(link: MrfLink): number[] {
  return [link.showIndex, link.hideIndex].filter((index): index is number => index !== null);
}
