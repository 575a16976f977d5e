import { describe, expect, it } from 'vitest';
import { isRoleAllowed, satisfiesRoleWord, type Role } from './roles';

describe('role words (§1.3)', () => {
  it('lets the system organization\'s system_admin pass admin and member, as that organization\'s admin (§25 item 29)', () => {
    const systemAdmin = { role: 'system_admin' as Role, isSystemOrg: true };
    expect(satisfiesRoleWord('admin', systemAdmin)).toBe(true);
    expect(satisfiesRoleWord('member', systemAdmin)).toBe(true);
    expect(isRoleAllowed(['member'], systemAdmin)).toBe(true);
  });

  it('gives a system_admin outside the system organization no admin or member rights there', () => {
    const elsewhere = { role: 'system_admin' as Role, isSystemOrg: false };
    expect(satisfiesRoleWord('admin', elsewhere)).toBe(false);
    expect(satisfiesRoleWord('member', elsewhere)).toBe(false);
    expect(satisfiesRoleWord('system_admin', elsewhere)).toBe(true);
  });

  it('keeps rag_user out of member and admin, wherever it is', () => {
    for (const isSystemOrg of [true, false]) {
      expect(satisfiesRoleWord('member', { role: 'rag_user', isSystemOrg })).toBe(false);
      expect(satisfiesRoleWord('admin', { role: 'rag_user', isSystemOrg })).toBe(false);
    }
    expect(satisfiesRoleWord('member', { role: 'user', isSystemOrg: false })).toBe(true);
    expect(satisfiesRoleWord('admin', { role: 'user', isSystemOrg: false })).toBe(false);
  });
});
