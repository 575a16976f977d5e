import { idParamsSchema, memberParamsSchema } from '../../../shared/api/schemas/common';
import { GroupRepository } from '../../domain/groups/group-repository';
import { GROUP_MESSAGES, USER_MESSAGES } from '../../domain/users/user-messages';
import { UserRepository } from '../../domain/users/user-repository';
import { implement, requireCaller } from '../../http/api-types';
import { conflict, notFound } from '../../contracts/contract-error';
import { applyListQuery, dataWithPagination, parseListQuery } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { toUserEntities, userListDefinition } from '../../domain/users/user-list';
import { loadOrganizationGroup } from './group-access';
import { toGroupEntity } from './group-entity';

const memberList = userListDefinition(['full_name', 'email']);
const memberParams = memberParamsSchema;

/** §8.6. */
export const listMembers = implement({
  params: idParamsSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const listQuery = parseListQuery(request.query, memberList);
    const ports = getPorts();
    const group = await loadOrganizationGroup(ports, caller, request.params.id);
    const users = new UserRepository(ports.database);
    const memberIds = await new GroupRepository(ports.database).memberIds(caller.organization.id, group.id);
    const members = (await Promise.all(memberIds.map((id) => users.get(caller.organization.id, id)))).filter((user) => user !== undefined);
    const entities = await toUserEntities(ports, caller.organization, members);
    return { status: 200, body: dataWithPagination(applyListQuery(entities, listQuery, memberList), (user) => user) };
  },
});

/** §8.7. The admin group's members follow the role (§1.3), so it takes no direct additions. */
export const addMember = implement({
  params: memberParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const organizationId = caller.organization.id;
    const group = await loadOrganizationGroup(ports, caller, request.params.id);
    const user = await new UserRepository(ports.database).get(organizationId, request.params.userId);
    if (!user) throw notFound(USER_MESSAGES.notFound);
    if (group.is_admin_group) throw conflict(GROUP_MESSAGES.adminMembership);
    const groups = new GroupRepository(ports.database);
    if (await groups.isMember(organizationId, group.id, user.id)) throw conflict(GROUP_MESSAGES.alreadyMember);
    await groups.addMember(organizationId, group.id, user.id);
    const count = await groups.memberCount(organizationId, group.id);
    return { status: 200, body: { message: GROUP_MESSAGES.memberAdded, group: toGroupEntity(group, count) } };
  },
});

/** §8.8. */
export const removeMember = implement({
  params: memberParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const organizationId = caller.organization.id;
    const group = await loadOrganizationGroup(ports, caller, request.params.id);
    if (group.is_admin_group) throw conflict(GROUP_MESSAGES.adminMembership);
    const groups = new GroupRepository(ports.database);
    if (!(await groups.isMember(organizationId, group.id, request.params.userId))) throw notFound(GROUP_MESSAGES.notMember);
    await groups.removeMember(organizationId, group.id, request.params.userId);
    return { status: 204 };
  },
});
