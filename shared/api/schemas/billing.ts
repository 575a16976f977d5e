import { z } from 'zod';

/** Contract §20's request bodies and their texts. */
export const BILLING_MESSAGES = {
  planRequired: 'Plan is required',
  paymentMethodRequired: 'Please select a payment method',
  paymentMethodIdRequired: 'Payment method ID is required',
  notAnUpgrade: 'Selected plan is not an upgrade',
  notADowngrade: 'Selected plan is not a downgrade',
  planNotFound: 'Plan not found',
  paymentMethodNotFound: 'Payment method not found',
  noActiveSubscription: 'No active subscription found',
  invoiceNotFound: 'Invoice not found',
  paymentsNotConfigured: 'Payments are not configured on this server (self-hosted mode)',
  cardholderRequired: 'Cardholder name is required',
  streetRequired: 'Street address is required',
  nameRequired: 'Name is required',
  line1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeRequired: 'Postal code is required',
  phoneInvalid: 'Phone number is invalid',
} as const;

/** §20.12: the countries a card's or the organization's billing address may be in. */
export const BILLING_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'NZ'] as const;
export const COUNTRY_MESSAGE = `Country must be one of ${BILLING_COUNTRIES.join(', ')}`;

/** Ids of Stripe objects and plans: opaque, at most 64 characters (§1.6); a longer one finds nothing. */
const objectId = z.string().trim().max(255);
const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(255, message);
const optionalText = z.string().trim().max(255).optional();
const country = z.string({ error: COUNTRY_MESSAGE }).trim().toUpperCase().pipe(z.enum(BILLING_COUNTRIES, { error: COUNTRY_MESSAGE }));

export const upgradeRequestSchema = z.object({
  planId: required(BILLING_MESSAGES.planRequired),
  paymentMethodId: objectId.optional(),
});

export const downgradeRequestSchema = z.object({
  planId: required(BILLING_MESSAGES.planRequired),
  subscriptionId: objectId.optional(),
});

/** cancel, cancel-downgrade and cancel-cancellation name the subscription they act on. */
export const subscriptionActionRequestSchema = z.object({ subscriptionId: objectId.optional() });

export const addPaymentMethodRequestSchema = z.object({
  paymentMethodId: required(BILLING_MESSAGES.paymentMethodIdRequired),
  setAsDefault: z.boolean().optional(),
  userId: z.unknown().optional(),
});

export const setDefaultPaymentMethodRequestSchema = z.object({ paymentMethodId: required(BILLING_MESSAGES.paymentMethodIdRequired) });

export const updatePaymentMethodRequestSchema = z.object({
  billing_details: z.object(
    {
      name: required(BILLING_MESSAGES.cardholderRequired),
      address: z.object(
        {
          line1: required(BILLING_MESSAGES.streetRequired),
          line2: optionalText.nullable(),
          city: required(BILLING_MESSAGES.cityRequired),
          state: required(BILLING_MESSAGES.stateRequired),
          postal_code: required(BILLING_MESSAGES.postalCodeRequired),
          country,
        },
        { error: BILLING_MESSAGES.streetRequired },
      ),
    },
    { error: BILLING_MESSAGES.cardholderRequired },
  ),
});

export const billingAddressRequestSchema = z.object({
  name: required(BILLING_MESSAGES.nameRequired),
  line1: required(BILLING_MESSAGES.line1Required),
  line2: optionalText.nullable(),
  city: required(BILLING_MESSAGES.cityRequired),
  state: required(BILLING_MESSAGES.stateRequired),
  postal_code: required(BILLING_MESSAGES.postalCodeRequired),
  country,
  phone: z
    .string({ error: BILLING_MESSAGES.phoneInvalid })
    .trim()
    .max(32, BILLING_MESSAGES.phoneInvalid)
    .regex(/^[0-9 +\-()]*$/, BILLING_MESSAGES.phoneInvalid)
    .nullable()
    .optional(),
});

export const invoiceListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a positive integer' }).int('limit must be a positive integer').min(1, 'limit must be a positive integer').optional(),
  starting_after: objectId.optional(),
});

export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;
export type DowngradeRequest = z.infer<typeof downgradeRequestSchema>;
