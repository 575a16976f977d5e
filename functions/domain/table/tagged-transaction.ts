import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DatabasePort } from '../../contracts/ports/database';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What an item of a file or folder transaction stands for, so a refusal can be read: a failed
 * condition on a folder or a file means "someone changed it since we read it" (read again and
 * retry), on a name claim "taken" (409), on the counters "over the plan's limit" (402).
 */
export type WriteTag = 'file' | 'pointer' | 'folder' | 'name-claim' | 'root-claim' | 'counters';

export interface TaggedWrite {
  tag: WriteTag;
  item: TransactItem;
}

const RETRYABLE: ReadonlySet<WriteTag> = new Set(['file', 'pointer', 'folder']);

export class TransactionRefused extends Error {
  constructor(
    /** Tags of the items whose condition failed. */
    readonly failed: WriteTag[],
    /** Another transaction held one of the items: always worth retrying. */
    readonly conflict: boolean,
  ) {
    super(`Transaction refused (${conflict ? 'conflict' : `condition failed on ${failed.join(', ')}`})`);
  }

  get retryable(): boolean {
    return this.conflict || (this.failed.length > 0 && this.failed.every((tag) => RETRYABLE.has(tag)));
  }

  failedOn(tag: WriteTag): boolean {
    return this.failed.includes(tag);
  }
}

export async function transact(database: DatabasePort, writes: TaggedWrite[]): Promise<void> {
  if (writes.length === 0) return;
  try {
    await database.client.send(new TransactWriteCommand({ TransactItems: writes.map((write) => write.item) }));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TransactionConflictException') throw new TransactionRefused([], true);
    if (name !== 'TransactionCanceledException') throw error;
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string } | undefined> }).CancellationReasons ?? [];
    const failed = writes.filter((_, index) => reasons[index]?.Code === 'ConditionalCheckFailed').map((write) => write.tag);
    const conflict = reasons.some((reason) => reason?.Code === 'TransactionConflict');
    throw new TransactionRefused(failed, conflict || failed.length === 0);
  }
}

/**
 * Runs a read-decide-write attempt again while its transaction is refused for a retryable reason.
 * Each attempt must read afresh: the point is to decide again on what is there now.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, tries = 8): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransactionRefused) || !error.retryable || round >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * round));
    }
  }
}
