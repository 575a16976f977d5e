import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';
import { keys } from '../../contracts/keys/table-keys';
import { subscriptionKey } from '../../contracts/keys/table-keys';
import type { SubscriptionRecord } from './subscription-store';

/**
 * What Stripe mode keeps in the table (docs/data-model.md): the organization's Stripe customer id,
 * the subscription item written from Stripe's objects, and one claim per processed webhook event.
 */
const customerKey = (organizationId: string) => ({ PK: keys.organization(organizationId).PK, SK: 'BILLING_CUSTOMER' });
const eventKey = (eventId: string) => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'STRIPEEVENT' });

/** Stripe retries a failed delivery for up to three days; a claim outlives that. */
const EVENT_CLAIM_SECONDS = 7 * 24 * 60 * 60;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

export interface StripeSubscriptionState extends SubscriptionRecord {
  stripe_customer_id: string;
  /** Epoch seconds of the Stripe state this item was written from: older state never overwrites it. */
  stripe_state_at: number;
}

export class StripeBillingStore {
  constructor(private readonly database: DatabasePort) {}

  async customerId(organizationId: string): Promise<string | null> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: customerKey(organizationId), ConsistentRead: true }));
    return typeof Item?.stripe_customer_id === 'string' ? Item.stripe_customer_id : null;
  }

  /**
   * Records the customer unless another request recorded one first; answers the one kept, so two
   * concurrent first requests end up on a single customer (the loser's stays unused in Stripe).
   */
  async keepCustomerId(organizationId: string, customerId: string): Promise<string> {
    try {
      await this.database.client.send(
        new PutCommand({
          TableName: this.database.tableName,
          Item: { ...customerKey(organizationId), entity: 'billing_customer', organization_id: organizationId, stripe_customer_id: customerId, created_at: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return customerId;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return (await this.customerId(organizationId)) ?? customerId;
    }
  }

  async subscription(organizationId: string): Promise<Partial<StripeSubscriptionState> | null> {
    const { Item } = await this.database.client.send(new GetCommand({ TableName: this.database.tableName, Key: subscriptionKey(organizationId), ConsistentRead: true }));
    return (Item as Partial<StripeSubscriptionState> | undefined) ?? null;
  }

  /**
   * Writes Stripe's view of the subscription unless the item already holds newer state: webhooks
   * arrive in any order and may repeat, and an older event must not undo a newer one. Answers
   * whether it wrote.
   */
  async writeSubscription(state: StripeSubscriptionState): Promise<boolean> {
    const { organization_id: _org, ...fields } = state;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':entity': 'subscription', ':org': state.organization_id };
    const sets = ['#entity = :entity', '#org = :org'];
    names['#entity'] = 'entity';
    names['#org'] = 'organization_id';
    const removes: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      names[`#${name}`] = name;
      if (value === undefined) removes.push(`#${name}`);
      else {
        values[`:${name}`] = value;
        sets.push(`#${name} = :${name}`);
      }
    }
    if (!('default_payment_method_id' in fields) || fields.default_payment_method_id === undefined) {
      names['#default_payment_method_id'] = 'default_payment_method_id';
      if (!removes.includes('#default_payment_method_id')) removes.push('#default_payment_method_id');
    }
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: subscriptionKey(state.organization_id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_not_exists(#stripe_state_at) OR #stripe_state_at <= :stripe_state_at',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** A detached card can no longer be the subscription's default. */
  async forgetDefaultPaymentMethod(organizationId: string, paymentMethodId: string): Promise<void> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: subscriptionKey(organizationId),
          UpdateExpression: 'REMOVE default_payment_method_id',
          ConditionExpression: 'default_payment_method_id = :id',
          ExpressionAttributeValues: { ':id': paymentMethodId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Claims a webhook event for processing; false when it was processed (or is being) already. */
  async claimEvent(eventId: string, type: string, nowSeconds: number): Promise<boolean> {
    try {
      await this.database.client.send(
        new PutCommand({
          TableName: this.database.tableName,
          Item: { ...eventKey(eventId), entity: 'stripe_event', type, processed_at: new Date(nowSeconds * 1000).toISOString(), ttl: nowSeconds + EVENT_CLAIM_SECONDS },
          ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Processing failed: the claim goes, so Stripe's retry is processed. */
  async releaseEvent(eventId: string): Promise<void> {
    await this.database.client.send(new DeleteCommand({ TableName: this.database.tableName, Key: eventKey(eventId) }));
  }
}
