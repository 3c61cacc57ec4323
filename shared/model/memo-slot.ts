/**
 * Memos kept on the objects they are about, where a WeakMap would do but costs: V8's minor GC keeps a WeakMap entry
 * whose value refers back to its key alive, with everything the value holds, until the next full GC. The memos of
 * an MDL read are such entries (a source's block reads hold its blocks, which hold the source; a chunk holds its
 * value), so every model read since the last full GC was copied by each minor GC and promoted: about 2 MB a minor
 * GC when reading large models one after another, a tenth of the parse time. A slot on the object goes with it.
 */

/**
 * A memo per object in a slot keyed by a symbol of its own, not enumerable: a structured clone, a spread, JSON and a
 * comparison of objects do not see it. An object that cannot take a slot (frozen) is not memoized.
 */
export class MemoSlot<Owner extends object, Value> {
  private readonly key: symbol;

  /** `name`: what the memo holds, shown by debuggers. */
  constructor(name: string) {
    this.key = Symbol(name);
  }

  /** The memo of `owner`, or undefined. */
  get(owner: Owner): Value | undefined {
    return (owner as Record<symbol, Value | undefined>)[this.key];
  }

  /** Memoizes `value` for `owner`. */
  set(owner: Owner, value: Value): void {
    const slots = owner as Record<symbol, Value>;
    if (Object.prototype.hasOwnProperty.call(owner, this.key)) slots[this.key] = value;
    else if (Object.isExtensible(owner))
      Object.defineProperty(owner, this.key, { value, writable: true, configurable: true });
  }
}
