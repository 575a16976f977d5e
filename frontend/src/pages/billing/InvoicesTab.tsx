import { Box, Button, Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { invoiceAmount, invoiceDate } from './billing-forms';
import { useInvoices, usePaymentActions, type Invoice } from './useBilling';

const NO_DOWNLOAD_URL = 'No download URL available';
const STATUS_COLOUR: Record<string, 'success' | 'info' | 'default' | 'error'> = { paid: 'success', open: 'info', uncollectible: 'error', void: 'default', draft: 'default' };

/**
 * Invoices (spec 03 §2, contract §20.17, §20.19): newest first, a page at a time through Stripe's
 * cursor; Download opens the PDF, or Stripe's hosted invoice when there is no PDF.
 */
export function InvoicesTab() {
  // The invoice each page starts after; the first page starts at the newest.
  const [cursors, setCursors] = useState<string[]>([]);
  const invoices = useInvoices(cursors.at(-1));
  const actions = usePaymentActions();
  const [failure, setFailure] = useState<{ title: string; error?: unknown } | undefined>();
  const page = invoices.data?.data;
  const rows = page?.data ?? [];

  async function download(invoice: Invoice) {
    setFailure(undefined);
    // Opened now, while the click still counts as the user's, so no pop-up blocker stops it.
    const tab = window.open('', '_blank');
    // The invoice page gets no handle on this one.
    if (tab) tab.opener = null;
    try {
      const url = await actions.downloadUrl(invoice.id).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404 && error.message === NO_DOWNLOAD_URL && invoice.hosted_invoice_url) return invoice.hosted_invoice_url;
        throw error;
      });
      if (!url) throw new Error(NO_DOWNLOAD_URL);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      setFailure(error instanceof Error && error.message === NO_DOWNLOAD_URL ? { title: NO_DOWNLOAD_URL } : { title: 'Failed to download invoice', error });
    }
  }

  return (
    <Box>
      {invoices.error && <ErrorAlert title="Failed to load invoices" error={invoices.error} sx={{ mb: 2 }} />}
      {failure && <ErrorAlert title={failure.title} error={failure.error} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      {invoices.isLoading && <Skeleton height={160} />}
      {!invoices.isLoading && !invoices.error && rows.length === 0 && cursors.length === 0 && (
        <Typography color="text.secondary" data-testid="billing-empty">
          No invoices available
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" data-testid="invoices-table">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Period</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invoice) => (
                <TableRow key={invoice.id} data-testid={`invoice-${invoice.id}`}>
                  <TableCell>{invoice.number ?? invoice.id}</TableCell>
                  <TableCell>{invoiceDate(invoice.created)}</TableCell>
                  <TableCell>
                    {invoiceDate(invoice.period_start)} – {invoiceDate(invoice.period_end)}
                  </TableCell>
                  <TableCell align="right">{invoiceAmount(invoice.amount_due, invoice.currency)}</TableCell>
                  <TableCell>{invoice.status && <Chip size="small" color={STATUS_COLOUR[invoice.status] ?? 'default'} label={invoice.status} />}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => void download(invoice)}>
                      Download
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(cursors.length > 0 || page?.has_more) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Page {cursors.length + 1}
          </Typography>
          <Button size="small" disabled={cursors.length === 0} onClick={() => setCursors((previous) => previous.slice(0, -1))}>
            Previous
          </Button>
          <Button size="small" disabled={!page?.has_more || rows.length === 0} onClick={() => setCursors((previous) => [...previous, rows[rows.length - 1]!.id])}>
            Next
          </Button>
        </Box>
      )}
    </Box>
  );
}
