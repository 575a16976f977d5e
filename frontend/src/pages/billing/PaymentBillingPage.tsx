import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { BillingAddressTab } from './BillingAddressTab';
import { InvoicesTab } from './InvoicesTab';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { SelfHostedNotice } from './SelfHostedNotice';
import { useBillingConfig } from './useBilling';

const TABS = ['Payment Methods', 'Billing Address', 'Invoices'] as const;

/**
 * Payment & Billing (spec 03 §2). In Stripe mode the cards, the address and the invoices are the
 * organization's Stripe customer's; self-hosted nobody pays, so the tabs read empty and writes are off.
 */
export function PaymentBillingPage() {
  const config = useBillingConfig();
  const { notify, snackbar } = useNotifier();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Payment Methods');
  const selfHosted = config.data?.data.mode === 'self_hosted';
  return (
    <Box>
      <PageHeader title="Payment & Billing" />
      {selfHosted && <SelfHostedNotice />}
      <Tabs value={tab} onChange={(_, value: (typeof TABS)[number]) => setTab(value)} variant="scrollable" sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      {tab === 'Payment Methods' && <PaymentMethodsTab publishableKey={config.data?.data.publishableKey} selfHosted={selfHosted} notify={notify} />}
      {tab === 'Billing Address' && <BillingAddressTab selfHosted={selfHosted} notify={notify} />}
      {tab === 'Invoices' && <InvoicesTab />}
      {snackbar}
    </Box>
  );
}
