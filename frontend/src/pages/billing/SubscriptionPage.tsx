import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { blockedChange, effectivePendingChange } from '../../../../shared/rules/billing/pending-changes';
import type { PlanEntity } from '../../../../shared/rules/plans';
import { ApiError } from '../../api/client';
import { useSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { rememberedPendingChanges, rememberPendingChanges } from './pending-changes-copy';
import { planCardAction } from './plan-choice';
import { PlanCard } from './PlanCard';
import { SelfHostedNotice } from './SelfHostedNotice';
import { confirmCardPayment, PaymentFailure } from './card-payment';
import { UpgradeDialog } from './UpgradeDialog';
import { useBillingConfig, usePendingChanges, usePlans, useSubscription, useSubscriptionActions, type Subscription } from './useBilling';

/** Spec 03 §4: active green, past_due yellow, anything else red. */
const statusColour = (status: Subscription['status']) => (status === 'active' ? 'success' : status === 'past_due' ? 'warning' : 'error');

interface Failure {
  title: string;
  error: unknown;
}

/** Subscription Management (spec 03 §2, §4; contract §20.2-§20.9). */
export function SubscriptionPage() {
  const config = useBillingConfig();
  const plans = usePlans();
  const [awaitingPlan, setAwaitingPlan] = useState<string | undefined>();
  const subscriptionRead = useSubscription(awaitingPlan);
  const pendingRead = usePendingChanges();
  const actions = useSubscriptionActions();
  const { notify, snackbar } = useNotifier();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  const [upgradeTo, setUpgradeTo] = useState<PlanEntity | undefined>();
  const [confirmCancel, setConfirmCancel] = useState(false);

  const selfHosted = config.data?.data.mode === 'self_hosted';
  const subscription = subscriptionRead.data?.data ?? null;
  if (awaitingPlan && subscription?.plan.id === awaitingPlan) setAwaitingPlan(undefined);
  const userId = useSession().user?.id;
  const loadError = subscriptionRead.error ?? pendingRead.error ?? plans.error;
  // Spec 03 §4: the server's answer replaces the browser's copy; the copy stands in when loading fails.
  useEffect(() => {
    if (userId && pendingRead.data) rememberPendingChanges(localStorage, userId, pendingRead.data.data);
  }, [userId, pendingRead.data]);
  const pending = effectivePendingChange((loadError && userId ? rememberedPendingChanges(localStorage, userId) : undefined) ?? pendingRead.data?.data ?? {});

  async function run(title: string, work: () => Promise<void>) {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof PaymentFailure ? { title: error.message, error: undefined } : { title, error });
    } finally {
      setBusy(false);
    }
  }

  function select(plan: PlanEntity) {
    const action = planCardAction(plan, subscription?.plan, pending);
    if (action === 'upgrade') {
      const blocked = blockedChange('upgrade', pending);
      if (blocked) setFailure({ title: blocked, error: undefined });
      else setUpgradeTo(plan);
      return;
    }
    if (action !== 'downgrade' || !subscription) return;
    const blocked = blockedChange('downgrade', pending);
    if (blocked) return setFailure({ title: blocked, error: undefined });
    void run('Failed to process downgrade', async () => {
      const { effectiveDate } = await actions.downgrade(plan.id, subscription.id);
      if (!effectiveDate) throw new Error('Invalid response from server');
      notify(selfHosted ? `Your plan is now ${plan.name}` : `Downgrade to ${plan.name} scheduled for ${formatDate(effectiveDate)}`);
    });
  }

  /**
   * Spec 03 §4 "Upgrade": the upgrade call, then, when Stripe wants the payment confirmed, the card
   * payment with the chosen card. The plan changes when Stripe's webhook reports the payment, so
   * the subscription is re-read until it shows the new plan.
   */
  const upgrade = (paymentMethodId: string | undefined) =>
    run('Failed to upgrade plan', async () => {
      if (!upgradeTo) return;
      try {
        const result = await actions.upgrade(upgradeTo.id, paymentMethodId);
        if (result.clientSecret && paymentMethodId) await confirmCardPayment(config.data?.data.publishableKey, result.clientSecret, paymentMethodId);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'PAYMENT_FAILED') throw new PaymentFailure(error.message);
        throw error;
      }
      await actions.reload();
      if (!selfHosted) setAwaitingPlan(upgradeTo.id);
      notify(`Your plan is now ${upgradeTo.name}`);
      setUpgradeTo(undefined);
    });

  const cancel = () =>
    run('Failed to cancel subscription', async () => {
      if (!subscription) return;
      setConfirmCancel(false);
      const { effectiveDate } = await actions.cancel(subscription.id);
      notify(selfHosted ? 'Your subscription has ended' : `Your subscription ends on ${formatDate(effectiveDate ?? subscription.current_period_end)}`);
    });

  const cancelBlocked = !subscription || busy || Boolean(pending.cancellation) || Boolean(pending.downgrade);

  return (
    <Box>
      <PageHeader title="Subscription Management" />
      {selfHosted && <SelfHostedNotice />}
      {loadError && <ErrorAlert title="Failed to load subscription data" error={loadError} sx={{ mb: 2 }} />}
      {awaitingPlan && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="awaiting-payment">
          Payment received. The new plan applies as soon as Stripe confirms it.
        </Alert>
      )}
      {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      {pending.cancellation && subscription && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void run('Failed to cancel cancellation request', async () => void (await actions.cancelCancellation(subscription.id)))}>
              Keep Subscription
            </Button>
          }
        >
          <strong>Subscription Cancellation Requested</strong> — service continues until {formatDate(pending.cancellation.effective_date)}.
        </Alert>
      )}
      {pending.downgrade && subscription && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void run('Failed to cancel downgrade', async () => void (await actions.cancelDowngrade(subscription.id)))}>
              Cancel Change
            </Button>
          }
        >
          <strong>Plan Downgrade Requested</strong> — {pending.downgrade.plan_name} from {formatDate(pending.downgrade.effective_date)}.
        </Alert>
      )}

      <Card variant="outlined" sx={{ mb: 3 }} data-testid="current-plan">
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          {subscriptionRead.isLoading ? (
            <Skeleton width={240} />
          ) : (
            <Box>
              <Typography variant="overline" color="text.secondary">
                Current plan
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="h6">{subscription?.plan.name ?? 'Free Trial'}</Typography>
                {subscription && <Chip size="small" color={statusColour(subscription.status)} label={subscription.status.replace('_', ' ')} />}
              </Box>
              {subscription && (
                <Typography color="text.secondary">
                  Billing period {formatDate(subscription.current_period_start)} – {formatDate(subscription.current_period_end)}
                </Typography>
              )}
            </Box>
          )}
          {subscription && (
            <Button color="error" variant="outlined" disabled={cancelBlocked} onClick={() => setConfirmCancel(true)}>
              Cancel Subscription
            </Button>
          )}
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {(plans.data?.data ?? []).map((plan) => (
          <PlanCard key={plan.id} plan={plan} action={planCardAction(plan, subscription?.plan, pending)} busy={busy} onSelect={() => select(plan)} />
        ))}
      </Box>

      <UpgradeDialog
        key={upgradeTo?.id ?? 'closed'}
        plan={upgradeTo}
        subscription={subscription}
        selfHosted={selfHosted}
        publishableKey={config.data?.data.publishableKey}
        busy={busy}
        onConfirm={(paymentMethodId) => void upgrade(paymentMethodId)}
        onClose={() => setUpgradeTo(undefined)}
      />
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel Subscription"
        message={
          selfHosted
            ? 'Your organization returns to the Free Trial limits at once. Nothing is deleted.'
            : 'Service continues until the end of the billing period; your data is kept for at least 30 days after.'
        }
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        destructive
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirmCancel(false)}
      />
      {snackbar}
    </Box>
  );
}
