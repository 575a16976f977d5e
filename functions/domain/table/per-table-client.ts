import type { DatabasePort } from '../../contracts/ports/database';

/**
 * State a process keeps beside one table client, made on first use: one per Lambda instance or
 * local platform, and apart for each test platform, whose clients differ.
 */
export function perTableClient<T>(make: () => T): (database: DatabasePort) => T {
  const byClient = new WeakMap<object, T>();
  return (database) => {
    let state = byClient.get(database.client);
    if (state === undefined) byClient.set(database.client, (state = make()));
    return state;
  };
}
