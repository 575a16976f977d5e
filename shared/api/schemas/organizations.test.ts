import { describe, expect, it } from 'vitest';
import { parseCreateOrganizationRequest } from './organizations';

const valid = { name: ' Acme ', domain: 'Acme.com', adminEmail: 'Boss@Acme.com', adminFullName: ' Bo Ss ', adminPassword: 'long-enough' };
const messages = (body: unknown) => parseCreateOrganizationRequest(body).problems.map((problem) => problem.message);

describe('the create-organization body (§6.2), shared by the server and the web client', () => {
  it('normalizes a valid body and defaults the provider and type', () => {
    expect(parseCreateOrganizationRequest(valid)).toEqual({
      value: { name: 'Acme', domain: 'acme.com', type: 'business', adminEmail: 'boss@acme.com', adminFullName: 'Bo Ss', adminPassword: 'long-enough', cloudProvider: 'aws' },
      problems: [],
    });
  });

  it('reports every missing field in the contract order, whatever the body is', () => {
    const missing = ['Name is required', 'Domain is required', 'Admin full name is required', 'Admin email is required', 'Admin password is required'];
    for (const body of [{}, null, [], 'text']) expect(messages(body)).toEqual(missing);
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

  it('keeps the admin on the domain unless the organization is consumer, even when other fields fail', () => {
    expect(messages({ ...valid, adminEmail: 'boss@elsewhere.com' })).toEqual(['Admin email must be from the acme.com domain']);
    expect(messages({ ...valid, adminEmail: 'boss@elsewhere.com', type: 'charity', adminPassword: 'x' })).toEqual([
      'Admin email must be from the acme.com domain',
      'Password must be at least 8 characters long',
      'Type must be one of consumer, business',
    ]);
    expect(parseCreateOrganizationRequest({ ...valid, adminEmail: 'boss@elsewhere.com', type: 'consumer' }).value?.type).toBe('consumer');
    expect(parseCreateOrganizationRequest({ ...valid, domain: 'consumer-club.com', adminEmail: 'me@gmail.com' }).value?.type).toBe('consumer');
  });

  it('reads a capitalized provider as itself and names the value sent', () => {
    expect(parseCreateOrganizationRequest({ ...valid, cloudProvider: 'AWS' }).value?.cloudProvider).toBe('aws');
    expect(parseCreateOrganizationRequest({ ...valid, cloudProvider: null }).value?.cloudProvider).toBe('aws');
    expect(messages({ ...valid, cloudProvider: 'Azure' })).toEqual(['Unsupported cloud provider: Azure']);
  });

  it('reads values of the wrong type as missing', () => {
    expect(messages({ ...valid, name: 5, domain: 7, adminEmail: true, adminPassword: 12 })).toEqual([
      'Name is required',
      'Domain is required',
      'Admin email is required',
      'Admin password is required',
    ]);
  });
});
