import { isCodecError } from '../../shared/binary/codec-error';
import { UsageError } from './command';

/** One line for any error: codec errors carry file, field and offset; others their message. */
export function describeError(error: unknown): string {
  if (isCodecError(error)) return error.message;
  if (error instanceof UsageError) return error.message;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return (code ? error.message.replace(/^\w+: /, '') : error.message).split('\n')[0]!;
  }
  return String(error).split('\n')[0]!;
}
