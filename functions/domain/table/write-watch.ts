import type { DatabasePort } from '../../contracts/ports/database';

/** Called with the sort keys a write command names, once before it is sent and once after it settles. */
export type WriteListener = (sortKeys: string[]) => void;

const listenersByClient = new WeakMap<object, Set<WriteListener> | null>();

/** Document client and low-level names alike (PutCommand, PutItemCommand, TransactWriteItemsCommand…). */
const WRITE_COMMAND = /^(Put|Update|Delete|TransactWrite|BatchWrite)(Item|Items)?Command$/;

/**
 * Lets in-memory copies of table items (warm-reads.ts, chat/warm-sessions.ts) hear of every write
 * this process sends through `database`'s client, whoever sends it: one SDK middleware per client
 * reads the keys of each write command. Twice per write, because a read that started before the
 * write may have cached the old item after the first call. Answers false, and registers nothing,
 * for a client without a middleware stack (a test double): such a client's items must not be cached.
 */
export function onTableWrites(database: DatabasePort, listener: WriteListener): boolean {
  const client = database.client as unknown as { middlewareStack?: { add?: unknown } };
  let listeners = listenersByClient.get(client);
  if (listeners === undefined) {
    listeners = typeof client.middlewareStack?.add === 'function' ? watch(database) : null;
    listenersByClient.set(client, listeners);
  }
  if (!listeners) return false;
  listeners.add(listener);
  return true;
}

function watch(database: DatabasePort): Set<WriteListener> {
  const listeners = new Set<WriteListener>();
  database.client.middlewareStack.add(
    (next, context) => async (args) => {
      const sortKeys = WRITE_COMMAND.test(context.commandName ?? '') ? writtenSortKeys((args as { input?: unknown }).input) : [];
      const tell = () => {
        if (sortKeys.length > 0) for (const listener of listeners) listener(sortKeys);
      };
      tell();
      try {
        return await next(args);
      } finally {
        tell();
      }
    },
    { step: 'initialize', name: 'groundworkWriteWatch', override: true },
  );
  return listeners;
}

type Loose = Record<string, unknown> | undefined;

/** The sort keys a write command's input names (Item, Key, TransactItems, RequestItems; document or marshalled form). */
export function writtenSortKeys(input: unknown): string[] {
  const command = input as Loose;
  if (!command) return [];
  const keysOf: Loose[] = [];
  keysOf.push((command.Item ?? command.Key) as Loose);
  for (const item of (command.TransactItems as Loose[] | undefined) ?? []) {
    const operation = (item?.Put ?? item?.Update ?? item?.Delete) as Loose;
    if (operation) keysOf.push((operation.Item ?? operation.Key) as Loose);
  }
  const requests = command.RequestItems as Record<string, unknown> | undefined;
  for (const list of Object.values(requests ?? {})) {
    if (!Array.isArray(list)) continue;
    for (const request of list as Loose[]) {
      const put = request?.PutRequest as Loose;
      const remove = request?.DeleteRequest as Loose;
      if (put || remove) keysOf.push((put?.Item ?? remove?.Key) as Loose);
    }
  }
  return keysOf.flatMap((key) => {
    const sortKey = key?.SK;
    if (typeof sortKey === 'string') return [sortKey];
    const marshalled = (sortKey as Loose)?.S;
    return typeof marshalled === 'string' ? [marshalled] : [];
  });
}
