/**
 * The user's config folder, the same one Electron's `app.getPath('userData')` gives for the
 * product name "Morf Studio", so the desktop app and the browser shell share settings.
 * `MORF_CONFIG_DIR` overrides it (tests, portable installs). Also the "Saved files" folder: the place every
 * window can always save into (the sample, an imported cape), `~/Documents/Morf Studio`.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name used for the folder. */
export const productFolderName = 'Morf Studio';

/** The config folder for this user and platform. */
export function defaultConfigDirectory(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.MORF_CONFIG_DIR) return env.MORF_CONFIG_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), productFolderName);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', productFolderName);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), productFolderName);
}

/**
 * The "Saved files" folder: `MORF_SAVE_DIR`, else `Morf Studio` in the user's Documents folder (Electron passes
 * `app.getPath('documents')`), else in the home folder when there is no Documents folder.
 */
export function defaultSaveDirectory(
  env: NodeJS.ProcessEnv = process.env,
  documents: string | null = join(homedir(), 'Documents'),
): string {
  if (env.MORF_SAVE_DIR) return env.MORF_SAVE_DIR;
  return join(documents && existsSync(documents) ? documents : homedir(), productFolderName);
}
