/** Read-decide-write rounds before giving up on an item that keeps changing underneath. */
export const WRITE_ROUNDS = 5;

/**
 * Runs a read-decide-write until it lands on an unchanged item: an attempt whose conditional write
 * finds the item changed since its read (`isStale`) reads again and decides again.
 */
export async function retryOnStale<T>(attempt: () => Promise<T>, isStale: (error: unknown) => boolean): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isStale(error) || round >= WRITE_ROUNDS) throw error;
    }
  }
}
