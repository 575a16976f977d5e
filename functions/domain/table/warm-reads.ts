import type { DatabasePort } from '../../ports/database';

/**
 * How long a warm process may answer a configuration read from memory. External clients call an
 * application's API at machine speed, and each call used to read the same token claim,
 * application, organization, plan and knowledge bases again; API Gateway's own authorizer cache
 * defaults to 300 s for the same reason. Within this process every write to such an item (through
 * the same client) forgets the cache at once; another process (another Lambda instance) sees a
 * change after at most this long: a disabled application, a regenerated token or a new plan takes
 * effect there within 5 s.
 */
export const WARM_READ_TTL_MS = 5_000;
/** Bounds memory when many tokens call one process. */
const MAX_ENTRIES = 1_000;

/** Sort keys of the items warm reads may hold (docs/data-model.md): organizations, plans, token claims, applications, knowledge bases. */
export function isWarmReadItem(sortKey: string): boolean {
  return sortKey === 'ORG' || sortKey === 'SUBSCRIPTION' || sortKey === 'APITOKEN' || sortKey.startsWith('APP') || sortKey.startsWith('KB');
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

interface WarmReads {
  entries: Map<string, Entry>;
}

const cachesByClient = new WeakMap<object, WarmReads | null>();

/**
 * `load()` once per `key` every WARM_READ_TTL_MS in this process (concurrent callers share one
 * load; a failed load is not kept). Only for a client whose writes can be watched (a real
 * DynamoDB client): anything else, a test double among them, always loads.
 */
export function warmRead<T>(database: DatabasePort, key: string, load: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const cache = warmReadsOf(database);
  if (!cache) return load();
  const entry = cache.entries.get(key);
  if (entry && entry.expiresAt > now()) return entry.value as Promise<T>;
  const value = load();
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const fresh = { expiresAt: now() + WARM_READ_TTL_MS, value };
  cache.entries.set(key, fresh);
  value.catch(() => {
    if (cache.entries.get(key) === fresh) cache.entries.delete(key);
  });
  return value;
}

function warmReadsOf(database: DatabasePort): WarmReads | undefined {
  const client = database.client as unknown as { middlewareStack?: { add: (...args: never[]) => void } };
  let cache = cachesByClient.get(client);
  if (cache === undefined) {
    cache = typeof client.middlewareStack?.add === 'function' ? watchWrites(database) : null;
    cachesByClient.set(client, cache);
  }
  return cache ?? undefined;
}

/** Forgets every warm read of the client when a write command names an item they may hold. */
function watchWrites(database: DatabasePort): WarmReads {
  const cache: WarmReads = { entries: new Map() };
  database.client.middlewareStack.add(
    (next, context) => async (args) => {
      const touches = WRITE_COMMAND.test(context.commandName ?? '') && writtenSortKeys((args as { input?: unknown }).input).some(isWarmReadItem);
      if (touches) cache.entries.clear();
      try {
        return await next(args);
      } finally {
        // Again once written: a read that started before the write may have cached the old item.
        if (touches) cache.entries.clear();
      }
    },
    { step: 'initialize', name: 'groundworkWarmReadInvalidation', override: true },
  );
  return cache;
}

/** Document client and low-level names alike (PutCommand, PutItemCommand, TransactWriteItemsCommand…). */
const WRITE_COMMAND = /^(Put|Update|Delete|TransactWrite|BatchWrite)(Item|Items)?Command$/;

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
