/** Command-line arguments of the browser shell (`npm run web -- [options] [FILE…]`). */

/** Parsed options. */
export interface WebArguments {
  port: number;
  paths: string[];
  dataFolders: string[];
  roots: string[];
  configDirectory: string | null;
  saveDirectory: string | null;
  rendererDirectory: string | null;
  sampleDirectory: string | null;
  noSample: boolean;
  json: boolean;
  help: boolean;
}

/** Usage text. */
export const webUsage = `Usage: npm run web -- [options] [FILE|FOLDER…]

Serves Morf Studio to a browser on this machine (127.0.0.1 only) and prints the URL to open.
Files are opened first (their folders become browsable roots); folders become browsable roots.
With no file, the sample cinematic opens.

Options:
  --port N          listen on port N (default: a free port)
  --data DIR        add DIR as a game data folder for this run (repeatable; not saved)
  --root DIR        let the in-app file browser show DIR (repeatable)
  --config-dir DIR  keep settings and recovery files in DIR (default: the user's config folder)
  --save-dir DIR    the "Saved files" place every dialog can save into (default: Documents/Morf Studio)
  --renderer DIR    serve the built renderer from DIR (default: out/renderer)
  --sample-dir DIR  open the sample cinematic from DIR (default: assets/sample)
  --no-sample       open nothing when no file is given
  --json            print {"url","origin","token","port"} as one JSON line instead of the text line
  --help            show this text`;

/** Thrown for bad arguments (printed as one line, exit code 2). */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
}

/** Parse the arguments after the script name. */
export function parseWebArguments(argv: readonly string[]): WebArguments {
  const parsed: WebArguments = {
    port: 0,
    paths: [],
    dataFolders: [],
    roots: [],
    configDirectory: null,
    saveDirectory: null,
    rendererDirectory: null,
    sampleDirectory: null,
    noSample: false,
    json: false,
    help: false,
  };
  const value = (index: number, flag: string): string => {
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) throw new ArgumentError(`${flag} needs a value`);
    return next;
  };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    switch (arg) {
      case '--port': {
        const port = Number(value(index, arg));
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new ArgumentError(`--port must be an integer from 0 to 65535 (got "${argv[index + 1]}")`);
        parsed.port = port;
        index += 1;
        break;
      }
      case '--data':
        parsed.dataFolders.push(value(index, arg));
        index += 1;
        break;
      case '--root':
        parsed.roots.push(value(index, arg));
        index += 1;
        break;
      case '--config-dir':
        parsed.configDirectory = value(index, arg);
        index += 1;
        break;
      case '--save-dir':
        parsed.saveDirectory = value(index, arg);
        index += 1;
        break;
      case '--renderer':
        parsed.rendererDirectory = value(index, arg);
        index += 1;
        break;
      case '--sample-dir':
        parsed.sampleDirectory = value(index, arg);
        index += 1;
        break;
      case '--no-sample':
        parsed.noSample = true;
        break;
      case '--json':
        parsed.json = true;
        break;
      case '--help':
      case '-h':
        parsed.help = true;
        break;
      case '--':
        parsed.paths.push(...argv.slice(index + 1));
        index = argv.length;
        break;
      default:
        if (arg.startsWith('-')) throw new ArgumentError(`unknown option ${arg} (see --help)`);
        parsed.paths.push(arg);
    }
  }
  return parsed;
}
