import type { DatabasePort } from '../../contracts/ports/database';
import { APPLICATION_SK_PREFIX, applicationKeys } from '../applications/application-record';
import { subscriptionKey } from '../../contracts/keys/table-keys';
import { KNOWLEDGE_BASE_GROUP_SK_PREFIX, KNOWLEDGE_BASE_SK_PREFIX } from '../knowledge-bases/knowledge-base-record';
import { keys } from '../../contracts/keys/table-keys';
import { onTableWrites } from './write-watch';

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

/** The items warm reads may hold (docs/data-model.md), by the key builders that name them: organizations, plans, token claims… */
const WARM_READ_SORT_KEYS = new Set([keys.organization('').SK, subscriptionKey('').SK, applicationKeys.apiTokenClaim('').SK]);
/** …applications and their groups, knowledge bases and their groups. */
const WARM_READ_SORT_KEY_PREFIXES = [APPLICATION_SK_PREFIX.application, APPLICATION_SK_PREFIX.everyGroupLink, KNOWLEDGE_BASE_SK_PREFIX, KNOWLEDGE_BASE_GROUP_SK_PREFIX];

export function isWarmReadItem(sortKey: string): boolean {
  return WARM_READ_SORT_KEYS.has(sortKey) || WARM_READ_SORT_KEY_PREFIXES.some((prefix) => sortKey.startsWith(prefix));
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

/** Forgets every warm read of the client when a write names an item they may hold (write-watch.ts). */
function warmReadsOf(database: DatabasePort): WarmReads | undefined {
  let cache = cachesByClient.get(database.client);
  if (cache === undefined) {
    const created: WarmReads = { entries: new Map() };
    cache = onTableWrites(database, (sortKeys) => {
      if (sortKeys.some(isWarmReadItem)) created.entries.clear();
    })
      ? created
      : null;
    cachesByClient.set(database.client, cache);
  }
  return cache ?? undefined;
}
