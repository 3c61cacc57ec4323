/**
 * Property widgets: a panel with a title, label/value rows, and fields that commit on Enter or
 * blur (Esc restores), so each typed change is one undo step.
 */
import { type ReactNode, useState } from 'react';
import { Icon, type IconName } from '../../ui/Icon';

/** A titled panel of label/value rows. */
export function Panel({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: IconName;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="panel" data-testid={testId}>
      <header className="panel-header">
        {icon ? <Icon name={icon} size={13} /> : null}
        {title}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}

/** A label and a read-only value. */
export function Row({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <>
      <span className="prop-label" data-hint={hint ?? label}>
        {label}
      </span>
      <span className="prop-value" data-hint={hint ?? label}>
        {children}
      </span>
    </>
  );
}

/** A text field that commits on Enter or blur; `validate` returns an error message or null. */
export function TextField({
  value,
  onCommit,
  validate,
  hint,
  testId,
}: {
  value: string;
  onCommit(value: string): void;
  validate?: (value: string) => string | null;
  hint?: string;
  testId?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const error = draft !== null && validate ? validate(draft) : null;
  const commit = () => {
    if (draft !== null && draft !== value && !error) onCommit(draft);
    setDraft(null);
  };
  return (
    <input
      className={`field${error ? ' invalid' : ''}`}
      value={draft ?? value}
      title={error ?? undefined}
      data-hint={error ?? hint}
      data-testid={testId}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        if (event.key === 'Escape') {
          setDraft(null);
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}

/** A whole-number field (ms): commits a finite integer ≥ min; Up/Down step by 1 (Shift: 10). */
export function IntegerField({
  value,
  onCommit,
  min = 0,
  hint,
  testId,
}: {
  value: number;
  onCommit(value: number): void;
  min?: number;
  hint?: string;
  testId?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const parsed = draft === null ? value : Number(draft);
  const invalid = draft !== null && (!Number.isFinite(parsed) || parsed < min);
  const commit = () => {
    if (draft !== null && !invalid && Math.round(parsed) !== value) onCommit(Math.round(parsed));
    setDraft(null);
  };
  return (
    <input
      className={`field number${invalid ? ' invalid' : ''}`}
      value={draft ?? String(value)}
      inputMode="numeric"
      data-hint={hint}
      data-testid={testId}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        else if (event.key === 'Escape') {
          setDraft(null);
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          const step = (event.shiftKey ? 10 : 1) * (event.key === 'ArrowUp' ? 1 : -1);
          setDraft(String(Math.max(min, Math.round(Number.isFinite(parsed) ? parsed : value) + step)));
        }
      }}
    />
  );
}

/** Formats a number for display (up to 4 decimals, no trailing zeros). */
export function formatNumber(value: number, decimals = 4): string {
  if (!Number.isFinite(value)) return String(value);
  return Number(value.toFixed(decimals)).toString();
}
