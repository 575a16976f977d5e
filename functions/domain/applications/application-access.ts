import { satisfiesRoleWord, type Role } from '../../../shared/auth/roles';
import type { DatabasePort } from '../../contracts/ports/database';
import { GroupRepository } from '../groups/group-repository';
import { KnowledgeBaseRepository } from '../knowledge-bases/knowledge-base-repository';
import type { KnowledgeBaseRecord } from '../knowledge-bases/knowledge-base-record';
import { hasCompletedIndex } from './application-knowledge-bases';
import { knowledgeBasesById } from '../knowledge-bases/knowledge-bases-by-id-store';
import type { ApplicationRecord } from './application-record';
import { ApplicationRepository } from './application-repository';
import { warmRead } from '../table/warm-reads';

/**
 * Who is asking, in §1.3's terms. `everything` is an admin, and also an API key or Slack, which act
 * for the application itself and use all of its knowledge bases (§17.4 step 3).
 */
export type AccessSubject = { everything: true } | { everything: false; groupIds: ReadonlySet<string> };

export const WHOLE_APPLICATION: AccessSubject = { everything: true };

export async function accessSubjectOf(database: DatabasePort, person: { organizationId: string; userId: string; role: Role; isSystemOrg: boolean }): Promise<AccessSubject> {
  if (satisfiesRoleWord('admin', { role: person.role, isSystemOrg: person.isSystemOrg })) return WHOLE_APPLICATION;
  return { everything: false, groupIds: new Set(await new GroupRepository(database).groupIdsOfUser(person.organizationId, person.userId)) };
}

export function sharesAGroup(subject: AccessSubject, granted: Iterable<string> | undefined): boolean {
  if (subject.everything) return true;
  for (const groupId of granted ?? []) if (subject.groupIds.has(groupId)) return true;
  return false;
}

export async function canSeeApplication(database: DatabasePort, subject: AccessSubject, application: ApplicationRecord): Promise<boolean> {
  if (subject.everything) return true;
  return sharesAGroup(subject, await new ApplicationRepository(database).groupIds(application.organization_id, application.id));
}

export interface IndexAccess {
  knowledgeBase: KnowledgeBaseRecord | undefined;
  indexId: string;
  hasAccess: boolean;
}

/** One entry per `index_ids`, in order: the knowledge base (when it still exists) and whether the subject sees it. */
export async function indexAccessOf(database: DatabasePort, subject: AccessSubject, application: ApplicationRecord): Promise<IndexAccess[]> {
  // Warm reads (table/warm-reads.ts): every chat send asks this, and knowledge bases and their grants change rarely.
  const [knowledgeBases, grants] = await Promise.all([
    warmRead(database, `knowledge-bases:${application.organization_id}:${application.index_ids.join(',')}`, () => knowledgeBasesById(database, application.organization_id, application.index_ids)),
    subject.everything
      ? Promise.resolve(new Map<string, Set<string>>())
      : warmRead(database, `knowledge-base-grants:${application.organization_id}`, () => new KnowledgeBaseRepository(database).grants(application.organization_id)),
  ]);
  return application.index_ids.map((indexId) => {
    const knowledgeBase = knowledgeBases.get(indexId);
    return { indexId, knowledgeBase, hasAccess: knowledgeBase !== undefined && sharesAGroup(subject, grants.get(indexId)) };
  });
}

/** §1.3 "accessible indexes" that chat may search: seen by the subject, with a completed index. */
export function searchableKnowledgeBases(access: IndexAccess[]): KnowledgeBaseRecord[] {
  return access.flatMap((entry) => (entry.hasAccess && entry.knowledgeBase && hasCompletedIndex(entry.knowledgeBase) ? [entry.knowledgeBase] : []));
}
