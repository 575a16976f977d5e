import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { prorateUpgrade } from '../../../../shared/rules/billing/proration';
import type { PlanEntity } from '../../../../shared/rules/plans';
import type { Subscription } from './useBilling';

const dollars = (value: number) => `$${value.toFixed(2)}`;

interface UpgradeDialogProps {
  plan: PlanEntity | undefined;
  subscription: Subscription | null;
  selfHosted: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Upgrade to {plan}' (spec 03 §2) with the payment summary of spec 03 §9's proration. */
export function UpgradeDialog({ plan, subscription, selfHosted, busy, onConfirm, onClose }: UpgradeDialogProps) {
  const summary =
    plan && subscription ? prorateUpgrade(subscription.plan.price, plan.price, new Date(subscription.current_period_end), new Date()) : undefined;
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
        {selfHosted && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Self-hosted mode: the plan applies at once and nothing is charged.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained">
          Upgrade
        </Button>
      </DialogActions>
    </Dialog>
  );
}
