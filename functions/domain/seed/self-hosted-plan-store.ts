import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../../shared/rules/plans';
import { subscriptionKey } from '../../contracts/keys/table-keys';
import type { Ports } from '../../contracts/ports/ports';

/**
 * The plan a self-hosted demo organisation runs on. Without a Stripe key nobody can buy a plan, so
 * the demo organisation would stay on the free trial: one knowledge base (taken by the demo
 * content), 100 conversations a month and no API tokens — enough to stop a first evaluation. The
 * seed therefore records an active subscription to the largest seeded plan, marked
 * `provider: 'self_hosted'` so billing can tell it from a paid one. Stripe mode never gets this.
 */
export const SELF_HOSTED_PLAN_ID: PlanId = 'enterprise';

/** Writes the subscription once; an existing one (paid, cancelled or this) is left as it is. */
export async function ensureSelfHostedPlan(ports: Pick<Ports, 'database'>, organizationId: string): Promise<boolean> {
  const { database } = ports;
  const key = subscriptionKey(organizationId);
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: key }));
  if (Item) return false;
  await database.client.send(
    new PutCommand({
      TableName: database.tableName,
      Item: { ...key, entity: 'subscription', organization_id: organizationId, status: 'active', plan_id: SELF_HOSTED_PLAN_ID, provider: 'self_hosted', created_at: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  ).catch((error: unknown) => {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  });
  return true;
}
