/**
 * Full garbage collections on demand, for tests that prove something is no longer held (a WeakRef that empties):
 * `--expose-gc` set at run time and V8's `gc` taken from a fresh context, as scripts/bench/document.bench.ts does.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Ends the current job (a WeakRef's target is kept until then) and collects garbage fully, a few times over (objects
 * freed by one collection may be what kept others).
 */
export async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let pass = 0; pass < 3; pass += 1) gc();
}
