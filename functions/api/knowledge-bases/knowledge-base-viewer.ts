import { idParamsSchema } from '../../../shared/api/schemas/common';
import { z } from 'zod';
import { canSee, type Viewer } from '../../domain/knowledge-bases/knowledge-base-access';
import { loadKnowledgeBase } from '../../domain/knowledge-bases/knowledge-base-lifecycle';
import { KNOWLEDGE_BASE_MESSAGES } from '../../domain/knowledge-bases/knowledge-base-messages';
import type { KnowledgeBaseRecord } from '../../domain/knowledge-bases/knowledge-base-record';
import type { Caller } from '../../http/api-types';
import { forbidden } from '../../contracts/contract-error';
import type { Ports } from '../../contracts/ports/ports';

export const idParams = idParamsSchema;
export type IdParams = z.infer<typeof idParams>;
/** The query type every route keeps; the list parameters are read by hand (§1.5). */
export type AnyQuery = Record<string, string | undefined>;

export function viewerOf(caller: Caller): Viewer {
  return { organizationId: caller.organization.id, userId: caller.user.id, role: caller.user.role, isSystemOrg: caller.organization.is_system_org };
}

/**
 * A knowledge base the caller may read: another organization's id is 404 like an unknown one,
 * one of the organization that is not shared with the caller is 403 (§1.3, §25 item 31).
 */
export async function readableKnowledgeBase(ports: Ports, caller: Caller, knowledgeBaseId: string): Promise<KnowledgeBaseRecord> {
  const record = await loadKnowledgeBase(ports, caller.organization.id, knowledgeBaseId);
  if (!(await canSee(ports.database, viewerOf(caller), record.id))) throw forbidden(KNOWLEDGE_BASE_MESSAGES.noAccess);
  return record;
}
