import type { DatabasePort } from '../../contracts/ports/database';
import { countersKey } from '../../contracts/keys/table-keys';
import type { TransactItem } from '../table/transactions';
import { DATA_SOURCE_COUNTER, INDEXED_PAGE_COUNTER } from './usage-report';

/** Contract §1.9 texts of the two limits web and API sources meet. */
export const DATA_SOURCE_LIMIT_MESSAGES = {
  dataSources: 'Data source limit reached for your plan',
  indexedPages: 'Indexed page limit reached for your plan',
} as const;

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
