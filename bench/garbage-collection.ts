import { PerformanceObserver, constants } from 'node:perf_hooks';

export interface GarbageCollectionTime {
  /** Milliseconds this thread spent in collections, by kind: scavenges of the young generation, and the rest (mark-compact, incremental marking, weak callbacks). */
  youngMs: number;
  otherMs: number;
  collections: number;
}

/**
 * Watches this thread's garbage collections from now until `stop()`: the part of the process's CPU
 * per send that the size of V8's young generation decides (scripts/platform-process.mjs).
 */
export function watchGarbageCollection(): { stop(): GarbageCollectionTime } {
  const time: GarbageCollectionTime = { youngMs: 0, otherMs: 0, collections: 0 };
  const add = (entries: PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) time.youngMs += entry.duration;
      else time.otherMs += entry.duration;
      time.collections++;
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      add(observer.takeRecords());
      observer.disconnect();
      return time;
    },
  };
}
