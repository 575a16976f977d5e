import { satisfiesRoleWord } from '../../shared/auth/roles';
import type { FolderActor } from '../domain/folders/folder-operations';
import type { Caller } from './api-types';

/** The caller as the folder and file rules see them: who they are, and whether they are an admin (§1.3). */
export function actorOf(caller: Caller): FolderActor {
  return {
    organizationId: caller.organization.id,
    userId: caller.user.id,
    userName: caller.user.full_name,
    isAdmin: satisfiesRoleWord('admin', { role: caller.user.role, isSystemOrg: caller.organization.is_system_org }),
  };
}
