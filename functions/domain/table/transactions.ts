import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the items of one transaction. */
export const TRANSACTION_ITEMS = 100;

/** A transaction refused; `failedAt` lists the positions whose condition failed. */
export class TransactionRefusedError extends Error {
  constructor(readonly failedAt: number[]) {
    super(failedAt.length > 0 ? `Transaction refused: condition failed at ${failedAt.join(', ')}` : 'Transaction refused by a concurrent write');
  }
}

export async function transactItems(database: DatabasePort, items: TransactItem[]): Promise<void> {
  try {
    await database.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TransactionConflictException') throw new TransactionRefusedError([]);
    if (name !== 'TransactionCanceledException') throw error;
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string } | undefined> }).CancellationReasons ?? [];
    throw new TransactionRefusedError(reasons.flatMap((reason, index) => (reason?.Code === 'ConditionalCheckFailed' ? [index] : [])));
  }
}

/** Independent writes (grants), in transactions of at most 100 items. */
export async function transactInChunks(database: DatabasePort, items: TransactItem[]): Promise<void> {
  for (let start = 0; start < items.length; start += TRANSACTION_ITEMS) await transactItems(database, items.slice(start, start + TRANSACTION_ITEMS));
}
