/**
 * The undo history an editor keeps while key moves are made, for the tests of what kept versions hold
 * (mdl-kept-versions.test.ts, mdx-kept-versions.test.ts).
 */
import type { ModelDocument } from '../document';
import { applyEdit, validateModel } from '../index';

/**
 * `first`, then `moves` key moves of its first keyed event object (10 ms later, then back), each validated as the
 * editor does: every version, oldest first.
 */
export function keyMoveVersions(first: ModelDocument, moves = 10): ModelDocument[] {
  const kept = [first];
  const object = first.eventObjects.find((candidate) => candidate.frames.length > 0)!;
  for (let step = 0; step < moves; step += 1) {
    const keys = [{ objectIndex: object.index, frameIndex: 0 }];
    const next = applyEdit(kept[kept.length - 1]!, { kind: 'moveKeys', keys, deltaMs: step % 2 === 0 ? 10 : -10 });
    validateModel(next);
    kept.push(next);
  }
  return kept;
}

/** The getter of `key` on `owner` (an own accessor), or undefined. */
export function getterOf(owner: object, key: string): (() => unknown) | undefined {
  return Object.getOwnPropertyDescriptor(owner, key)?.get;
}
