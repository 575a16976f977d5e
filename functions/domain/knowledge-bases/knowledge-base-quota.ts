import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { planInForce } from '../plans/organization-plan';
import { countersKey } from '../cloud-resources/storage-counters';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { TransactItem } from './knowledge-base-transactions';

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
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: countersKey(organizationId), ConsistentRead: true }));
  const value = Item?.[KNOWLEDGE_BASE_COUNTER];
  return typeof value === 'number' && value > 0 ? value : 0;
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
