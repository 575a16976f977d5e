import { describe, expect, it } from 'vitest';
import { parseNewOrganization, parseOrganizationChanges, parseSystemInvite, restrictedChanges } from './organization-input';
import type { OrganizationRecord } from './organization-repository';

const valid = { name: ' Acme ', domain: 'Acme.com', adminEmail: 'Boss@Acme.com', adminFullName: ' Bo Ss ', adminPassword: 'long-enough' };
const messages = (body: unknown) => parseNewOrganization(body).problems.map((problem) => problem.message);

const organization = (overrides: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: 'org_1',
  name: 'Acme',
  domain: 'acme.com',
  status: 'active',
  type: 'business',
  is_system_org: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('a new organization (§6.2)', () => {
  it('normalizes a valid body and defaults the provider and type', () => {
    expect(parseNewOrganization(valid)).toEqual({
      value: { name: 'Acme', domain: 'acme.com', type: 'business', adminEmail: 'boss@acme.com', adminFullName: 'Bo Ss', adminPassword: 'long-enough', cloudProvider: 'aws' },
      problems: [],
    });
  });

  it('reports every missing field in the contract order', () => {
    expect(messages({})).toEqual(['Name is required', 'Domain is required', 'Admin full name is required', 'Admin email is required', 'Admin password is required']);
  });

  it('reports bad values in the contract order', () => {
    expect(messages({ name: 'x'.repeat(256), domain: 'not a domain', adminFullName: 'A', adminEmail: 'nope', adminPassword: 'short', cloudProvider: 'gcp', type: 'charity' })).toEqual([
      'Name must be at most 255 characters',
      'Domain must be a valid domain name',
      'Please enter a valid email address',
      'Password must be at least 8 characters long',
      'Unsupported cloud provider: gcp',
      'Type must be one of consumer, business',
    ]);
  });

  it('keeps the admin on the domain unless the organization is consumer', () => {
    expect(messages({ ...valid, adminEmail: 'boss@elsewhere.com' })).toEqual(['Admin email must be from the acme.com domain']);
    expect(parseNewOrganization({ ...valid, adminEmail: 'boss@elsewhere.com', type: 'consumer' }).value?.type).toBe('consumer');
    expect(parseNewOrganization({ ...valid, domain: 'consumer-club.com', adminEmail: 'me@gmail.com' }).value?.type).toBe('consumer');
  });

  it('reads a capitalized provider as itself and names the value sent', () => {
    expect(parseNewOrganization({ ...valid, cloudProvider: 'AWS' }).value?.cloudProvider).toBe('aws');
    expect(messages({ ...valid, cloudProvider: 'azure' })).toEqual(['Unsupported cloud provider: azure']);
  });
});

describe('organization changes (§6.4)', () => {
  it('lists only the restricted fields whose value would change', () => {
    const current = organization();
    expect(restrictedChanges({ name: 'New', domain: 'ACME.com', status: 'active', type: 'business' }, current)).toEqual([]);
    expect(restrictedChanges({ domain: 'other.com', status: 'inactive', type: 'consumer' }, current)).toEqual(['domain', 'status', 'type']);
    expect(restrictedChanges({ status: null }, current)).toEqual(['status']);
  });

  it('validates each sent field and leaves the rest alone', () => {
    expect(parseOrganizationChanges({ name: ' Renamed ' }, organization())).toEqual({ changes: { name: 'Renamed' }, problems: [] });
    expect(parseOrganizationChanges({ name: '', domain: 'bad', status: 'gone', type: 'x' }, organization()).problems.map((problem) => problem.message)).toEqual([
      'Name is required',
      'Domain must be a valid domain name',
      'Status must be one of active, inactive, suspended',
      'Type must be one of consumer, business',
    ]);
  });

  it('never deactivates the system organization', () => {
    for (const status of ['inactive', 'suspended']) {
      expect(parseOrganizationChanges({ status }, organization({ is_system_org: true })).problems).toEqual([{ field: 'status', message: 'The system organization cannot be deactivated' }]);
    }
    expect(parseOrganizationChanges({ status: 'active' }, organization({ is_system_org: true })).problems).toEqual([]);
  });
});

describe('a system invitation (§6.7)', () => {
  it('uses its own wording and defaults the role to user', () => {
    expect(parseSystemInvite({ email: ' New@Acme.com ', fullName: ' N ' })).toEqual({ value: { email: 'new@acme.com', fullName: 'N', role: 'user' }, problems: [] });
    expect(parseSystemInvite({ role: 'rag_user' }).problems.map((problem) => problem.message)).toEqual([
      'Please enter a valid email address',
      'Please enter a full name',
      'Role must be user or admin',
    ]);
    expect(parseSystemInvite({ email: 'a@acme.com', fullName: 'A', role: 'ADMIN' }).value?.role).toBe('admin');
  });
});
