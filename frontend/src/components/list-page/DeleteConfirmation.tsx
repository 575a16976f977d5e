import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorAlert } from '../ErrorAlert';

export interface DeleteConfirmationState<T> {
  /** The row awaiting confirmation. */
  target: T | undefined;
  busy: boolean;
  /** Opens the confirmation for a row. */
  ask: (target: T) => void;
  cancel: () => void;
  /** Deletes the row; the dialog closes afterwards whether it succeeded or not. */
  confirm: () => Promise<void>;
  /** The last failure, when the page leaves it to the kit (no `onFailed`); cleared by the next attempt. */
  error: unknown;
  clearError: () => void;
}

interface DeleteOptions<T> {
  remove: (target: T) => Promise<unknown>;
  /** After a successful delete, e.g. to show 'Group deleted successfully'. */
  onDeleted: (target: T) => void;
  /** After a failed delete; without it the failure is kept in `error` for DeleteErrorAlert. */
  onFailed?: (error: unknown, target: T) => void;
}

/** The state behind a list's delete confirmation, with its busy flag while the delete runs. */
export function useDeleteConfirmation<T>({ remove, onDeleted, onFailed }: DeleteOptions<T>): DeleteConfirmationState<T> {
  const [target, setTarget] = useState<T | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    if (target === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      await remove(target);
      onDeleted(target);
    } catch (failure) {
      if (onFailed) onFailed(failure, target);
      else setError(failure);
    } finally {
      setBusy(false);
      setTarget(undefined);
    }
  };
  return { target, busy, ask: setTarget, cancel: () => setTarget(undefined), confirm, error, clearError: () => setError(undefined) };
}

/** The failure of the last delete above the list, e.g. 'Failed to delete group', until dismissed. */
export function DeleteErrorAlert<T>({ state, title }: { state: DeleteConfirmationState<T>; title: string }) {
  if (state.error === undefined) return null;
  return <ErrorAlert title={title} error={state.error} onClose={state.clearError} sx={{ mb: 2 }} />;
}

interface DeleteConfirmationProps<T> {
  state: DeleteConfirmationState<T>;
  title: string;
  message: (target: T) => ReactNode;
  confirmLabel?: string;
}

/** The "are you sure" dialog of a list's Delete action; its buttons are disabled while the delete runs. */
export function DeleteConfirmation<T>({ state, title, message, confirmLabel = 'Delete' }: DeleteConfirmationProps<T>) {
  return (
    <ConfirmDialog
      open={state.target !== undefined}
      title={title}
      message={state.target === undefined ? '' : message(state.target)}
      confirmLabel={state.busy ? 'Deleting...' : confirmLabel}
      destructive
      busy={state.busy}
      onConfirm={() => void state.confirm()}
      onCancel={state.cancel}
    />
  );
}
