import { updateUserRequestSchema } from '../../../shared/api/schemas/users';
import { idParamsSchema } from '../../../shared/api/schemas/common';
import { GroupRepository } from '../../domain/groups/group-repository';
import { keepsAnActiveAdmin } from '../../domain/users/admin-rule';
import { syncAdminGroupMembership } from '../../domain/users/user-lifecycle';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { loadUserEntity } from '../../domain/users/user-profile';
import { EmailTakenError, UserRepository, type UserChanges, type UserRecord } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, conflict } from '../../contracts/contract-error';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import { AccountEmailTakenError } from '../../contracts/ports/identity';
import { assertManageable, loadOrganizationUser } from './user-access';
import { userRequestContext } from './user-request-context';

/** `groupIds` replaces the non-admin memberships; the admin group follows the role alone (§7.5). */
async function replaceGroups(ports: Ports, user: UserRecord, groupIds: string[]): Promise<void> {
  const groups = new GroupRepository(ports.database);
  const all = await groups.listByOrganization(user.organization_id);
  const regular = new Set(all.filter((group) => !group.is_admin_group).map((group) => group.id));
  const wanted = new Set(groupIds.filter((id) => regular.has(id)));
  const current = new Set((await groups.groupIdsOfUser(user.organization_id, user.id)).filter((id) => regular.has(id)));
  for (const id of wanted) if (!current.has(id)) await groups.addMember(user.organization_id, id, user.id);
  for (const id of current) if (!wanted.has(id)) await groups.removeMember(user.organization_id, id, user.id);
}

/**
 * §7.5. An email change moves the provider account first: if the provider refuses (the address is
 * taken there), nothing in the product has changed; if the product write then fails, the provider
 * account is moved back.
 */
export const updateUser = implement({
  params: idParamsSchema,
  // The user is found and checked before the body is judged.
  body: () => updateUserRequestSchema(),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const target = await loadOrganizationUser(ports, caller, request.params.id);
    assertManageable(target);
    const input = await request.validBody(updateUserRequestSchema(await userRequestContext(ports, caller)));

    const changesRole = input.role !== undefined && input.role !== target.role;
    const changesStatus = input.status !== undefined && input.status !== target.status;
    if (target.id === caller.user.id && (changesRole || changesStatus)) throw badRequest(USER_MESSAGES.ownRoleOrStatus);

    const users = new UserRepository(ports.database);
    if (changesRole || changesStatus) {
      const after = { role: input.role ?? target.role, status: input.status ?? target.status };
      const { items } = await users.listByOrganization(caller.organization.id);
      if (!keepsAnActiveAdmin(items, caller.organization, target, after)) throw conflict(USER_MESSAGES.lastActiveAdmin);
    }

    const changes: UserChanges = {};
    if (input.email !== undefined && input.email !== target.email) changes.email = input.email;
    if (input.fullName !== undefined) changes.full_name = input.fullName;
    if (changesRole) changes.role = input.role;
    if (changesStatus) changes.status = input.status;

    const movesAccount = changes.email !== undefined && target.subject !== undefined;
    if (movesAccount) {
      try {
        await ports.identity.updateEmail(target.subject as string, changes.email as string);
      } catch (error) {
        if (error instanceof AccountEmailTakenError) throw conflict(USER_MESSAGES.emailTaken);
        throw error;
      }
    }
    let updated = target;
    if (Object.keys(changes).length > 0) {
      try {
        updated = await users.update(target, changes);
      } catch (error) {
        if (movesAccount) await ports.identity.updateEmail(target.subject as string, target.email);
        if (error instanceof EmailTakenError) throw conflict(USER_MESSAGES.emailTaken);
        throw error;
      }
    }
    if (input.groupIds !== undefined) await replaceGroups(ports, updated, input.groupIds);
    if (changesRole) await syncAdminGroupMembership(ports, updated);
    return { status: 200, body: await loadUserEntity(ports.database, updated, caller.organization) };
  },
});
