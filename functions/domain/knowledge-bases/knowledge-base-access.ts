import { satisfiesRoleWord, type Role } from '../../../shared/auth/roles';
import type { DatabasePort } from '../../contracts/ports/database';
import { GroupRepository } from '../groups/group-repository';
import { KnowledgeBaseRepository } from './knowledge-base-repository';
import type { KnowledgeBaseRecord } from './knowledge-base-record';

/** Who is asking, in the terms of §1.3. */
export interface Viewer {
  organizationId: string;
  userId: string;
  role: Role;
  isSystemOrg: boolean;
}

/** Admin in the §1.3 sense: role admin, or a system_admin inside the system organization. */
export function seesEverything(viewer: Viewer): boolean {
  return satisfiesRoleWord('admin', { role: viewer.role, isSystemOrg: viewer.isSystemOrg });
}

/**
 * §1.3: an admin sees every knowledge base of the organization; anyone else those shared with at
 * least one of their groups. Answers a predicate over a whole list with two Queries (the viewer's
 * groups, the organization's grants), however long the list.
 */
export async function visibilityOf(database: DatabasePort, viewer: Viewer): Promise<(record: Pick<KnowledgeBaseRecord, 'id'>) => boolean> {
  if (seesEverything(viewer)) return () => true;
  const [groupIds, grants] = await Promise.all([
    new GroupRepository(database).groupIdsOfUser(viewer.organizationId, viewer.userId),
    new KnowledgeBaseRepository(database).grants(viewer.organizationId),
  ]);
  const mine = new Set(groupIds);
  return (record) => [...(grants.get(record.id) ?? [])].some((groupId) => mine.has(groupId));
}

/** The same rule for one knowledge base, from its own grants. */
export async function canSee(database: DatabasePort, viewer: Viewer, knowledgeBaseId: string): Promise<boolean> {
  if (seesEverything(viewer)) return true;
  const [groupIds, granted] = await Promise.all([
    new GroupRepository(database).groupIdsOfUser(viewer.organizationId, viewer.userId),
    new KnowledgeBaseRepository(database).groupIds(viewer.organizationId, knowledgeBaseId),
  ]);
  const mine = new Set(groupIds);
  return granted.some((groupId) => mine.has(groupId));
}
