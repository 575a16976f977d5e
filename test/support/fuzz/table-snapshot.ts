import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../../functions/contracts/ports/database';

/**
 * Items whose change says nothing about a refused request: rate-limit counters (a refused
 * request's caller is counted before its role is checked), the issuer's own sessions, login
 * failures and idempotency claims of other phases.
 */
const VOLATILE_PREFIXES = ['RATE#', 'OIDC#', 'LOGINFAIL#', 'IDEMPOTENCY#'];

/** Every item of the test's table as text by key, to compare two moments exactly. */
export async function tableSnapshot(database: DatabasePort): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await database.client.send(new ScanCommand({ TableName: database.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const key = `${String(item.PK)}|${String(item.SK)}`;
      if (VOLATILE_PREFIXES.some((prefix) => String(item.PK).startsWith(prefix))) continue;
      items.set(key, JSON.stringify(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The keys added, removed or changed between two snapshots. */
export function snapshotDifferences(before: Map<string, string>, after: Map<string, string>): string[] {
  const differences: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) differences.push(`added ${key}`);
    else if (before.get(key) !== value) differences.push(`changed ${key}`);
  }
  for (const key of before.keys()) if (!after.has(key)) differences.push(`removed ${key}`);
  return differences;
}
