/**
 * Host failures and how an operation's result crosses IPC or HTTP (see shared/contract/contract.ts):
 * the value, or the error's plain fields, turned back into a thrown {@link HostError} on the
 * renderer side. Pure TypeScript.
 */

/** Why an operation failed. */
export type HostErrorCode =
  | 'invalid-argument' // an argument failed validation
  | 'denied' // a path outside the granted roots, a symlink out of a root, a forbidden sender
  | 'not-found' // the file or directory does not exist
  | 'too-large' // over limits.fileBytes
  | 'unsupported' // not available in this runtime (e.g. native dialogs in the browser)
  | 'no-space' // the disk (or the user's quota) is full: nothing partial was left
  | 'io'; // any other file-system failure

export const hostErrorCodes: readonly HostErrorCode[] = [
  'invalid-argument',
  'denied',
  'not-found',
  'too-large',
  'unsupported',
  'no-space',
  'io',
];

/** HTTP status the browser shell uses for each error code. */
export const httpStatusOfError: Record<HostErrorCode, number> = {
  'invalid-argument': 400,
  denied: 403,
  'not-found': 404,
  'too-large': 413,
  unsupported: 501,
  'no-space': 507,
  io: 500,
};

/** A typed host failure. Thrown by host services and re-thrown by the renderer's client. */
export class HostError extends Error {
  override readonly name = 'HostError';
  constructor(
    readonly code: HostErrorCode,
    message: string,
    /** The path concerned, when there is one. */
    readonly path: string | null = null,
  ) {
    super(message);
  }
}

/** How a result crosses IPC/HTTP: the value, or the error's plain fields. */
export type WireResult<T> =
  { ok: true; value: T } | { ok: false; error: { code: HostErrorCode; message: string; path: string | null } };

/** Wrap a thrown value for the wire; unexpected errors become 'io' without stack traces. */
export function toWireError(error: unknown): WireResult<never> {
  if (error instanceof HostError)
    return { ok: false, error: { code: error.code, message: error.message, path: error.path } };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: 'io', message, path: null } };
}

/** Unwrap a wire result: the value, or a thrown HostError. Validates the shape it was given. */
export function fromWire<T>(result: unknown, operation: string): T {
  if (typeof result === 'object' && result !== null && 'ok' in result) {
    const wire = result as WireResult<T>;
    if (wire.ok) return wire.value;
    const error = wire.error;
    if (error && hostErrorCodes.includes(error.code))
      throw new HostError(error.code, String(error.message), error.path ?? null);
  }
  throw new HostError('io', `${operation}: malformed reply from the host`);
}
