import { describe, expect, it } from 'vitest';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { emailDomainProblem, isProviderEmailTaken, userPurgeMessage } from './user-lifecycle';
import type { UserRecord } from './user-repository';

const business = { type: 'business', domain: 'acme.com' } as Pick<OrganizationRecord, 'type' | 'domain'>;

describe('emailDomainProblem', () => {
  it('holds a business organization to its domain', () => {
    expect(emailDomainProblem(business, 'nia@acme.com')).toBeUndefined();
    expect(emailDomainProblem(business, ' Nia@ACME.com ')).toBeUndefined();
    expect(emailDomainProblem(business, 'nia@other.com')).toBe('Email must be from the acme.com domain');
    expect(emailDomainProblem(business, 'nia@sub.acme.com')).toBe('Email must be from the acme.com domain');
  });

  it('asks for support when a business organization has no domain', () => {
    expect(emailDomainProblem({ type: 'business', domain: '' }, 'nia@acme.com')).toBe('Unable to determine organization domain. Please contact support.');
  });

  it('lets consumer organizations invite any address', () => {
    expect(emailDomainProblem({ type: 'consumer', domain: 'people.example' }, 'nia@gmail.com')).toBeUndefined();
    expect(emailDomainProblem({ type: 'business', domain: 'consumer.example' }, 'nia@gmail.com')).toBeUndefined();
  });
});

describe('userPurgeMessage', () => {
  it('is the §23.1 source.purge envelope for the user', () => {
    const message = userPurgeMessage({ id: 'usr_1', organization_id: 'org_1' } as UserRecord, 'usr_admin');
    expect(message).toMatchObject({
      type: 'source.purge',
      version: 1,
      organizationId: 'org_1',
      requestedBy: 'usr_admin',
      payload: { sourceKind: 'user', sourceId: 'usr_1', knowledgeBaseIds: [] },
    });
    expect(message.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(message.createdAt)).not.toBeNaN();
  });
});

describe('isProviderEmailTaken', () => {
  it('recognizes both adapters\' duplicate errors', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(isProviderEmailTaken(named('DuplicateEmailError'))).toBe(true);
    expect(isProviderEmailTaken(named('UsernameExistsException'))).toBe(true);
    expect(isProviderEmailTaken(named('Error'))).toBe(false);
    expect(isProviderEmailTaken('nope')).toBe(false);
  });
});
