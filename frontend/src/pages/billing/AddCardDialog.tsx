import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormLabel, Typography } from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState } from 'react';
import { useOptionalSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AddressFields } from './AddressFields';
import { billingDetailsOf, cardholderErrors, emptyCardholder, type CardholderValues, type FieldErrors } from './billing-forms';
import { stripeFor } from './stripe-loader';
import { usePaymentActions, type PaymentMethod } from './useBilling';

/** Spec 03 §8's card form texts. */
export const CARD_FORM_MESSAGES = {
  notInitialized: 'Payment system not initialized',
  noCardElement: 'Card element not found',
  cardError: 'An error occurred processing your card',
  createFailed: 'Failed to create payment method',
  addFailed: 'Failed to add payment method',
  notAuthenticated: 'User not authenticated',
} as const;

interface AddCardDialogProps {
  open: boolean;
  publishableKey: string;
  onClose: () => void;
  onAdded: (method: PaymentMethod) => void;
}

interface Failure {
  title: string;
  error?: unknown;
}

function CardForm({ onClose, onAdded }: Omit<AddCardDialogProps, 'open' | 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const session = useOptionalSession();
  const actions = usePaymentActions();
  const [values, setValues] = useState<CardholderValues>(() => emptyCardholder(session?.user?.fullName ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    setFailure(undefined);
    const found = cardholderErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!session?.user) return setFailure({ title: CARD_FORM_MESSAGES.notAuthenticated });
    if (!stripe || !elements) return setFailure({ title: CARD_FORM_MESSAGES.notInitialized });
    const card = elements.getElement(CardElement);
    if (!card) return setFailure({ title: CARD_FORM_MESSAGES.noCardElement });
    setBusy(true);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billingDetailsOf(values) });
      if (error) return setFailure({ title: error.message ?? CARD_FORM_MESSAGES.cardError });
      if (!paymentMethod) return setFailure({ title: CARD_FORM_MESSAGES.createFailed });
      const added = await actions.add(paymentMethod.id, session.user.id);
      onAdded(added);
    } catch (error) {
      setFailure({ title: CARD_FORM_MESSAGES.addFailed, error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DialogContent>
        {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
        <FormLabel sx={{ display: 'block', mb: 1 }}>Card details</FormLabel>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.25, mb: 2.5 }} data-testid="card-element">
          {/* The postal code is asked below with the rest of the address. */}
          <CardElement options={{ hidePostalCode: true }} />
        </Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          Billing details
        </Typography>
        <AddressFields values={values} errors={errors} disabled={busy} onChange={setValues} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={busy || !stripe} variant="contained">
          Add Card
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * 'Add Payment Method' (spec 03 §2, §5): Stripe's card element plus the cardholder's name and address;
 * Stripe.js turns them into a `pm_…` that §20.11 attaches. Stripe.js is fetched when this first opens.
 */
export function AddCardDialog({ open, publishableKey, onClose, onAdded }: AddCardDialogProps) {
  const [loadFailed, setLoadFailed] = useState(false);
  const stripe = useMemo(
    () =>
      open && publishableKey
        ? stripeFor(publishableKey).catch(() => {
            setLoadFailed(true);
            return null;
          })
        : null,
    [open, publishableKey],
  );
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="add-card-title" data-testid="add-card-dialog">
      <DialogTitle id="add-card-title">Add Payment Method</DialogTitle>
      {(loadFailed || !publishableKey) && (
        <DialogContent>
          <ErrorAlert title={CARD_FORM_MESSAGES.notInitialized} />
        </DialogContent>
      )}
      {stripe && !loadFailed && (
        <Elements stripe={stripe}>
          <CardForm onClose={onClose} onAdded={onAdded} />
        </Elements>
      )}
    </Dialog>
  );
}
