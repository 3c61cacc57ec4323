/**
 * The user's config folder, the same one Electron's `app.getPath('userData')` gives for the
 * product name "Morf Studio", so the desktop app and the browser shell share settings.
 * `MORF_CONFIG_DIR` overrides it (tests, portable installs).
 */
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
