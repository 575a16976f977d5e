import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { cardOwnerName, cardOwnerOnly, ownsCard } from '../../../../shared/rules/billing/card-ownership';
import { useOptionalSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AddCardDialog } from './AddCardDialog';
import { EditCardDialog } from './EditCardDialog';
import { usePaymentActions, usePaymentMethods, type PaymentMethod } from './useBilling';

interface Failure {
  title: string;
  error?: unknown;
}

const brandName = (brand: string) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
const expiry = (method: PaymentMethod) => `${String(method.card.exp_month).padStart(2, '0')}/${method.card.exp_year}`;

interface PaymentMethodsTabProps {
  /** Stripe mode's key; absent in self-hosted mode, where cards cannot be added. */
  publishableKey: string | undefined;
  selfHosted: boolean;
  notify: (message: string) => void;
}

/**
 * Payment Methods (spec 03 §2, §4): the organization's cards, default first. Only the person who added
 * a card may edit or delete it, and anyone else reads who can; any admin may make a card the default.
 */
export function PaymentMethodsTab({ publishableKey, selfHosted, notify }: PaymentMethodsTabProps) {
  const methods = usePaymentMethods();
  const actions = usePaymentActions();
  const session = useOptionalSession();
  const user = session?.user;
  const [failure, setFailure] = useState<Failure | undefined>();
  const [busyId, setBusyId] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PaymentMethod | undefined>();
  const [deleting, setDeleting] = useState<PaymentMethod | undefined>();

  const admin = user ? satisfiesRoleWord('admin', { role: user.role, isSystemOrg: user.isSystemOrg }) : false;
  const owns = (method: PaymentMethod) => (user ? ownsCard(method, { userId: user.id, name: user.fullName }) : false);

  async function run(id: string, title: string, work: () => Promise<unknown>, success: string) {
    setBusyId(id);
    setFailure(undefined);
    try {
      await work();
      notify(success);
    } catch (error) {
      setFailure({ title, error });
    } finally {
      setBusyId(undefined);
    }
  }

  const list = methods.data?.data ?? [];
  return (
    <Box>
      {methods.error && <ErrorAlert title="Failed to load payment methods" error={methods.error} sx={{ mb: 2 }} />}
      {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" disabled={selfHosted || !publishableKey} onClick={() => setAdding(true)}>
          Add Payment Method
        </Button>
      </Box>
      {methods.isLoading && <Skeleton height={96} />}
      {!methods.isLoading && !methods.error && list.length === 0 && (
        <Typography color="text.secondary" data-testid="billing-empty">
          No payment methods added yet
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {list.map((method) => {
          const owner = owns(method);
          const busy = busyId === method.id;
          return (
            <Card key={method.id} variant="outlined" data-testid={`payment-method-${method.card.last4}`}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <CreditCardIcon color="action" />
                <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {brandName(method.card.brand)} •••• {method.card.last4}
                    </Typography>
                    {method.isDefault && <Chip size="small" color="primary" label="Default" data-testid="default-chip" />}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    Expires {expiry(method)} · {method.billing_details.name || 'No cardholder name'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Added by {method.addedBy.name || 'unknown'}
                    {(admin || owner) && method.addedBy.email ? ` (${method.addedBy.email})` : ''}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  {!method.isDefault && (admin || owner) && (
                    <Button size="small" disabled={busy} onClick={() => void run(method.id, 'Failed to set default payment method', () => actions.setDefault(method.id), 'Default payment method updated')}>
                      Set as Default
                    </Button>
                  )}
                  {owner ? (
                    <>
                      <Button size="small" disabled={busy} onClick={() => setEditing(method)}>
                        Edit
                      </Button>
                      <Button size="small" color="error" disabled={busy} onClick={() => setDeleting(method)}>
                        Delete
                      </Button>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary" data-testid="card-owner-only">
                      {cardOwnerOnly(cardOwnerName(method))}
                    </Typography>
                  )}
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>

      {publishableKey && (
        <AddCardDialog
          open={adding}
          publishableKey={publishableKey}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify('Payment method added successfully');
          }}
        />
      )}
      {editing && (
        <EditCardDialog
          method={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            notify('Payment method updated successfully');
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete Payment Method"
        message="Are you sure you want to delete this payment method?"
        confirmLabel="Delete"
        destructive
        busy={Boolean(deleting && busyId === deleting.id)}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const method = deleting;
          setDeleting(undefined);
          if (method) void run(method.id, 'Failed to delete payment method', () => actions.remove(method.id), 'Payment method deleted successfully');
        }}
      />
    </Box>
  );
}
