import type { Diagnostic } from '../../../shared/diagnostics';

/** What `inspect` prints for one file. */
export interface InspectResult {
  /** The `--json` object: must hold `format` and `diagnostics`, plus the format's own fields. */
  summary: { format: string; diagnostics: Diagnostic[] } & Record<string, unknown>;
  /** A readable summary, several lines, each ending in a newline. */
  text: string;
}

/**
 * One file format the `inspect`, `dump`, `validate` and `convert` commands understand. Every
 * method receives the whole file's bytes and throws `CodecError` when they cannot be read; the
 * commands add the file name and turn it into one line with exit code 2.
 */
export interface FormatHandler {
  /** Short lower-case name, e.g. `mrf`; `inspect --json` reports it as `format`. */
  format: string;
  /** Lower-case file extensions with the dot, e.g. `['.mrf']`; the extension decides first. */
  extensions: readonly string[];
  /** True when the leading bytes identify this format (used when no extension matches). */
  sniff(bytes: Uint8Array): boolean;
  inspect(bytes: Uint8Array): InspectResult;
  /** Diagnostics of the format's validation pass (never throws for readable input). */
  validate(bytes: Uint8Array): Diagnostic[];
  /**
   * `dump --json`: writes one JSON document in pieces through `write`, after parsing the whole
   * file (so a CodecError comes before any output). Absent: dump is not offered.
   */
  dump?(bytes: Uint8Array, write: (text: string) => void): void;
  /**
   * `convert`: the bytes of `outputFormat` (the `format` of the handler that owns the output
   * file's extension). Absent, or throwing a CodecError of kind `unsupported`: that conversion
   * is refused with exit code 2.
   */
  convert?(bytes: Uint8Array, outputFormat: string): Uint8Array;
}
