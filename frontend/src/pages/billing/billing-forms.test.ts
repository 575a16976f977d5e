import { describe, expect, it } from 'vitest';
import { COUNTRY_MESSAGE } from '../../../../shared/api/schemas/billing';
import { cardOwnerName, cardOwnerOnly, ownsCard } from '../../../../shared/rules/billing/card-ownership';
import { addressBodyOf, addressErrors, billingDetailsOf, cardholderErrors, COUNTRIES, emptyAddress, emptyCardholder, invoiceAmount } from './billing-forms';

const filled = { ...emptyCardholder('Ada Lovelace'), line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' };

describe('card form (spec 03 §5)', () => {
  it('offers the eighteen countries with US first and as the default', () => {
    expect(COUNTRIES).toEqual(['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'NZ']);
    expect(emptyCardholder().country).toBe('US');
  });

  it('requires cardholder, street, city, state and postal code with the contract texts; line 2 is optional', () => {
    expect(cardholderErrors(emptyCardholder())).toEqual({
      name: 'Cardholder name is required',
      line1: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'Postal code is required',
    });
    expect(cardholderErrors(filled)).toEqual({});
    expect(cardholderErrors({ ...filled, country: 'XX' })).toEqual({ country: COUNTRY_MESSAGE });
  });

  it("sends Stripe's billing_details without an empty line 2", () => {
    expect(billingDetailsOf({ ...filled, name: ' Ada Lovelace ' })).toEqual({
      name: 'Ada Lovelace',
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
    });
  });
});

describe('billing address form (spec 03 §5)', () => {
  it('requires name, line 1, city, state and postal code; phone is optional but checked', () => {
    expect(Object.keys(addressErrors(emptyAddress())).sort()).toEqual(['city', 'line1', 'name', 'postal_code', 'state']);
    expect(addressErrors(emptyAddress()).name).toBe('Name is required');
    expect(addressErrors(emptyAddress()).line1).toBe('Address line 1 is required');
    const address = { ...filled, phone: '' };
    expect(addressErrors(address)).toEqual({});
    expect(addressErrors({ ...address, phone: 'call me' })).toEqual({ phone: 'Phone number is invalid' });
    expect(addressBodyOf({ ...address, phone: '+1 (555) 010-0000' })).toEqual({ name: 'Ada Lovelace', line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', phone: '+1 (555) 010-0000' });
  });
});

describe('card ownership (contract §20)', () => {
  const actor = { userId: 'u-1', name: 'Ada Lovelace' };
  it('is the adder by id, else the cardholder by name', () => {
    expect(ownsCard({ addedBy: { userId: 'u-1', name: 'Ada Lovelace' } }, actor)).toBe(true);
    expect(ownsCard({ addedBy: { userId: 'u-2', name: 'Ada Lovelace' } }, actor)).toBe(false);
    expect(ownsCard({ addedBy: { name: '' }, billing_details: { name: 'Ada Lovelace' } }, actor)).toBe(true);
    expect(ownsCard({ addedBy: { name: '' }, billing_details: { name: 'Grace Hopper' } }, actor)).toBe(false);
  });

  it("names the owner in the 403's words", () => {
    expect(cardOwnerOnly(cardOwnerName({ addedBy: { userId: 'u-2', name: 'Grace Hopper' } }))).toBe('Only Grace Hopper can modify this card');
    expect(cardOwnerName({ addedBy: { name: '' }, billing_details: { name: 'Alan Turing' } })).toBe('Alan Turing');
  });
});

describe('invoice amounts (spec 03 §9)', () => {
  it('are cents shown as dollars', () => {
    expect(invoiceAmount(79900)).toBe('$799.00');
    expect(invoiceAmount(5)).toBe('$0.05');
  });
});
