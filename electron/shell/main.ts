/** The Electron main process entry (bundled to out/main/main.js): see electron/shell/app.ts. */
import { runMain } from './app';

void runMain(import.meta.dirname).catch((error: unknown) => {
  process.stderr.write(
    `Morf Studio could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
