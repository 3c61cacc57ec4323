/**
 * A text after span edits: each edited block's text is made from its bytes and its edits (a buffer of its own),
 * scanned on its own and split again into one or more blocks — an edit may add a block after its statement, or
 * remove the statement; every block no edit touched is shared with the edited text as it is (same object).
 *
 * The blocks stay as readMdlText would split the whole text (blocks.ts): text left with no statement (what remains
 * of a removed block: comment lines) joins the block before it, or the block after it when no block precedes; text
 * before a block's first statement's line joins the block before.
 */
import { blockBytes, blockRanges, makeBlocks, readTextBlocks } from './blocks';
import { CodecError } from '../binary/codec-error';
import { readMdlText, textOf } from './mdl-text';
import { spliceBytes, type SpanEdit } from './splice';
import { MdlTree } from './tree';
import type { MdlBlock, MdlText } from './types';

function concatAll(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function concat(left: Uint8Array, right: Uint8Array): Uint8Array {
  return concatAll([left, right]);
}

/** The blocks of the edited text, built in text order. */
class BlockList {
  readonly blocks: MdlBlock[] = [];
  /** Text with no statement at the very start, waiting for the first block that has one. */
  private carry: Uint8Array | null = null;

  keep(block: MdlBlock): void {
    if (this.carry !== null) {
      this.place(blockBytes(block));
      return;
    }
    this.blocks.push(block);
  }

  /** Scans `text` (the new text of one or more blocks) and adds its blocks. */
  place(text: Uint8Array): void {
    if (this.carry !== null) {
      text = concat(this.carry, text);
      this.carry = null;
    }
    if (text.length === 0) return;
    const tree = new MdlTree(text);
    if (tree.statements.length === 0) {
      const last = this.blocks.pop();
      if (last === undefined) this.carry = text;
      else this.place(concat(blockBytes(last), text));
      return;
    }
    const ranges = blockRanges(tree.source, tree.statements, 0, text.length);
    const first = ranges[0]!;
    if (first.start > 0) {
      const last = this.blocks.pop();
      if (last === undefined) first.start = 0;
      else this.blocks.push(...readTextBlocks(concat(blockBytes(last), text.subarray(0, first.start))));
    }
    this.blocks.push(...makeBlocks(tree.source, ranges));
  }

  /** The blocks, once every edited text is placed; a text with no statement at all is one block. */
  finish(): MdlBlock[] {
    if (this.carry !== null || this.blocks.length === 0) {
      const text = this.carry ?? new Uint8Array(0);
      this.carry = null;
      this.blocks.push(...readTextBlocks(text));
    }
    return this.blocks;
  }
}

/**
 * The text with `edits` applied, by block: offsets relative to each block's start. Throws CodecError when an
 * edited block no longer scans (the refusal is placed in the whole text, read whole for that only).
 */
export function rebuildText(model: MdlText, edits: ReadonlyMap<MdlBlock, readonly SpanEdit[]>): MdlText {
  const texts = model.blocks.map((block) => {
    const blockEdits = edits.get(block);
    return blockEdits === undefined ? block : spliceBytes(blockBytes(block), blockEdits);
  });
  const list = new BlockList();
  try {
    for (const text of texts) {
      if (text instanceof Uint8Array) list.place(text);
      else list.keep(text);
    }
    return textOf(list.finish(), null);
  } catch (error) {
    if (error instanceof CodecError)
      readMdlText(concatAll(texts.map((text) => (text instanceof Uint8Array ? text : blockBytes(text)))));
    throw error;
  }
}
