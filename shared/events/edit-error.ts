/**
 * The error of an edit a model cannot take: an index out of range, a frame that cannot be stored,
 * a name either format cannot write, a link that does not exist, a damaged chunk in the way.
 */

/** Thrown by `applyEdit` for an impossible edit; the document is unchanged (edits are pure). */
export class EditError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'EditError';
  }
}
