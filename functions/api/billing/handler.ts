import { createFamilyHandler } from '../../http/family-handler';
import * as payments from './payment-routes';
import { getConfig, listPlans } from './plan-routes';
import * as subscription from './subscription-routes';
import { webhook } from './webhook-route';

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
