import { BILLING_COUNTRIES, billingAddressRequestSchema, updatePaymentMethodRequestSchema } from '../../../../shared/api/schemas/billing';

/**
 * The card form's cardholder details and the billing address form (spec 03 §5), judged by the
 * contract's own schemas (§20.12, §20.16) so the screen says exactly what the server would.
 */
export const COUNTRIES = BILLING_COUNTRIES;
export const DEFAULT_COUNTRY = 'US';

/** Country names for the select; the value sent is the code. */
export const COUNTRY_NAMES: Record<(typeof BILLING_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
  IT: 'Italy',
  ES: 'Spain',
  NL: 'Netherlands',
  BE: 'Belgium',
  AT: 'Austria',
  CH: 'Switzerland',
  SE: 'Sweden',
  NO: 'Norway',
  DK: 'Denmark',
  FI: 'Finland',
  IE: 'Ireland',
  NZ: 'New Zealand',
};

export interface CardholderValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export interface AddressValues extends CardholderValues {
  phone: string;
}

export const emptyCardholder = (name = ''): CardholderValues => ({ name, line1: '', line2: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY });
export const emptyAddress = (): AddressValues => ({ ...emptyCardholder(), phone: '' });

export type FieldErrors = Partial<Record<keyof AddressValues, string>>;

/** Stripe's and §20.12's `billing_details` of a card form. */
export function billingDetailsOf(values: CardholderValues) {
  const text = (value: string) => value.trim();
  return {
    name: text(values.name),
    address: {
      line1: text(values.line1),
      ...(text(values.line2) ? { line2: text(values.line2) } : {}),
      city: text(values.city),
      state: text(values.state),
      postal_code: text(values.postal_code),
      country: values.country,
    },
  };
}

/** §20.16's body; empty optional fields are left out. */
export function addressBodyOf(values: AddressValues) {
  const { address, name } = billingDetailsOf(values);
  return { name, ...address, ...(values.phone.trim() ? { phone: values.phone.trim() } : {}) };
}

function firstPerField(issues: readonly { path: PropertyKey[]; message: string }[], fieldOf: (path: PropertyKey[]) => keyof AddressValues | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function cardholderErrors(values: CardholderValues): FieldErrors {
  const result = updatePaymentMethodRequestSchema.safeParse({ billing_details: billingDetailsOf(values) });
  if (result.success) return {};
  return firstPerField(result.error.issues, (path) => {
    const last = path[path.length - 1];
    return typeof last === 'string' && last !== 'billing_details' && last !== 'address' ? (last as keyof AddressValues) : undefined;
  });
}

export function addressErrors(values: AddressValues): FieldErrors {
  const result = billingAddressRequestSchema.safeParse(addressBodyOf(values));
  if (result.success) return {};
  return firstPerField(result.error.issues, (path) => (typeof path[0] === 'string' ? (path[0] as keyof AddressValues) : undefined));
}

/** Spec 03 §9: invoice amounts are cents. */
export const invoiceAmount = (cents: number, currency = 'usd') => `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;

/** Spec 03 §9: invoice times are Unix seconds. */
export const invoiceDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
