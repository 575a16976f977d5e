import type { GroupRef } from '../../../shared/api/schemas/knowledge-bases';
import { validationError } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';
import { GroupRepository, type GroupRecord } from '../groups/group-repository';
import { loadKnowledgeBase } from './knowledge-base-lifecycle';
import { KNOWLEDGE_BASE_MESSAGES as M } from './knowledge-base-messages';
import { KnowledgeBaseRepository } from './knowledge-base-repository';

/** §15.8's entries. */
export type GrantedGroup = GroupRef;

const byAdminThenName = (a: GroupRecord, b: GroupRecord) => Number(b.is_admin_group) - Number(a.is_admin_group) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/**
 * §15.8: the groups of a knowledge base. The admin group is always among them (§1.3), whatever
 * the grants say; a grant of a group deleted meanwhile is not shown.
 */
export async function knowledgeBaseGroups(ports: Pick<Ports, 'database'>, organizationId: string, knowledgeBaseId: string): Promise<GrantedGroup[]> {
  await loadKnowledgeBase(ports, organizationId, knowledgeBaseId);
  const [groups, granted] = await Promise.all([
    new GroupRepository(ports.database).listByOrganization(organizationId),
    new KnowledgeBaseRepository(ports.database).groupIds(organizationId, knowledgeBaseId),
  ]);
  const ids = new Set(granted);
  return groups
    .filter((group) => group.is_admin_group || ids.has(group.id))
    .sort(byAdminThenName)
    .map((group) => ({ id: group.id, name: group.name, is_admin_group: group.is_admin_group }));
}

/** §15.9: replaces the grants; the admin group is always kept. Foreign and unknown ids are invalid (§1.3). */
export async function setKnowledgeBaseGroups(ports: Pick<Ports, 'database'>, organizationId: string, knowledgeBaseId: string, groupIds: readonly unknown[]): Promise<GrantedGroup[]> {
  await loadKnowledgeBase(ports, organizationId, knowledgeBaseId);
  const groups = await new GroupRepository(ports.database).listByOrganization(organizationId);
  const known = new Set(groups.map((group) => group.id));
  const invalid = [...new Set(groupIds.filter((id) => typeof id !== 'string' || !known.has(id)).map(String))];
  if (invalid.length > 0) throw validationError(invalid.map((id) => ({ field: 'groupIds', message: M.invalidGroupId(id) })));
  const adminGroup = groups.find((group) => group.is_admin_group);
  const wanted = new Set([...(adminGroup ? [adminGroup.id] : []), ...(groupIds as string[])]);
  await new KnowledgeBaseRepository(ports.database).setGroups(organizationId, knowledgeBaseId, [...wanted]);
  return knowledgeBaseGroups(ports, organizationId, knowledgeBaseId);
}
