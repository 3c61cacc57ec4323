/**
 * Diagnostics: what validation passes return instead of throwing.
 */
export type Severity = 'error' | 'warning' | 'info';

/** One finding of a validation pass. */
export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. `mrf.face-index-out-of-range`. */
  code: string;
  /** A sentence for people. */
  message: string;
  /** The field or object concerned, e.g. `faces[12]` or `EVTS "MRFx0001"`. */
  where?: string;
  /** Byte offset (or character offset in text formats) when one applies. */
  offset?: number;
  /** Optional machine-readable pointer to the object concerned, for the editor to select it. */
  target?: DiagnosticTarget;
}

/** What a diagnostic points at, so that a click in the diagnostics panel can select it. */
export type DiagnosticTarget =
  | { kind: 'eventObject'; objectIndex: number; frameIndex?: number }
  | { kind: 'link'; id: string }
  | { kind: 'sequence'; sequenceIndex: number }
  | { kind: 'chunk'; tag: string }
  | { kind: 'mrf'; field: string };

/** Counts diagnostics by severity. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) counts[diagnostic.severity] += 1;
  return counts;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
