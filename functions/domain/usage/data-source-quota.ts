import { ContractError } from '../../contracts/contract-error';
import type { DatabasePort } from '../../contracts/ports/database';
import { countersKey } from '../../contracts/keys/table-keys';
import type { OrganizationRecord } from '../organizations/organization-repository';
import { planInForce } from '../plans/organization-plan';
import type { TransactItem } from '../table/transactions';
import { counted, readCountersItem } from './counters-store';
import { DATA_SOURCE_COUNTER, INDEXED_PAGE_COUNTER } from './usage-report';

/** Contract §1.9 texts of the two limits web and API sources meet. */
export const DATA_SOURCE_LIMIT_MESSAGES = {
  dataSources: 'Data source limit reached for your plan',
  indexedPages: 'Indexed page limit reached for your plan',
} as const;

/** A source's create transaction refused by its data-source counter's condition: the plan's limit is reached. */
export class DataSourceLimitError extends Error {}

/**
 * Creates a web or API source within the plan's `data_sources_limit` (§1.9): `create` writes the
 * source with dataSourceCounterWrite at the limit given and throws DataSourceLimitError when the
 * counter refuses; that becomes the contract's 402 with the limit and the count.
 */
export async function createWithinDataSourceLimit(database: DatabasePort, organization: OrganizationRecord, create: (limit: number | null) => Promise<void>): Promise<void> {
  const limit = (await planInForce(database, organization)).plan?.data_sources_limit ?? null;
  try {
    await create(limit);
  } catch (error) {
    if (!(error instanceof DataSourceLimitError)) throw error;
    const used = counted((await readCountersItem(database, organization.id))[DATA_SOURCE_COUNTER]);
    throw new ContractError('QUOTA_EXCEEDED', DATA_SOURCE_LIMIT_MESSAGES.dataSources, { details: { resource: 'data_sources', limit, used } });
  }
}

/**
 * The counter change of a web or API source's create (+1, refused at `limit`) or delete (-1), for
 * the same transaction as the source itself, so two creates racing cannot both pass the limit.
 */
export function dataSourceCounterWrite(database: DatabasePort, organizationId: string, delta: 1 | -1, limit: number | null): TransactItem {
  return counterWrite(database, organizationId, DATA_SOURCE_COUNTER, delta, delta > 0 ? limit : null);
}

/** The change of the pages kept from the latest completed crawls (§1.9 `indexed_pages`). */
export function indexedPageCounterWrite(database: DatabasePort, organizationId: string, delta: number): TransactItem {
  return counterWrite(database, organizationId, INDEXED_PAGE_COUNTER, delta, null);
}

/** A source's delete: one data source and its kept pages less, in one write (a transaction may touch an item once). */
export function sourceRemovalCounterWrite(database: DatabasePort, organizationId: string, pages: number): TransactItem {
  return {
    Update: {
      TableName: database.tableName,
      Key: countersKey(organizationId),
      UpdateExpression: 'SET entity = :entity ADD #sources :one, #pages :pages',
      ExpressionAttributeNames: { '#sources': DATA_SOURCE_COUNTER, '#pages': INDEXED_PAGE_COUNTER },
      ExpressionAttributeValues: { ':entity': 'counters', ':one': -1, ':pages': -pages },
    },
  };
}

function counterWrite(database: DatabasePort, organizationId: string, counter: string, delta: number, limit: number | null): TransactItem {
  return {
    Update: {
      TableName: database.tableName,
      Key: countersKey(organizationId),
      UpdateExpression: 'SET entity = :entity ADD #count :delta',
      ...(limit !== null ? { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' } : {}),
      ExpressionAttributeNames: { '#count': counter },
      ExpressionAttributeValues: { ':entity': 'counters', ':delta': delta, ...(limit !== null ? { ':limit': limit } : {}) },
    },
  };
}
