import { idParamsSchema } from '../../../shared/api/schemas/common';
import { loadUserEntity } from '../../domain/users/user-profile';
import { implement, requireCaller, type Caller } from '../../http/api-types';
import { forbidden } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { isAdminCaller, loadOrganizationUser } from './user-access';

const params = idParamsSchema;

/** §7.2/§7.3: an admin reads anyone of the organization; everyone else only themself (others 403, known or not). */
async function readableUser(caller: Caller, id: string) {
  if (!isAdminCaller(caller) && id !== caller.user.id) throw forbidden();
  return loadOrganizationUser(getPorts(), caller, id);
}

export const getUser = implement({
  params,
  async handle(request) {
    const caller = requireCaller(request);
    const user = await readableUser(caller, request.params.id);
    return { status: 200, body: await loadUserEntity(getPorts().database, user, caller.organization) };
  },
});

export const getUserRole = implement({
  params,
  async handle(request) {
    const user = await readableUser(requireCaller(request), request.params.id);
    return { status: 200, body: { role: user.role } };
  },
});
