/**
 * Readable diagnostics for the command line.
 */
import { countBySeverity, type Diagnostic } from '../../../shared/diagnostics';

/** One line per diagnostic (`error mrf.code at where (byte N): message`), or `no problems found`. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], indent: string): string {
  if (diagnostics.length === 0) return `${indent}no problems found\n`;
  return diagnostics.map((diagnostic) => `${indent}${formatDiagnostic(diagnostic)}\n`).join('');
}

/** One diagnostic as one line. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.where ? ` at ${diagnostic.where}` : '';
  const offset = diagnostic.offset !== undefined ? ` (byte ${diagnostic.offset})` : '';
  return `${diagnostic.severity} ${diagnostic.code}${where}${offset}: ${diagnostic.message}`;
}

/** `2 errors, 1 warning` or `ok`. */
export function diagnosticTally(diagnostics: readonly Diagnostic[]): string {
  const counts = countBySeverity(diagnostics);
  const parts: string[] = [];
  if (counts.error) parts.push(`${counts.error} error${counts.error === 1 ? '' : 's'}`);
  if (counts.warning) parts.push(`${counts.warning} warning${counts.warning === 1 ? '' : 's'}`);
  if (counts.info) parts.push(`${counts.info} note${counts.info === 1 ? '' : 's'}`);
  return parts.length ? parts.join(', ') : 'ok';
}
