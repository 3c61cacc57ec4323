/**
 * Test helpers: catching the typed error a codec must throw, and telling a refusal from a crash in
 * fuzz cases. Pure (no test framework, no Node), so they type-check with the rest of shared/.
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

/**
 * One fuzz case: 'read' when `task` completes, 'refused' when it throws a CodecError. Any other
 * error is a bug in the codec: it is thrown on as an Error whose message starts with `label` (the
 * round, the input) and whose cause is the original.
 */
export function readOrRefuse(label: string, task: () => void): 'read' | 'refused' {
  try {
    task();
    return 'read';
  } catch (error) {
    if (error instanceof CodecError) return 'refused';
    throw new Error(`${label}: ${String(error)}`, { cause: error });
  }
}
