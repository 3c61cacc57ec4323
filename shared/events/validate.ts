/**
 * `validateModel`: the event objects and links checked against the model's sequences, global
 * sequences and nodes, plus the format's own structural pass (MDX: the chunk checks the document carries,
 * `validateMdxChecks`; MDL: what the typed model's assembly found). Never throws. Every diagnostic about an object or
 * key carries a target the editor can select.
 *
 * Severities: what the game cannot store or read is an error (negative frames, an unknown global
 * sequence, a name longer than 80 bytes); what it reads but probably not as meant is a warning.
 */
import type { Diagnostic } from '../diagnostics';
import { mdlTypedModel } from '../model/mdl-model';
import { validateMdxChecks } from '../model/mdx-validate';
import type { EventObject, ModelDocument, MrfLink } from './document';
import { linkObjectIndices } from './links';
import { hideWinsTies, playedSpans, walkLinkKeys } from './visibility';
import {
  EVENT_NAME_BYTES,
  EVENT_PREFIX_LENGTH,
  matchesNamePattern,
  MAX_EVENT_ID_LENGTH,
  NAME_PATTERN_DESCRIPTIONS,
} from './names';
import { sourceOf, type MdxDocumentSource } from './source';
import { emitterChecks } from './emitter-checks';

/** Frames listed in one message at most. */
const LISTED_FRAMES = 8;

function listFrames(frames: readonly number[]): string {
  const shown = frames.slice(0, LISTED_FRAMES).join(', ');
  return frames.length > LISTED_FRAMES ? `${shown} … (${frames.length} in all)` : shown;
}

function objectDiagnostic(
  object: EventObject,
  severity: Diagnostic['severity'],
  code: string,
  message: string,
  frameIndex?: number,
): Diagnostic {
  return {
    severity,
    code,
    message,
    where: `event object ${object.index} "${object.name}"`,
    target:
      frameIndex === undefined
        ? { kind: 'eventObject', objectIndex: object.index }
        : { kind: 'eventObject', objectIndex: object.index, frameIndex },
  };
}

/** Positions of the frames `test` picks. */
function positions(frames: readonly number[], test: (frame: number, index: number) => boolean): number[] {
  const found: number[] = [];
  frames.forEach((frame, index) => {
    if (test(frame, index)) found.push(index);
  });
  return found;
}

function checkFrames(document: ModelDocument, object: EventObject, out: Diagnostic[]): void {
  const frames = object.frames;
  const framesAt = (indices: readonly number[]) => indices.map((index) => frames[index]!);

  const disorder = positions(frames, (frame, index) => index > 0 && frame < frames[index - 1]!);
  if (disorder.length > 0) {
    out.push(
      objectDiagnostic(
        object,
        'warning',
        'events.frames-out-of-order',
        `"${object.name}" has keys out of order (${frames[disorder[0]! - 1]} before ${frames[disorder[0]!]}); the ` +
          `game expects ascending times`,
        disorder[0],
      ),
    );
  }
  const seen = new Set<number>();
  const duplicates = positions(frames, (frame) => seen.size === seen.add(frame).size);
  if (duplicates.length > 0) {
    out.push(
      objectDiagnostic(
        object,
        'warning',
        'events.duplicate-frame',
        `"${object.name}" has more than one key at ${listFrames([...new Set(framesAt(duplicates))])} ms`,
        duplicates[0],
      ),
    );
  }
  const negative = positions(frames, (frame) => frame < 0);
  if (negative.length > 0) {
    out.push(
      objectDiagnostic(
        object,
        'error',
        'events.negative-frame',
        `"${object.name}" has keys before 0: ${listFrames(framesAt(negative))} ms`,
        negative[0],
      ),
    );
  }

  const globalSequenceId = object.globalSequenceId;
  if (globalSequenceId !== null) {
    const duration = document.globalSequences[globalSequenceId];
    if (duration === undefined) {
      out.push(
        objectDiagnostic(
          object,
          'error',
          'events.unknown-global-sequence',
          `"${object.name}" follows global sequence ${globalSequenceId}, but the model ` +
            `has ${document.globalSequences.length}`,
        ),
      );
      return;
    }
    const beyond = positions(frames, (frame) => frame > duration);
    if (beyond.length > 0) {
      out.push(
        objectDiagnostic(
          object,
          'warning',
          'events.frame-beyond-global-sequence',
          `"${object.name}" has keys after the ${duration} ms of global ` +
            `sequence ${globalSequenceId}: ${listFrames(framesAt(beyond))} ms`,
          beyond[0],
        ),
      );
    }
    return;
  }
  const outside = positions(
    frames,
    (frame) =>
      frame !== 0 &&
      frame >= 0 &&
      !document.sequences.some((sequence) => frame >= sequence.start && frame <= sequence.end),
  );
  if (outside.length > 0) {
    out.push(
      objectDiagnostic(
        object,
        'warning',
        'events.frame-outside-sequences',
        `"${object.name}" has keys outside every sequence, which never fire: ${listFrames(framesAt(outside))} ms`,
        outside[0],
      ),
    );
  }
}

function checkName(object: EventObject, out: Diagnostic[]): void {
  if (object.name.length > EVENT_NAME_BYTES) {
    const limit =
      object.type === 'OTHER'
        ? `names hold ${EVENT_NAME_BYTES} bytes`
        : `the ${EVENT_NAME_BYTES}-byte name allows ${MAX_EVENT_ID_LENGTH} after ` +
          `"${object.name.slice(0, EVENT_PREFIX_LENGTH)}"`;
    out.push(
      objectDiagnostic(
        object,
        'error',
        'events.id-too-long',
        `The ID of "${object.name.slice(0, 24)}…" has ${object.id.length} characters; ${limit}, so MDX cannot store it`,
      ),
    );
  }
  if (object.type === 'OTHER') {
    out.push(
      objectDiagnostic(
        object,
        'info',
        'events.unknown-type',
        `"${object.name}" is not a known event type (SND, FPT, SPN, SPL, UBR, MRF, MRD); the game ignores it`,
      ),
    );
  } else if (!matchesNamePattern(object.name)) {
    out.push(
      objectDiagnostic(
        object,
        'warning',
        'events.name-pattern',
        `"${object.name}" does not match its type's pattern: ${NAME_PATTERN_DESCRIPTIONS[object.type]}`,
      ),
    );
  }
}

function checkParent(document: ModelDocument, object: EventObject, out: Diagnostic[]): void {
  const parentId = object.parentId;
  if (parentId === -1) return;
  if (parentId === object.objectId || !document.nodes.some((node) => node.objectId === parentId)) {
    out.push(
      objectDiagnostic(
        object,
        'warning',
        'events.missing-parent',
        `"${object.name}" names parent ${parentId}, ` +
          `which ${parentId === object.objectId ? 'is itself' : 'no node has'}`,
      ),
    );
  }
}

function linkDiagnostic(link: MrfLink, severity: Diagnostic['severity'], code: string, message: string): Diagnostic {
  return { severity, code, message, where: `link ${link.id}`, target: { kind: 'link', id: link.id } };
}

function checkLink(document: ModelDocument, link: MrfLink, out: Diagnostic[]): void {
  if (link.hideIndex === null) {
    out.push(
      linkDiagnostic(
        link,
        'warning',
        'events.show-without-hide',
        `Link ${link.id} has a show object (MRFx${link.id}) but no hide object (MRDx${link.id}); the cape stays ` +
          `once shown`,
      ),
    );
    return;
  }
  if (link.showIndex === null) {
    out.push(
      linkDiagnostic(
        link,
        'warning',
        'events.hide-without-show',
        `Link ${link.id} has a hide object (MRDx${link.id}) but no show object (MRFx${link.id}); the cape is never ` +
          `shown`,
      ),
    );
    return;
  }
  const show = document.eventObjects[link.showIndex]!;
  const hide = document.eventObjects[link.hideIndex]!;
  if (show.globalSequenceId !== hide.globalSequenceId) {
    out.push(
      linkDiagnostic(
        link,
        'warning',
        'events.link-timelines-differ',
        `The show and hide objects of link ${link.id} follow different timelines (global ` +
          `sequence ${show.globalSequenceId ?? 'none'} and ${hide.globalSequenceId ?? 'none'})`,
      ),
    );
    return;
  }
  if (show.globalSequenceId !== null) {
    out.push(
      linkDiagnostic(
        link,
        'info',
        'events.link-on-global-sequence',
        `Link ${link.id} follows global sequence ${show.globalSequenceId}; the editor does not preview capes on a ` +
          `global sequence`,
      ),
    );
    return;
  }
  checkLinkKeys(document, link, show, hide, out);
  if (link.showFrames.length > 0 && link.hideFrames.length === 0) {
    out.push(
      linkDiagnostic(
        link,
        'warning',
        'events.show-without-hide',
        `Link ${link.id} shows its cape but its hide object has no keys; the cape stays once shown`,
      ),
    );
  } else if (link.hideFrames.length > 0 && link.showFrames.length === 0) {
    out.push(
      linkDiagnostic(
        link,
        'warning',
        'events.hide-without-show',
        `Link ${link.id} hides its cape but its show object has no keys; the cape is never shown`,
      ),
    );
  }
}

/**
 * The link's keys as the game fires them, sequence by sequence (shared/events/visibility.ts, the rule the viewport and
 * the Dope Sheet follow too): a show and a hide at one time, a hide while the cape is off, the cape left on at a
 * sequence's end.
 */
function checkLinkKeys(
  document: ModelDocument,
  link: MrfLink,
  show: EventObject,
  hide: EventObject,
  out: Diagnostic[],
): void {
  const reported = new Set<string>();
  const report = (key: string, diagnostic: Diagnostic) => {
    if (reported.has(key)) return;
    reported.add(key);
    out.push({ ...diagnostic, where: `link ${link.id}` });
  };
  const hideTimes = new Set(link.hideFrames);
  const hideLast = hideWinsTies(link);
  for (const span of playedSpans(document.sequences)) {
    let lastShow = { timeMs: 0, frameIndex: -1 };
    const shownAtEnd = walkLinkKeys(document, link, span, (timeMs, isShow, frameIndex, effect) => {
      if (isShow) lastShow = { timeMs, frameIndex };
      if (isShow && hideTimes.has(timeMs)) {
        report(
          `same:${timeMs}`,
          objectDiagnostic(
            show,
            'warning',
            'events.show-hide-same-time',
            `Link ${link.id} shows and hides its cape at ${timeMs} ms: the game fires both in one update, ` +
              (hideLast
                ? `the hide last (MRDx${link.id} comes after MRFx${link.id} in the model), so the cape is not shown`
                : `the show last (MRFx${link.id} comes after MRDx${link.id} in the model), so the hide does nothing ` +
                  `and the cape stays on`),
            frameIndex,
          ),
        );
      } else if (effect === 'none' && !link.showFrames.includes(timeMs)) {
        report(
          `hide:${frameIndex}`,
          objectDiagnostic(
            hide,
            'warning',
            'events.hide-before-show',
            `Link ${link.id} hides its cape at ${timeMs} ms before showing it`,
            frameIndex,
          ),
        );
      }
    });
    // A show after the last hide (a pasted or inserted one) leaves the cape on to the end, as a link without hide
    // keys does.
    if (shownAtEnd && link.hideFrames.length > 0)
      report(
        `open:${lastShow.frameIndex}`,
        objectDiagnostic(
          show,
          'warning',
          'events.show-without-hide',
          `Link ${link.id} shows its cape at ${lastShow.timeMs} ms with no hide key after it; the cape stays ` +
            (span.sequenceIndex < 0 ? 'once shown' : `until "${document.sequences[span.sequenceIndex]!.name}" ends`),
          lastShow.frameIndex,
        ),
      );
  }
}

function checkDuplicateLinkObjects(document: ModelDocument, out: Diagnostic[]): void {
  for (const link of document.links) {
    for (const index of linkObjectIndices(document.eventObjects, link.id)) {
      if (index === link.showIndex || index === link.hideIndex) continue;
      const object = document.eventObjects[index]!;
      out.push(
        objectDiagnostic(
          object,
          'warning',
          'events.duplicate-link-object',
          `"${object.name}" is a second ${object.type === 'MRF' ? 'show' : 'hide'} object of link ${link.id}; only ` +
            `the first one counts as the link's`,
        ),
      );
    }
  }
}

const formatChecks = new WeakMap<MdxDocumentSource, readonly Diagnostic[]>();

/**
 * The format's structural diagnostics (memoized per source): what reading the model with the kinds found, placed
 * where it now is. For MDX they come from the chunk checks the document carries — made once per chunk, when it was
 * read or built by an edit — plus the checks across chunks; for MDL from the typed model assembled from the blocks'
 * reads (made once per block), with what the text says of itself as a whole (counts, ObjectIds, pivots).
 */
function formatDiagnostics(document: ModelDocument): readonly Diagnostic[] {
  const source = sourceOf(document);
  // MDL: the typed model's findings, memoized with it (for the document's last texts assembled).
  if (source.format === 'mdl') return mdlTypedModel(source.model).diagnostics;
  let found = formatChecks.get(source);
  if (!found) {
    // Missing parents of event objects are reported by the events pass, with a target.
    found = validateMdxChecks(source.model, source.checks).filter(
      (diagnostic) => !(diagnostic.code === 'mdx.missing-parent' && diagnostic.target?.kind === 'eventObject'),
    );
    formatChecks.set(source, found);
  }
  return found;
}

/**
 * Every finding about the document's event objects and links, the format's own pass, and its emitters' values the
 * particle simulation caps (emitter-checks.ts). Never throws.
 */
export function validateModel(document: ModelDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  try {
    out.push(...formatDiagnostics(document));
  } catch (error) {
    out.push({
      severity: 'error',
      code: 'events.unreadable',
      message: `The model could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  for (const object of document.eventObjects) {
    checkName(object, out);
    checkParent(document, object, out);
    checkFrames(document, object, out);
  }
  for (const link of document.links) checkLink(document, link, out);
  checkDuplicateLinkObjects(document, out);
  out.push(...emitterChecks(document));
  return out;
}
