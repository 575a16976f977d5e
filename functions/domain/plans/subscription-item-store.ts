import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { subscriptionKey } from '../../contracts/keys/table-keys';
import type { DatabasePort } from '../../contracts/ports/database';

/**
 * The organization's subscription item as stored (docs/data-model.md "Subscription"): billing
 * writes it (functions/domain/billing/subscription-store.ts), the plan in force is read from it.
 * Undefined when the organization never subscribed, which §1.9 reads as `free`.
 */
export async function readSubscriptionItem(database: DatabasePort, organizationId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: subscriptionKey(organizationId), ConsistentRead: true }));
  return Item;
}
