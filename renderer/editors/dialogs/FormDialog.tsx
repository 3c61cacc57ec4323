/**
 * The `form` dialog: labelled text fields (the empty placeholder saying what the default is), OK and Cancel.
 * Answered with the texts by key (askForm in renderer/state/dialog-actions.ts).
 */
import { useState } from 'react';
import { Modal } from './Modal';
import type { Dialog } from '../../state/editor-store';
import { useApp } from '../../ui/editor-context';

/** The dialog box. */
export function FormDialog({ dialog }: { dialog: Extract<Dialog, { kind: 'form' }> }) {
  const { store } = useApp();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(dialog.fields.map((field) => [field.key, field.value])),
  );
  const answer = (value: Record<string, string> | null) => store.answerDialog?.(value);
  return (
    <Modal title={dialog.title} onCancel={() => answer(null)} testId="form-dialog">
      <form
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          answer(values);
        }}
      >
        {dialog.message ? <p style={{ margin: '0 0 8px' }}>{dialog.message}</p> : null}
        <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 10px', alignItems: 'center' }}>
          {dialog.fields.map((field, index) => (
            <label key={field.key} style={{ display: 'contents' }}>
              <span data-hint={field.hint}>{field.label}</span>
              <input
                className="field"
                autoFocus={index === 0}
                value={values[field.key] ?? ''}
                placeholder={field.placeholder}
                data-hint={field.hint}
                data-testid={`form-${field.key}`}
                onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
              />
            </label>
          ))}
        </div>
        <div className="dialog-actions" style={{ padding: '12px 0 0' }}>
          <button type="button" className="button" onClick={() => answer(null)}>
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="form-ok">
            {dialog.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
