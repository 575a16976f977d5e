import {
  addPaymentMethodRequestSchema,
  BILLING_MESSAGES,
  billingAddressRequestSchema,
  invoiceListQuerySchema,
  setDefaultPaymentMethodRequestSchema,
  updatePaymentMethodRequestSchema,
} from '../../../shared/api/schemas/billing';
import { implement } from '../../http/api-types';
import { notFound } from '../../http/http-error';
import { paymentsNotConfigured, requireSelfHosted } from './billing-mode';
import { z } from 'zod';

/**
 * Payment methods, the billing address and invoices (§20.10-§20.19). Self-hosted, nobody pays:
 * reads answer empty, writes 409 with the contract's text, after the body is validated so a bad
 * request still learns what is wrong with it.
 */
const idParams = z.object({ id: z.string() });

export const listPaymentMethods = implement({
  async handle() {
    requireSelfHosted();
    return { status: 200, body: { data: [] } };
  },
});

export const addPaymentMethod = implement({
  body: addPaymentMethodRequestSchema,
  async handle() {
    requireSelfHosted();
    return paymentsNotConfigured();
  },
});

export const updatePaymentMethod = implement({
  params: idParams,
  body: updatePaymentMethodRequestSchema,
  async handle() {
    requireSelfHosted();
    return paymentsNotConfigured();
  },
});

export const deletePaymentMethod = implement({
  params: idParams,
  async handle() {
    requireSelfHosted();
    return paymentsNotConfigured();
  },
});

export const setDefaultPaymentMethod = implement({
  body: setDefaultPaymentMethodRequestSchema,
  async handle() {
    requireSelfHosted();
    return paymentsNotConfigured();
  },
});

export const getAddress = implement({
  async handle() {
    requireSelfHosted();
    return { status: 200, body: { data: null } };
  },
});

export const putAddress = implement({
  body: billingAddressRequestSchema,
  async handle() {
    requireSelfHosted();
    return paymentsNotConfigured();
  },
});

export const listInvoices = implement({
  query: invoiceListQuerySchema,
  async handle() {
    requireSelfHosted();
    return { status: 200, body: { data: { data: [], has_more: false } } };
  },
});

export const upcomingInvoice = implement({
  async handle() {
    requireSelfHosted();
    return { status: 200, body: { data: null } };
  },
});

/** No invoice exists without a provider. */
export const downloadInvoice = implement({
  params: idParams,
  async handle() {
    requireSelfHosted();
    throw notFound(BILLING_MESSAGES.invoiceNotFound);
  },
});
