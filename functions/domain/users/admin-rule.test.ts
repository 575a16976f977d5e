import { describe, expect, it } from 'vitest';
import { countsAsAdmin, keepsAnActiveAdmin } from './admin-rule';

const org = { is_system_org: false };
const systemOrg = { is_system_org: true };
const admin = { id: 'a', role: 'admin' as const, status: 'active' as const };
const otherAdmin = { id: 'b', role: 'admin' as const, status: 'active' as const };
const inactiveAdmin = { id: 'c', role: 'admin' as const, status: 'inactive' as const };
const user = { id: 'd', role: 'user' as const, status: 'active' as const };

describe('countsAsAdmin', () => {
  it('counts system_admin only inside the system organization', () => {
    expect(countsAsAdmin({ role: 'admin' }, org)).toBe(true);
    expect(countsAsAdmin({ role: 'system_admin' }, systemOrg)).toBe(true);
    expect(countsAsAdmin({ role: 'system_admin' }, org)).toBe(false);
    expect(countsAsAdmin({ role: 'user' }, systemOrg)).toBe(false);
    expect(countsAsAdmin({ role: 'rag_user' }, org)).toBe(false);
  });
});

describe('keepsAnActiveAdmin', () => {
  it('refuses to demote, deactivate or delete the last active admin', () => {
    const users = [admin, inactiveAdmin, user];
    expect(keepsAnActiveAdmin(users, org, admin, { role: 'user', status: 'active' })).toBe(false);
    expect(keepsAnActiveAdmin(users, org, admin, { role: 'admin', status: 'inactive' })).toBe(false);
    expect(keepsAnActiveAdmin(users, org, admin, undefined)).toBe(false);
  });

  it('allows it when another active admin remains', () => {
    const users = [admin, otherAdmin];
    expect(keepsAnActiveAdmin(users, org, admin, { role: 'user', status: 'active' })).toBe(true);
    expect(keepsAnActiveAdmin(users, org, admin, undefined)).toBe(true);
  });

  it('ignores changes that keep the target an active admin, and targets that are not one', () => {
    expect(keepsAnActiveAdmin([admin], org, admin, { role: 'admin', status: 'active' })).toBe(true);
    expect(keepsAnActiveAdmin([admin, user], org, user, undefined)).toBe(true);
    expect(keepsAnActiveAdmin([inactiveAdmin], org, inactiveAdmin, undefined)).toBe(true);
  });

  it('counts the system admin as an admin of the system organization', () => {
    const systemAdmin = { id: 's', role: 'system_admin' as const, status: 'active' as const };
    expect(keepsAnActiveAdmin([systemAdmin, admin], systemOrg, admin, { role: 'user', status: 'active' })).toBe(true);
    expect(keepsAnActiveAdmin([systemAdmin, admin], org, admin, { role: 'user', status: 'active' })).toBe(false);
  });
});
