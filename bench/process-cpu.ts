import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of another process, from /proc (Linux only; null elsewhere): what DynamoDB Local's JVM
 * spends serving the chat, which process.cpuUsage() of this process cannot see.
 */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * (1000 / CLOCK_TICKS_PER_SECOND) : null;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ, 100 on every common configuration. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The process whose command line holds `fragment` (e.g. DynamoDB Local's `-dbPath`), if any. */
export function findProcess(fragment: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(fragment)) return Number(entry);
    } catch {
      // Gone since the listing.
    }
  }
  return undefined;
}
