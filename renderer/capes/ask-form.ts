/**
 * A modal form of text fields as a promise (the `form` dialog, drawn by FormDialog.tsx): resolves with the texts
 * typed, by field key, or null when cancelled.
 */
import type { Dialog, EditorStore } from '../state/editor-store';

/** The form's fields. */
export type FormFields = Extract<Dialog, { kind: 'form' }>['fields'];

/** Shows the form (dismissing a dialog still on screen) and resolves with its answer. */
export function askForm(
  store: EditorStore,
  title: string,
  message: string,
  fields: FormFields,
  submitLabel = 'OK',
): Promise<Record<string, string> | null> {
  if (store.getState().dialog && store.answerDialog) store.answerDialog(null);
  return new Promise((resolve) => {
    store.answerDialog = (answer) => {
      store.answerDialog = null;
      store.setState({ dialog: null });
      resolve(answer && typeof answer === 'object' ? (answer as Record<string, string>) : null);
    };
    store.setState({ dialog: { kind: 'form', title, message, fields, submitLabel } });
  });
}
