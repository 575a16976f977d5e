import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { BILLING_MESSAGES } from '../../../../shared/api/schemas/billing';
import { prorateUpgrade } from '../../../../shared/rules/billing/proration';
import type { PlanEntity } from '../../../../shared/rules/plans';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AddCardDialog } from './AddCardDialog';
import { usePaymentMethods, type Subscription } from './useBilling';

const dollars = (value: number) => `$${value.toFixed(2)}`;

interface UpgradeDialogProps {
  plan: PlanEntity | undefined;
  subscription: Subscription | null;
  selfHosted: boolean;
  /** Stripe mode's key for the card form; absent self-hosted. */
  publishableKey: string | undefined;
  busy: boolean;
  onConfirm: (paymentMethodId: string | undefined) => void;
  onClose: () => void;
}

/** Stripe mode's card choice: the organization's cards, the default chosen first, and a way to add one. */
function CardChoice({ publishableKey, selected, onSelect, disabled }: { publishableKey: string | undefined; selected: string; onSelect: (id: string) => void; disabled: boolean }) {
  const methods = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const list = methods.data?.data ?? [];
  const fallback = list.find((method) => method.isDefault)?.id ?? list[0]?.id ?? '';

  // The default card is chosen until the admin picks another.
  useEffect(() => {
    if (!selected && fallback) onSelect(fallback);
  }, [selected, fallback, onSelect]);

  return (
    <Box sx={{ mt: 3 }} data-testid="card-choice">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Payment method
      </Typography>
      {methods.error && <ErrorAlert title="Failed to load payment methods" error={methods.error} sx={{ mb: 1 }} />}
      {methods.isLoading && <Skeleton height={40} />}
      {!methods.isLoading && list.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          No payment methods available. Please add one to continue.
        </Typography>
      )}
      {list.length > 0 && (
        <RadioGroup value={selected} onChange={(event) => onSelect(event.target.value)}>
          {list.map((method) => (
            <FormControlLabel
              key={method.id}
              value={method.id}
              disabled={disabled}
              control={<Radio size="small" />}
              label={`${method.card.brand} •••• ${method.card.last4}${method.isDefault ? ' (default)' : ''}`}
            />
          ))}
        </RadioGroup>
      )}
      <Button size="small" disabled={disabled || !publishableKey} onClick={() => setAdding(true)}>
        Add Payment Method
      </Button>
      {publishableKey && (
        <AddCardDialog
          open={adding}
          publishableKey={publishableKey}
          onClose={() => setAdding(false)}
          onAdded={(method) => {
            setAdding(false);
            onSelect(method.id);
          }}
        />
      )}
    </Box>
  );
}

/** 'Upgrade to {plan}' (spec 03 §2) with the payment summary of spec 03 §9's proration and, in Stripe mode, the card to pay with. */
export function UpgradeDialog({ plan, subscription, selfHosted, publishableKey, busy, onConfirm, onClose }: UpgradeDialogProps) {
  const [paymentMethodId, setPaymentMethodId] = useState('');
  const [missingCard, setMissingCard] = useState(false);
  const summary =
    plan && subscription ? prorateUpgrade(subscription.plan.price, plan.price, new Date(subscription.current_period_end), new Date()) : undefined;

  function confirm() {
    if (selfHosted) return onConfirm(undefined);
    if (!paymentMethodId) return setMissingCard(true);
    setMissingCard(false);
    onConfirm(paymentMethodId);
  }

  return (
    <Dialog open={Boolean(plan)} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-testid="upgrade-dialog">
      <DialogTitle>Upgrade to {plan?.name}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Payment summary
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, m: 0 }}>
          <dt>{plan?.name} plan</dt>
          <dd style={{ margin: 0 }}>{plan ? `${dollars(plan.price)} / month` : ''}</dd>
          {summary && (
            <>
              <dt>Days remaining in period</dt>
              <dd style={{ margin: 0 }}>{summary.daysRemaining}</dd>
              <dt>Credit for {subscription?.plan.name}</dt>
              <dd style={{ margin: 0 }}>-{dollars(summary.credit)}</dd>
              <dt>New charge</dt>
              <dd style={{ margin: 0 }}>{dollars(summary.newCharge)}</dd>
            </>
          )}
          <dt>
            <strong>Amount due today</strong>
          </dt>
          <dd style={{ margin: 0 }} data-testid="amount-due">
            <strong>{selfHosted ? dollars(0) : dollars(summary ? summary.amountDue : (plan?.price ?? 0))}</strong>
          </dd>
        </Box>
        {selfHosted ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            Self-hosted mode: the plan applies at once and nothing is charged.
          </Alert>
        ) : (
          plan && (
            <CardChoice
              publishableKey={publishableKey}
              selected={paymentMethodId}
              disabled={busy}
              onSelect={(id) => {
                setPaymentMethodId(id);
                setMissingCard(false);
              }}
            />
          )
        )}
        {missingCard && <ErrorAlert title={BILLING_MESSAGES.paymentMethodRequired} onClose={() => setMissingCard(false)} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained">
          Upgrade
        </Button>
      </DialogActions>
    </Dialog>
  );
}
