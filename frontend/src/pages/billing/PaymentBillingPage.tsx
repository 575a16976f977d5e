import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { SelfHostedNotice } from './SelfHostedNotice';
import { useBillingConfig } from './useBilling';

const TABS = ['Payment Methods', 'Billing Address', 'Invoices'] as const;
const EMPTY: Record<(typeof TABS)[number], string> = {
  'Payment Methods': 'No payment methods added yet',
  'Billing Address': 'No billing address on file.',
  Invoices: 'No invoices available',
};

/**
 * Payment & Billing (spec 03 §2). Self-hosted nobody pays, so the tabs say so and stay empty;
 * Stripe mode's card, address and invoice screens arrive with the Stripe adapter.
 */
export function PaymentBillingPage() {
  const config = useBillingConfig();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Payment Methods');
  const selfHosted = config.data?.data.mode === 'self_hosted';
  return (
    <Box>
      <PageHeader title="Payment & Billing" />
      {selfHosted && <SelfHostedNotice />}
      {config.data && !selfHosted && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Stripe payments are configured on the server, but this release does not manage cards, addresses or invoices yet.
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, value: (typeof TABS)[number]) => setTab(value)} variant="scrollable" sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      <Typography color="text.secondary" data-testid="billing-empty">
        {EMPTY[tab]}
      </Typography>
    </Box>
  );
}
