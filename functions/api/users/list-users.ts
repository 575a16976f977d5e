import { ROLES } from '../../../shared/auth/roles';
import { GroupRepository } from '../../domain/groups/group-repository';
import { USER_MESSAGES } from '../../domain/users/user-messages';
import { UserRepository } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest } from '../../contracts/contract-error';
import { applyListQuery, dataWithPagination, parseListQuery } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { USER_STATUSES } from '../../../shared/api/schemas/users';
import { toUserEntities, userListDefinition } from '../../domain/users/user-list';

const definition = userListDefinition(['full_name', 'email', 'created_at', 'last_login']);

/** §7.1. A group filter naming an unknown or foreign group simply matches no one (§1.3). */
export const listUsers = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const query = request.query;
    const listQuery = parseListQuery(query, definition);
    const role = query.role?.trim().toLowerCase() || undefined;
    if (role && !(ROLES as readonly string[]).includes(role)) throw badRequest(USER_MESSAGES.invalidRole);
    const status = query.status?.trim().toLowerCase() || undefined;
    if (status && !(USER_STATUSES as readonly string[]).includes(status)) throw badRequest(USER_MESSAGES.invalidStatus);

    const ports = getPorts();
    const organizationId = caller.organization.id;
    const { items, truncated } = await new UserRepository(ports.database).listByOrganization(organizationId);
    const groups = new GroupRepository(ports.database);
    const members = query.group_id ? new Set(await groups.memberIds(organizationId, query.group_id)) : undefined;
    const excluded = query.exclude_group_id ? new Set(await groups.memberIds(organizationId, query.exclude_group_id)) : undefined;
    const filtered = items.filter(
      (user) =>
        (!role || user.role === role) &&
        (!status || user.status === status) &&
        (!members || members.has(user.id)) &&
        (!excluded || !excluded.has(user.id)),
    );
    const entities = await toUserEntities(ports, caller.organization, filtered);
    return { status: 200, body: dataWithPagination(applyListQuery(entities, listQuery, definition), (user) => user, truncated) };
  },
});
