import type { DatabasePort } from '../../contracts/ports/database';
import { planInForce } from '../plans/organization-plan';
import { countersKey } from '../../contracts/keys/table-keys';
import { counted, readCountersItem } from '../usage/counters-store';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { TransactItem } from '../table/transactions';

/** The attribute of the organization's counters item that counts its knowledge bases, any status (§1.9). */
export const KNOWLEDGE_BASE_COUNTER = 'knowledge_base_count';

/**
 * How many knowledge bases the organization may have; null for no limit (the system organization,
 * §1.9). The plan is the one in force, as for conversations and API access: a live subscription's
 * plan, otherwise `free`.
 */
export async function knowledgeBaseLimitOf(database: DatabasePort, organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>): Promise<number | null> {
  return (await planInForce(database, organization)).plan?.max_knowledge_bases ?? null;
}

export async function readKnowledgeBaseCount(database: DatabasePort, organizationId: string): Promise<number> {
  return counted((await readCountersItem(database, organizationId))[KNOWLEDGE_BASE_COUNTER]);
}

/**
 * The counter change of a create (+1, refused at the limit) or a delete (-1), for the same
 * transaction as the knowledge base itself: the check and the increment are one conditional
 * write, so two creates racing cannot both squeeze in.
 */
export function knowledgeBaseCounterWrite(database: DatabasePort, organizationId: string, delta: 1 | -1, limit: number | null): TransactItem {
  const guarded = delta > 0 && limit !== null;
  return {
    Update: {
      TableName: database.tableName,
      Key: countersKey(organizationId),
      UpdateExpression: 'SET entity = :entity ADD #count :delta',
      ...(guarded ? { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' } : {}),
      ExpressionAttributeNames: { '#count': KNOWLEDGE_BASE_COUNTER },
      ExpressionAttributeValues: { ':entity': 'counters', ':delta': delta, ...(guarded ? { ':limit': limit } : {}) },
    },
  };
}
