import type { Diagnostic } from '../../../shared/diagnostics';

/** What `inspect` prints for one file. */
export interface InspectResult {
  /** The `--json` object: must hold `format` and `diagnostics`, plus the format's own fields. */
  summary: { format: string; diagnostics: Diagnostic[] } & Record<string, unknown>;
  /** A readable summary, several lines, each ending in a newline. */
  text: string;
}

/**
 * A file a command opened: its bytes, and the files beside it — a `.gltf`'s `.bin` and images,
 * an EMF manifest's parts — which a format reads by the relative names the file gives.
 */
export interface SourceFile {
  /** The path as given on the command line. */
  path: string;
  bytes: Uint8Array;
  /**
   * The bytes of `relativePath` (forward or back slashes) from this file's folder. Confined to
   * that folder and the folders below it; a missing or unreadable file is a one-line error naming it.
   */
  readSibling(relativePath: string): Promise<Uint8Array>;
}

/** One `--flag VALUE` option a conversion takes. */
export interface ConvertOption {
  /** `--fps`. */
  flag: string;
  /** The value's placeholder in usage text (`N`, `NAME|INDEX`, `PATH`; empty for a switch). */
  value: string;
  /** A number (finite; the conversion checks its range), text, or a switch that takes no value (then `true`). */
  kind: 'number' | 'text' | 'switch';
  /** Half a line for `morf help convert`. */
  summary: string;
}

/** A game file found through the `--data` folders. */
export interface GameFile {
  /** Its path on disk. */
  path: string;
  bytes: Uint8Array;
}

/** Everything a conversion is given. */
export interface ConvertRequest {
  source: SourceFile;
  /** The `format` of the handler owning the output's extension. */
  outputFormat: string;
  /** The output path as given (its extension and name matter to some formats: `.gltf`'s `.bin`). */
  outputPath: string;
  /** The values of the conversion's options that were given, by flag (`--fps` → 24, a switch → true). */
  options: Readonly<Record<string, string | number | boolean>>;
  /**
   * Finds a game path (`Textures\Cape.blp`) in the `--data` folders, first folder first,
   * case-insensitively; textures also under their other extensions (.blp, .tga, .dds). Undefined
   * when no folder holds it (or none was given).
   */
  readGameFile(gamePath: string, kind: 'texture' | 'any'): Promise<GameFile | undefined>;
  /** A note for the user, printed as `warning: …` after the conversion. */
  warn(message: string): void;
}

/** What a conversion writes: the output, and files beside it named relative to the output's folder. */
export interface ConvertResult {
  bytes: Uint8Array;
  /** What was made, for the line `convert` prints (`animation 0 "Wave", 0–2 s, 61 keyframes at 30 fps`). */
  description?: string;
  siblings?: readonly { name: string; bytes: Uint8Array }[];
}

/** One conversion from a handler's format to another (or to itself: the canonical rewrite). */
export interface FormatConversion {
  /** The options it takes besides the command's own (`--data`). */
  options?: readonly ConvertOption[];
  /** Throws a CodecError when the input cannot be converted (kind `unsupported` for what is not offered). */
  convert(request: ConvertRequest): ConvertResult | Promise<ConvertResult>;
}

/**
 * One file format the `inspect`, `dump`, `validate` and `convert` commands understand. Every
 * method receives the whole file's bytes (and the opened file, for what lies beside it) and throws
 * `CodecError` when they cannot be read; the commands add the file name and turn it into one line
 * with exit code 2.
 */
export interface FormatHandler {
  /** Short lower-case name, e.g. `mrf`; `inspect --json` reports it as `format`. */
  format: string;
  /** Lower-case file extensions with the dot, e.g. `['.mrf']`; the extension decides first. */
  extensions: readonly string[];
  /** True when the leading bytes identify this format (used when no extension matches). */
  sniff(bytes: Uint8Array): boolean;
  inspect(bytes: Uint8Array, file: SourceFile): InspectResult | Promise<InspectResult>;
  /** Diagnostics of the format's validation pass (never throws for readable input). */
  validate(bytes: Uint8Array, file: SourceFile): Diagnostic[] | Promise<Diagnostic[]>;
  /**
   * `dump --json`: writes one JSON document in pieces through `write`, after parsing the whole
   * file (so a CodecError comes before any output). Absent: dump is not offered.
   */
  dump?(bytes: Uint8Array, write: (text: string) => void): void;
  /**
   * `convert`: the conversions from this format, by output format (the `format` of the handler
   * owning the output file's extension). A missing entry: that conversion is refused, exit code 2.
   */
  conversions?: Readonly<Record<string, FormatConversion>>;
}
