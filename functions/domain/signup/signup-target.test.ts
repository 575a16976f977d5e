import { describe, expect, it } from 'vitest';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { chooseSignupTarget, pickDefaultConsumer } from './signup-target';

function organization(overrides: Partial<OrganizationRecord> & { id: string }): OrganizationRecord {
  return { name: overrides.id, domain: `${overrides.id}.example.com`, status: 'active', type: 'business', is_system_org: false, createdAt: '', updatedAt: '', ...overrides };
}

const acme = organization({ id: 'acme', authSettings: { allowSelfSignup: true } });
const closed = organization({ id: 'closed' });
const consumer = organization({ id: 'people', type: 'consumer' });

describe('sign-up target (contract §4.2)', () => {
  it('joins the domain organization when it allows self sign-up', () => {
    expect(chooseSignupTarget(acme, consumer)).toEqual({ kind: 'organization', organization: acme });
  });

  it('refuses as "disabled" when the domain organization takes no sign-ups, whatever the consumer organization allows', () => {
    expect(chooseSignupTarget(closed, consumer)).toEqual({ kind: 'refused', reason: 'disabled' });
    expect(chooseSignupTarget({ ...acme, status: 'suspended' }, consumer)).toEqual({ kind: 'refused', reason: 'disabled' });
    expect(chooseSignupTarget({ ...acme, is_system_org: true }, consumer)).toEqual({ kind: 'refused', reason: 'disabled' });
  });

  it('falls back to the default consumer organization, which allows sign-up by default', () => {
    expect(chooseSignupTarget(undefined, consumer)).toEqual({ kind: 'organization', organization: consumer });
  });

  it('refuses as "unavailable" without a consumer organization that takes sign-ups', () => {
    expect(chooseSignupTarget(undefined, undefined)).toEqual({ kind: 'refused', reason: 'unavailable' });
    expect(chooseSignupTarget(undefined, { ...consumer, authSettings: { allowSelfSignup: false } })).toEqual({ kind: 'refused', reason: 'unavailable' });
    expect(chooseSignupTarget(undefined, { ...consumer, status: 'inactive' })).toEqual({ kind: 'refused', reason: 'unavailable' });
  });

  it('picks the configured default consumer organization, else the oldest active consumer one', () => {
    const inactive = organization({ id: 'old', type: 'consumer', status: 'inactive' });
    const byDomain = organization({ id: 'shop', domain: 'consumer.shop.example.com' });
    const system = organization({ id: 'system', type: 'consumer', is_system_org: true });
    const ordered = [system, inactive, acme, byDomain, consumer];
    expect(pickDefaultConsumer(ordered, undefined)?.id).toBe('shop');
    expect(pickDefaultConsumer(ordered, 'people')?.id).toBe('people');
    expect(pickDefaultConsumer(ordered, 'unknown')?.id).toBe('shop');
    expect(pickDefaultConsumer([acme, closed], undefined)).toBeUndefined();
  });
});
