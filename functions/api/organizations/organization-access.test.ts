import { describe, expect, it } from 'vitest';
import { restrictedChanges } from './organization-access';

describe('the fields only a system administrator changes (§6.4)', () => {
  const current = { domain: 'acme.com', status: 'active', type: 'business' } as const;

  it('lists only the restricted fields whose value would change', () => {
    expect(restrictedChanges({ name: 'New', domain: 'ACME.com', status: 'active', type: 'business' }, current)).toEqual([]);
    expect(restrictedChanges({ domain: 'other.com', status: 'inactive', type: 'consumer' }, current)).toEqual(['domain', 'status', 'type']);
    expect(restrictedChanges({ status: null }, current)).toEqual(['status']);
    expect(restrictedChanges({ type: ' Business ' }, current)).toEqual([]);
  });

  it('finds nothing in a body that is no object', () => {
    for (const body of [null, undefined, [], 'text']) expect(restrictedChanges(body, current)).toEqual([]);
  });
});
