/**
 * The one way MDL bytes change: span edits. An edit replaces the bytes of `[start, end)` with new text (an
 * insertion when start equals end); everything outside the edited spans is copied as it is.
 */
import { encodeMdlText } from './text';

/** Replace `bytes[start, end)` by `text` (latin1). */
export interface SpanEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies span edits to bytes and returns the new bytes. Edits may come in any order; edits at the same offset
 * apply in the order given. Throws RangeError for overlapping edits or spans outside the bytes.
 */
export function spliceBytes(bytes: Uint8Array, edits: readonly SpanEdit[]): Uint8Array {
  const sorted = [...edits].sort((left, right) => left.start - right.start);
  const encoded = sorted.map((edit) => encodeMdlText(edit.text));
  let length = bytes.length;
  let previousEnd = 0;
  sorted.forEach((edit, index) => {
    if (edit.start < previousEnd || edit.end < edit.start || edit.end > bytes.length) {
      throw new RangeError(
        `span edit [${edit.start}, ${edit.end}) overlaps another edit or lies outside the ${bytes.length} bytes`,
      );
    }
    previousEnd = edit.end;
    length += encoded[index]!.length - (edit.end - edit.start);
  });
  const output = new Uint8Array(length);
  let read = 0;
  let write = 0;
  sorted.forEach((edit, index) => {
    output.set(bytes.subarray(read, edit.start), write);
    write += edit.start - read;
    output.set(encoded[index]!, write);
    write += encoded[index]!.length;
    read = edit.end;
  });
  output.set(bytes.subarray(read), write);
  return output;
}
