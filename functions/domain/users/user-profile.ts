import type { User } from '../../../shared/api/schemas/user';
import type { DatabasePort } from '../../contracts/ports/database';
import { GroupRepository } from '../groups/group-repository';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { toUserEntity } from './user-entity';
import type { UserRecord } from './user-repository';

/** The User entity with its groups, as every auth answer returns it. */
export async function loadUserEntity(database: DatabasePort, user: UserRecord, organization: OrganizationRecord): Promise<User> {
  const groups = await new GroupRepository(database).groupsOfUser(user.organization_id, user.id);
  return toUserEntity(user, organization, groups);
}
