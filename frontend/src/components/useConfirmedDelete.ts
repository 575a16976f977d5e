import { useState } from 'react';

/**
 * The delete flow of an edit page: asked, confirmed in a dialog, busy while it runs. A failure is
 * kept to show; `closeOnFailure` shows it on the page instead of in the dialog. On success the
 * caller's `remove` moves on (to the list), so the flow stays busy until the page goes.
 */
export function useConfirmedDelete(remove: () => Promise<void>, options: { closeOnFailure?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await remove();
    } catch (failure) {
      setError(failure);
      setBusy(false);
      if (options.closeOnFailure) setOpen(false);
    }
  };
  return {
    open,
    busy,
    error,
    ask: () => setOpen(true),
    cancel: () => {
      setOpen(false);
      setError(undefined);
    },
    confirm: () => void confirm(),
    clearError: () => setError(undefined),
  };
}
