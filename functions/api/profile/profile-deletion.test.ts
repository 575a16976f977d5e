import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../domain/users/user-repository';
import { selfDeletionConflict } from './profile-deletion';

function user(id: string, role: UserRecord['role'], status: UserRecord['status'] = 'active'): UserRecord {
  return { id, organization_id: 'org', email: `${id}@x.example.com`, full_name: id, role, status, auth_providers: ['password'], force_password_change: false, invitation_pending: false, created_at: '', updated_at: '' };
}

describe('deleting one\'s own account (contract §5.3)', () => {
  it('refuses the last active admin of an organization', () => {
    const admin = user('a', 'admin');
    expect(selfDeletionConflict(admin, [admin, user('u', 'user'), user('b', 'admin', 'inactive')])).toBe(
      'You are the last admin of your organization. Assign another admin before deleting your account.',
    );
    expect(selfDeletionConflict(admin, [admin, user('b', 'admin')])).toBeUndefined();
  });

  it('refuses the last system administrator', () => {
    const root = user('s', 'system_admin');
    expect(selfDeletionConflict(root, [root])).toBe('The last system administrator cannot be deleted');
    expect(selfDeletionConflict(root, [root, user('t', 'system_admin')])).toBeUndefined();
  });

  it('lets any other role go', () => {
    const member = user('u', 'user');
    expect(selfDeletionConflict(member, [member])).toBeUndefined();
    expect(selfDeletionConflict(user('r', 'rag_user'), [])).toBeUndefined();
  });
});
