import { MESSAGES } from '../../../shared/api/errors';
import { implement } from '../../http/api-types';
import { HttpError, notFound } from '../../http/http-error';
import { createFamilyHandler } from '../../http/family-handler';
import { billingMode } from './billing-mode';
import * as payments from './payment-routes';
import { getConfig, listPlans } from './plan-routes';
import * as subscription from './subscription-routes';

/** Self-hosted there is no Stripe to call us (§20 "Modes"); Stripe mode's receiver has not landed. */
const webhook = implement({
  async handle() {
    if (billingMode() === 'self_hosted') throw notFound(MESSAGES.routeNotFound);
    throw new HttpError('NOT_IMPLEMENTED', MESSAGES.notImplemented);
  },
});

/** Billing (contract §20). The role gate comes from the route table. */
export const handler = createFamilyHandler('billing', {
  'billing.config': getConfig,
  'billing.plans': listPlans,
  'billing.subscription': subscription.getSubscription,
  'billing.pendingChanges': subscription.getPendingChanges,
  'billing.upgrade': subscription.upgrade,
  'billing.downgrade': subscription.downgrade,
  'billing.cancel': subscription.cancel,
  'billing.cancelDowngrade': subscription.cancelDowngrade,
  'billing.cancelCancellation': subscription.cancelCancellation,
  'billing.listPaymentMethods': payments.listPaymentMethods,
  'billing.addPaymentMethod': payments.addPaymentMethod,
  'billing.updatePaymentMethod': payments.updatePaymentMethod,
  'billing.deletePaymentMethod': payments.deletePaymentMethod,
  'billing.setDefaultPaymentMethod': payments.setDefaultPaymentMethod,
  'billing.getAddress': payments.getAddress,
  'billing.putAddress': payments.putAddress,
  'billing.invoices': payments.listInvoices,
  'billing.upcomingInvoice': payments.upcomingInvoice,
  'billing.downloadInvoice': payments.downloadInvoice,
  'billing.webhook': webhook,
});
