/**
 * Why a cape edit was refused: names the operation and says what to change. The document is left as it was.
 */
export class CapeEditError extends Error {
  constructor(
    /** The edit refused ('retime', 'trim', …). */
    readonly operation: string,
    message: string,
  ) {
    super(message);
    this.name = 'CapeEditError';
  }
}
