import { idParamsSchema as idParams } from '../../../shared/api/schemas/common';
import { createGroupRequestSchema, updateGroupRequestSchema } from '../../../shared/api/schemas/users';
import { GroupNameTakenError, GroupRepository } from '../../domain/groups/group-repository';
import { GROUP_MESSAGES } from '../../domain/users/user-messages';
import { implement, requireCaller } from '../../http/api-types';
import { conflict } from '../../contracts/contract-error';
import { applyListQuery, dataWithPagination, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { loadOrganizationGroup } from './group-access';
import { toGroupEntity, type Group } from './group-entity';
import { removeGroupGrants } from '../../domain/groups/group-grant-store';

const groupList: ListDefinition<Group> = {
  sortFields: { name: (group) => group.name, created_at: (group) => group.created_at, member_count: (group) => group.member_count },
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
  searchText: (group) => [group.name, group.description],
  id: (group) => group.id,
};

/** §8.1. The admin group is listed like any other. */
export const listGroups = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const listQuery = parseListQuery(request.query, groupList);
    const repository = new GroupRepository(getPorts().database);
    const [groups, counts] = await Promise.all([repository.listByOrganization(caller.organization.id), repository.memberCounts(caller.organization.id)]);
    const entities = groups.map((group) => toGroupEntity(group, counts.get(group.id) ?? 0));
    return { status: 200, body: dataWithPagination(applyListQuery(entities, listQuery, groupList), (group) => group) };
  },
});

export const createGroup = implement({
  body: createGroupRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const repository = new GroupRepository(getPorts().database);
    const { name } = request.body;
    if (await repository.findByName(caller.organization.id, name)) throw conflict(GROUP_MESSAGES.nameTaken);
    try {
      const group = await repository.create({ organization_id: caller.organization.id, name, description: request.body.description?.trim() ?? '', is_admin_group: false });
      return { status: 201, body: toGroupEntity(group, 0) };
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw conflict(GROUP_MESSAGES.nameTaken);
      throw error;
    }
  },
});

export const getGroup = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const group = await loadOrganizationGroup(getPorts(), caller, request.params.id);
    const count = await new GroupRepository(getPorts().database).memberCount(caller.organization.id, group.id);
    return { status: 200, body: toGroupEntity(group, count) };
  },
});

export const updateGroup = implement({
  params: idParams,
  body: updateGroupRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const group = await loadOrganizationGroup(ports, caller, request.params.id);
    if (group.is_admin_group) throw conflict(GROUP_MESSAGES.adminGroupModified);
    const repository = new GroupRepository(ports.database);
    const { name } = request.body;
    if (name !== undefined) {
      const holder = await repository.findByName(caller.organization.id, name);
      if (holder && holder.id !== group.id) throw conflict(GROUP_MESSAGES.nameTaken);
    }
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(request.body.description !== undefined ? { description: request.body.description?.trim() ?? '' } : {}),
    };
    try {
      const updated = await repository.update(group, changes);
      return { status: 200, body: toGroupEntity(updated, await repository.memberCount(caller.organization.id, group.id)) };
    } catch (error) {
      if (error instanceof GroupNameTakenError) throw conflict(GROUP_MESSAGES.nameTaken);
      throw error;
    }
  },
});

export const deleteGroup = implement({
  params: idParams,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const group = await loadOrganizationGroup(ports, caller, request.params.id);
    if (group.is_admin_group) throw conflict(GROUP_MESSAGES.adminGroupDeleted);
    // Grants first: a group that is gone must never still open a knowledge base or application.
    await removeGroupGrants(ports, caller.organization.id, group.id);
    await new GroupRepository(ports.database).delete(group);
    return { status: 204 };
  },
});
