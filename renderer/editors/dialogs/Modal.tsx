/**
 * The frame of every modal dialog: a backdrop (a press on it cancels), the titled box, and Esc
 * to cancel — taken before the editor's keymap sees it.
 */
import { type ReactNode, useEffect } from 'react';

/** Props: the title, what Esc or a press outside does, the box's extra class and test id. */
export interface ModalProps {
  title: string;
  children: ReactNode;
  onCancel(): void;
  className?: string;
  testId?: string;
}

/** A modal dialog box. */
export function Modal({ title, children, onCancel, className, testId = 'dialog' }: ModalProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onCancel]);
  return (
    <div className="modal-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div className={`dialog ${className ?? ''}`} role="dialog" aria-label={title} data-testid={testId}>
        <div className="dialog-title">{title}</div>
        {children}
      </div>
    </div>
  );
}
