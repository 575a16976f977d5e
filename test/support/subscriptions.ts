import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { subscriptionKey } from '../../functions/contracts/keys/table-keys';
import type { Ports } from '../../functions/contracts/ports/ports';

/** Puts an organization on a paid plan, as billing will (§1.9: an active subscription gives its plan). */
export async function subscribe(platform: { ports: Pick<Ports, 'database'> }, organizationId: string, planId: 'starter' | 'professional' | 'enterprise'): Promise<void> {
  const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const { database } = platform.ports;
  await database.client.send(
    new PutCommand({
      TableName: database.tableName,
      Item: { ...subscriptionKey(organizationId), entity: 'subscription', status: 'active', plan_id: planId, current_period_start: start.toISOString(), current_period_end: end.toISOString() },
    }),
  );
}
