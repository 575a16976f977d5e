import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AddressFields } from './AddressFields';
import { billingDetailsOf, cardholderErrors, emptyCardholder, type CardholderValues, type FieldErrors } from './billing-forms';
import { usePaymentActions, type PaymentMethod } from './useBilling';

const valuesOf = (method: PaymentMethod): CardholderValues => {
  const { address } = method.billing_details;
  return {
    ...emptyCardholder(method.billing_details.name),
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country || 'US',
  };
};

/** 'Edit Payment Method' (spec 03 §2): the cardholder and address of a card (§20.12); the number stays Stripe's. */
export function EditCardDialog({ method, onClose, onSaved }: { method: PaymentMethod; onClose: () => void; onSaved: () => void }) {
  const actions = usePaymentActions();
  const [values, setValues] = useState(() => valuesOf(method));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const found = cardholderErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await actions.update(method.id, billingDetailsOf(values));
      onSaved();
    } catch (error) {
      setFailure(error ?? new Error('Failed to update payment method'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="edit-card-title" data-testid="edit-card-dialog">
      <DialogTitle id="edit-card-title">Edit Payment Method</DialogTitle>
      <DialogContent>
        {failure !== undefined && <ErrorAlert title="Failed to update payment method" error={failure} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
        <AddressFields values={values} errors={errors} disabled={busy} onChange={setValues} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy} variant="contained">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
