/**
 * Gestures on links, capes and files: Add MRF Link and F2 over the Outliner (the prompt answered), the cape's Retime,
 * Trim and Reverse buttons in the Properties (or the same operators from F3), and Ctrl+S followed by reopening what
 * was saved — the model from disk (File ▸ Open of the same path), a cape through Reload Capes. Each checks what it
 * acted on: the link or object the Outliner shows active, the cape the Properties shows, the document in focus.
 */
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { modelCodec } from '../../shared/events';
import type { ModelDocument } from '../../shared/events/document';
import { findLink, linkObjectIndices } from '../../shared/events/links';
import { linkIdProblem, nameProblem } from '../../shared/events/names';
import type { MrfFile } from '../../shared/mrf';
import { capeKey } from '../../renderer/capes/cape-entry';
import { presentCape, unsavedCapeDocuments } from '../../renderer/state/cape-documents';
import { type EditorState, currentDocument, isDirty } from '../../renderer/state/editor-store';
import { newLinkHideMs, NEW_LINK_SHOWN_MS } from '../../renderer/state/outliner-actions';
import { type EditorHarness, sameBytes } from './editor-harness';
import { type EditorModel, type HistoryMove, mrfBytes, modelBytes } from './invariants';
import { type Before, Step, sortedTimes } from './step';

/** Link IDs a user types: the sample's capes, new ones, one the game cannot take. */
export const LINK_IDS = ['0000', '0003', '0005', '0042', 'cloth', 'Ab_7', 'two words'] as const;
/** Object names a user types in F2: another link's show, a sound, one the format cannot take. */
export const OBJECT_NAMES = ['MRFx0042', 'MRDx0003', 'SNDxTEST', 'FPTxLeft', 'MRFxbad"quote'] as const;

/** Add MRF Link over the Outliner: a show at the playhead, a hide inside its sequence, the link selected. */
export class AddLink extends Step {
  readonly name = 'add link';
  protected override mayBeRefused = true;
  constructor(readonly id: string) {
    super();
  }

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('outliner');
    await harness.run('outliner.link_add', 'outliner', {}, [this.id]);
    const after = currentDocument(harness.store.getState())!;
    if (linkIdProblem(this.id) !== null || findLink(document.links, this.id)) {
      expect(after, `Add MRF Link ${this.id} is refused`).toBe(document);
      return 'none' as HistoryMove;
    }
    const show = Math.max(0, Math.round(state.session.playback.playheadMs));
    const hide = newLinkHideMs(document, show, NEW_LINK_SHOWN_MS);
    const link = findLink(after.links, this.id);
    expect([link?.showFrames, link?.hideFrames], `Link ${this.id} is added at the playhead`).toEqual([
      [show],
      hide === null ? [] : [hide],
    ]);
    expect(after.eventObjects.slice(0, document.eventObjects.length).map((object) => object.name)).toEqual(
      document.eventObjects.map((object) => object.name),
    );
    expect(harness.store.getState().selection.active, 'the new link is the active item').toEqual({
      kind: 'link',
      id: link!.id,
    });
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return `add link ${JSON.stringify(this.id)}`;
  }
}

/** F2 over the Outliner: renames what it shows active — a link (both objects), or an object. */
export class Rename extends Step {
  readonly name = 'F2';
  protected override mayBeRefused = true;
  constructor(
    readonly linkId: string,
    readonly objectName: string,
  ) {
    super();
  }

  protected async act(_model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('outliner');
    const active = state.selection.active;
    const isLink = active?.kind === 'link';
    const answer = isLink ? this.linkId : this.objectName;
    if (!(await harness.run('outliner.item_rename', 'outliner', {}, [answer]))) {
      expect(active?.kind === 'link' || active?.kind === 'object' || active?.kind === 'key').toBe(false);
      return 'none' as HistoryMove;
    }
    const after = currentDocument(harness.store.getState())!;
    const names = document.eventObjects.map((object) => object.name);
    if (active?.kind === 'link') {
      const link = findLink(document.links, active.id)!;
      const other = findLink(document.links, answer);
      const refused = linkIdProblem(answer) !== null || (other !== undefined && other !== link);
      for (const index of refused || answer === link.id ? [] : linkObjectIndices(document.eventObjects, link.id))
        names[index] = names[index]!.slice(0, 4) + answer;
    } else if (active?.kind === 'object' || active?.kind === 'key') {
      if (nameProblem(answer) === null) names[active.objectIndex] = answer;
    }
    expect(
      after.eventObjects.map((object) => object.name),
      'F2 renames the active item of the Outliner and nothing else',
    ).toEqual(names);
    return 'edit' as HistoryMove;
  }

  toString(): string {
    return `F2 → ${JSON.stringify(this.linkId)} / ${JSON.stringify(this.objectName)}`;
  }
}

/** The cape the Properties shows: the active link's, or the link's of the active MRF/MRD object or key. */
export function shownCapeKey(state: EditorState, document: ModelDocument): string | null {
  const active = state.selection.active;
  let link = active?.kind === 'link' ? findLink(document.links, active.id) : undefined;
  if (active?.kind === 'object' || active?.kind === 'key') {
    const object = document.eventObjects[active.objectIndex];
    if (object && (object.type === 'MRF' || object.type === 'MRD')) link = findLink(document.links, object.id);
  }
  const key = link ? capeKey(link.path) : null;
  return key !== null && state.capes[key]?.cape ? key : null;
}

/** What a cape edit does. */
export type CapeEdit =
  { kind: 'retime'; fps: number } | { kind: 'trim'; first: number; last: number } | { kind: 'reverse' };

/** A cape edit: the Properties' button (the press gives that cape the focus), or the operator from F3 (no press). */
export class EditCape extends Step {
  readonly name: string;
  protected override mayBeRefused = true;
  constructor(
    readonly edit: CapeEdit,
    readonly fromSearch: boolean,
  ) {
    super();
    this.name = `cape ${edit.kind}`;
  }

  protected async act(model: EditorModel, harness: EditorHarness, { state, document, capes }: Before) {
    const shown = shownCapeKey(state, document);
    if (!this.fromSearch) {
      if (shown === null) return 'none' as HistoryMove;
      harness.pointerDown({ capeKey: shown });
      model.focus = shown;
    }
    // The cape edits act on the cape the Properties show, whether from its buttons or from F3.
    const target = shown;
    const file = target === null ? null : presentCape(harness.store.getState(), target);
    const properties: Record<string, number> =
      this.edit.kind === 'retime'
        ? { fps: this.edit.fps }
        : this.edit.kind === 'trim'
          ? trimRange(this.edit, file)
          : {};
    const ran = await harness.run(`cape.${this.edit.kind}`, this.fromSearch ? 'screen' : 'properties', properties);
    expect(ran, `Cape ${this.edit.kind} runs when the Properties show a cape`).toBe(target !== null);
    if (!ran || target === null) return 'none' as HistoryMove;
    const after = harness.store.getState();
    // An edit gives its cape the focus (a press on the button did already); one that changed nothing does not.
    if (presentCape(after, target) !== file) model.focus = after.standaloneCape ? null : target;
    for (const [key, before] of capes)
      if (key !== target) expect(presentCape(after, key), `Cape ${this.edit.kind} leaves ${key} alone`).toBe(before);
    checkCapeEdit(this.edit, file!, presentCape(after, target)!, properties);
    return 'edit' as HistoryMove;
  }

  toString(): string {
    const edit =
      this.edit.kind === 'retime'
        ? `${this.edit.fps} fps`
        : this.edit.kind === 'trim'
          ? `${this.edit.first}–${this.edit.last}`
          : '';
    return `${this.fromSearch ? 'F3 ' : ''}${this.edit.kind} cape ${edit}`.trim();
  }
}

/** A trim's first and last keyframes within the cape's (the numbers picked, wrapped to its count). */
function trimRange(edit: { first: number; last: number }, file: MrfFile | null): { first: number; last: number } {
  const count = file?.keyframes.length ?? 1;
  const first = edit.first % count;
  return { first, last: first + (edit.last % (count - first)) };
}

/** The cape edit did what it says: Retime keeps the duration, Trim keeps the range, Reverse turns it round. */
function checkCapeEdit(edit: CapeEdit, before: MrfFile, after: MrfFile, properties: Record<string, number>): void {
  const count = before.keyframes.length;
  if (edit.kind === 'retime') {
    const duration = (count - 1) * Math.fround(before.header.frameInterval);
    const intervals = count === 1 ? 0 : Math.max(1, Math.round(duration * edit.fps));
    expect(after.keyframes.length, `Retime to ${edit.fps} fps`).toBe(intervals + 1);
    if (count > 1)
      expect(
        (after.keyframes.length - 1) * Math.fround(after.header.frameInterval),
        'Retime keeps the duration',
      ).toBeCloseTo(duration, 4);
    for (const keyframe of after.keyframes) expect(keyframe.every(Number.isFinite), 'Retime makes no NaN').toBe(true);
  } else if (edit.kind === 'trim') {
    expect(after.keyframes).toEqual(before.keyframes.slice(properties.first, properties.last! + 1));
  } else {
    expect(after.keyframes.every((keyframe, index) => keyframe === before.keyframes[count - 1 - index])).toBe(true);
  }
}

/** Ctrl+S, then the saved document opened again: it is the document saved, byte for byte. */
export class SaveAndReopen extends Step {
  readonly name = 'save and reopen';

  protected async act(model: EditorModel, harness: EditorHarness, { state, document }: Before) {
    harness.hover('viewport');
    if (model.focus === null) {
      expect(await harness.run('wm.save', 'screen')).toBe(true);
      const saved = new Uint8Array(readFileSync(harness.workspace.modelPath));
      expect(sameBytes(saved, modelBytes(state)), 'Save writes the document’s bytes').toBe(true);
      expect(isDirty(harness.store.getState()), 'a saved model is not dirty').toBe(false);
      // Opening the file again asks about each unsaved cape (Don't Save): the capes' histories start over too.
      const unsaved = unsavedCapeDocuments(harness.store.getState()).map(() => 'discard');
      const opened = await harness.answering(unsaved, async () => {
        const done = await harness.files.openPath(harness.workspace.modelPath);
        await harness.settle();
        return done;
      });
      expect(opened, 'the saved file opens').toBe(true);
      const reopened = harness.store.getState();
      expect(sameBytes(modelBytes(reopened), saved), 'reopened, it writes the same bytes').toBe(true);
      expectSameDocument(currentDocument(reopened)!, document);
      model.model = { steps: [saved], index: 0 };
      model.capes.clear();
      model.focus = null;
      return 'none' as HistoryMove;
    }
    const key = model.focus;
    const file = presentCape(state, key)!;
    expect(await harness.run('wm.save', 'screen')).toBe(true);
    const name = state.capes[key]!.gamePath.split('\\').pop()!;
    const onDisk = new Uint8Array(readFileSync(harness.workspace.capePath(name)));
    expect(sameBytes(onDisk, mrfBytes(file)), 'Save writes the cape as edited').toBe(true);
    expect(await harness.run('wm.reload_capes', 'screen')).toBe(true);
    const reloaded = presentCape(harness.store.getState(), key)!;
    expect(sameBytes(mrfBytes(reloaded), onDisk), 'the cape read again is the cape saved').toBe(true);
    // Read again with nothing unsaved, the cape is no document any more: its history ends.
    if (!harness.store.getState().capeDocuments[key]) model.capes.delete(key);
    return 'none' as HistoryMove;
  }

  toString(): string {
    return 'Ctrl+S, then open it again';
  }
}

/** The two documents say the same: sequences, event objects (name, keys, parent, timeline) and links. */
export function expectSameDocument(actual: ModelDocument, expected: ModelDocument): void {
  const shape = (document: ModelDocument) => ({
    format: document.format,
    sequences: document.sequences,
    globalSequences: document.globalSequences,
    objects: document.eventObjects.map((object) => ({
      name: object.name,
      frames: object.frames,
      parentId: object.parentId,
      objectId: object.objectId,
      globalSequenceId: object.globalSequenceId,
    })),
    links: document.links.map((link) => ({
      ...link,
      showFrames: sortedTimes(link.showFrames),
      hideFrames: sortedTimes(link.hideFrames),
    })),
    diagnostics: modelCodec.validateModel(document),
  });
  expect(shape(actual), 'the document reopened is the document saved').toEqual(shape(expected));
}
