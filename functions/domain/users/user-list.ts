import type { User } from '../../../shared/api/schemas/user';
import { GroupRepository, type GroupRecord } from '../groups/group-repository';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { toUserEntity } from './user-entity';
import type { UserRecord } from './user-repository';
import type { ListDefinition } from '../../contracts/list-paging';
import type { Ports } from '../../contracts/ports/ports';

/** §7.1 and §8.6: search on email and full name, sorted by name unless asked otherwise. */
export function userListDefinition(sortFields: ReadonlyArray<'full_name' | 'email' | 'created_at' | 'last_login'>): ListDefinition<User> {
  const readers = {
    full_name: (user: User) => user.full_name,
    email: (user: User) => user.email,
    created_at: (user: User) => user.created_at,
    last_login: (user: User) => user.last_login,
  };
  return {
    sortFields: Object.fromEntries(sortFields.map((field) => [field, readers[field]])),
    defaultSortBy: 'full_name',
    defaultSortOrder: 'asc',
    searchText: (user) => [user.email, user.full_name],
    id: (user) => user.id,
  };
}

/**
 * User entities for a whole list, with their groups, from two Queries on the organization's
 * partition (groups and memberships) instead of one per user.
 */
export async function toUserEntities(ports: Ports, organization: OrganizationRecord, users: UserRecord[]): Promise<User[]> {
  const repository = new GroupRepository(ports.database);
  const [groups, memberships] = await Promise.all([repository.listByOrganization(organization.id), repository.memberships(organization.id)]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const groupsOfUser = new Map<string, GroupRecord[]>();
  for (const { groupId, userId } of memberships) {
    const group = groupById.get(groupId);
    if (!group) continue;
    groupsOfUser.set(userId, [...(groupsOfUser.get(userId) ?? []), group]);
  }
  return users.map((user) => toUserEntity(user, organization, (groupsOfUser.get(user.id) ?? []).sort((a, b) => a.name.localeCompare(b.name))));
}
