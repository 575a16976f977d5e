/**
 * Rate-limit leases: a process that serves a high limit takes its share of the shared counter a
 * block at a time, instead of writing the counter once per request. An API client allowed 10,000
 * calls a minute otherwise costs the table one conditional write per call, on top of the call's
 * own work; with blocks of 50 it costs one in 50.
 *
 * The counter stays the only authority: a block is reserved by a conditional increment that never
 * takes the count past the limit, so all processes together never let more requests through than
 * the limit allows. What a lease costs is precision for a client spread over many processes: a
 * block reserved by one process and not used there before the window ends is never used, so such
 * a client may be refused up to (processes − 1) × (block − 1) requests early. Blocks are therefore
 * at most a hundredth of the limit, and limits under 200 (the chat's 30 a minute, an API token's
 * default 100, the public endpoints' 20) are counted one request at a time, exactly as before.
 */

/** A block is at most this fraction of the limit… */
const LEASE_SHARE_OF_LIMIT = 1 / 100;
/** …and never more than this many requests. */
const MAX_LEASE = 50;
/** Leases of old windows are dropped when this many counters are held. */
const MAX_COUNTERS = 10_000;

/** How many requests one reservation takes from the counter of a limit. */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(limit * LEASE_SHARE_OF_LIMIT)));
}

interface Lease {
  window: number;
  /** Requests this process reserved in the window. */
  granted: number;
  /** Of those, the requests it let through. */
  used: number;
  /** The shared count after this process's latest reservation. */
  counted: number;
}

/** The leases one process holds, by counter. */
export class RateLeases {
  private readonly leases = new Map<string, Lease>();

  /**
   * Lets one request through on the lease held for `counter` in `window`, answering how many
   * requests the window has counted with it (the reserved-but-unused ones of this process left
   * out), or undefined when nothing is left to take. A lease never takes a request past `limit`,
   * which may have been lowered since the block was reserved (an admin editing a token's limit).
   */
  take(counter: string, window: number, limit: number): number | undefined {
    const lease = this.leases.get(counter);
    if (!lease || lease.window !== window || lease.used >= lease.granted || usedOf(lease) >= limit) return undefined;
    lease.used += 1;
    return usedOf(lease);
  }

  /** Records a reservation of `block` requests, after which the shared count was `counted`, and lets one of them through. */
  grant(counter: string, window: number, block: number, counted: number): number {
    let lease = this.leases.get(counter);
    if (!lease || lease.window !== window) {
      if (this.leases.size >= MAX_COUNTERS) this.leases.clear();
      lease = { window, granted: 0, used: 0, counted: 0 };
      this.leases.set(counter, lease);
    }
    lease.granted += block;
    lease.used += 1;
    lease.counted = Math.max(lease.counted, counted);
    return usedOf(lease);
  }
}

const usedOf = (lease: Lease) => lease.counted - (lease.granted - lease.used);
