import { idParamsSchema } from '../../../shared/api/schemas/common';
import { keepsAnActiveAdmin } from '../../domain/users/admin-rule';
import { deleteUserEverywhere } from '../../domain/users/user-lifecycle';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { UserRepository } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, conflict } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { assertManageable, loadOrganizationUser } from './user-access';

/** §7.6. The user's chat sessions are purged in the background by a `source.purge` message. */
export const deleteUser = implement({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const target = await loadOrganizationUser(ports, caller, request.params.id);
    if (target.id === caller.user.id) throw badRequest(USER_MESSAGES.deleteSelf);
    assertManageable(target);
    const { items } = await new UserRepository(ports.database).listByOrganization(caller.organization.id);
    if (!keepsAnActiveAdmin(items, caller.organization, target, undefined)) throw conflict(USER_MESSAGES.lastActiveAdmin);
    await deleteUserEverywhere(ports, target, caller.user.id);
    return { status: 204 };
  },
});
