/**
 * Local stand-ins for the EventBridge rules of contract §23.2: each rule calls the scheduled handler
 * with its fixed input plus `time`, as the cloud rule's input does.
 */

export interface ScheduleRule {
  name: string;
  everyMs: number;
  input: { type: string } & Record<string, unknown>;
}

export type ScheduledInput = ScheduleRule['input'] & { time: string };

export type ScheduleHandler = (event: ScheduledInput) => unknown;

export interface ScheduleLogger {
  info(message: string, ...extra: unknown[]): void;
  error(message: string, ...extra: unknown[]): void;
}

export interface StartScheduleTimersOptions {
  handler: ScheduleHandler;
  rules?: readonly ScheduleRule[];
  /** Also run every rule once right away (handy after a laptop slept through a run). */
  runAtStart?: boolean;
  logger?: ScheduleLogger;
}

export const DEFAULT_SCHEDULE_RULES: readonly ScheduleRule[] = [
  { name: 'crawl-scheduler', everyMs: 3_600_000, input: { type: 'schedule.crawl' } },
  { name: 'cleanup', everyMs: 86_400_000, input: { type: 'schedule.cleanup' } },
];

export function startScheduleTimers(options: StartScheduleTimersOptions): { stop(): void } {
  const rules = options.rules ?? DEFAULT_SCHEDULE_RULES;
  const logger = options.logger ?? { info: () => undefined, error: console.error };
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  let stopped = false;

  const fire = async (rule: ScheduleRule): Promise<void> => {
    // A run still going when the next is due is skipped rather than stacked: the handlers pick up
    // whatever is due at the time they run, so nothing is lost.
    if (stopped || running.has(rule.name)) return;
    running.add(rule.name);
    try {
      await options.handler({ ...rule.input, time: new Date().toISOString() });
    } catch (error) {
      logger.error(`Scheduled rule "${rule.name}" failed`, error);
    } finally {
      running.delete(rule.name);
    }
  };

  for (const rule of rules) {
    // Timers never keep the process alive on their own: the HTTP server does that.
    timers.push(setInterval(() => void fire(rule), rule.everyMs).unref());
    if (options.runAtStart) timers.push(setTimeout(() => void fire(rule), 0).unref());
  }
  logger.info(`Schedule timers started: ${rules.map((rule) => `${rule.name} every ${rule.everyMs} ms`).join(', ')}`);

  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
