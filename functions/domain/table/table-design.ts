/**
 * The single table's physical design, shared by the CDK stack and the local runtime so that both
 * create the same table. docs/data-model.md explains every key pattern built on it.
 */
export const TABLE_DESIGN = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB's TTL deletes the item some time after it passes. */
  ttlAttribute: 'ttl',
  globalIndexes: [
    /** Cross-partition listings ordered by creation (organizations, all tickets) and alternate lookups. */
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Per-organization secondary orderings (e.g. items by `updated_at` for the 10 000-item bound). */
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

export type GlobalIndexName = (typeof TABLE_DESIGN.globalIndexes)[number]['indexName'];
