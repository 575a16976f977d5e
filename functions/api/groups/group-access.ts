import { GroupRepository, type GroupRecord } from '../../domain/groups/group-repository';
import { GROUP_MESSAGES } from '../../domain/users/user-messages';
import type { Caller } from '../../http/api-types';
import { notFound } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

/** A group of the caller's organization; another organization's id reads exactly as an unknown one (§1.3). */
export async function loadOrganizationGroup(ports: Ports, caller: Caller, groupId: string): Promise<GroupRecord> {
  const group = await new GroupRepository(ports.database).get(caller.organization.id, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  return group;
}
