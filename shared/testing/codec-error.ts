/**
 * Test helper: catching the typed error a codec must throw. Pure (no test framework, no Node), so
 * it type-checks with the rest of shared/.
 */
import { CodecError } from '../binary/codec-error';

/**
 * The CodecError `run` throws, for the test to assert on. Any other error is thrown on, and
 * `run` returning normally fails with `missing` (by default "expected a CodecError").
 */
export function codecError(run: () => unknown, missing = 'expected a CodecError'): CodecError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
  throw new Error(missing);
}
