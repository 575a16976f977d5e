import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { QUEUE_NAMES } from '../../../functions/contracts/ports/queue';
import { startLocalPlatform } from '../../../local/platform/local-platform';
import { ensureSelfHostedPlan } from '../../../functions/domain/seed/self-hosted-plan-store';

/**
 * The embedded platform in a process of its own, so the crash suite can SIGKILL it mid-work and start
 * it again on the same data directory, as an `npm start` user whose machine dies would. Started with
 * `fork` (an IPC channel): it sends `{ type: 'ready', ... }` once it serves, answers
 * `{ type: 'queues' }` with the embedded queue's counts, and stops cleanly on SIGTERM.
 *
 * Environment: CRASH_DATA_DIR, CRASH_PORT (the same port across restarts: tokens carry the issuer's).
 */

export interface ChildReady {
  type: 'ready';
  url: string;
  credentials: Record<'SYSTEM_ADMIN' | 'ADMIN' | 'USER' | 'RAG_USER', { email: string; password: string }>;
  pid: number;
}

export interface ChildQueues {
  type: 'queues';
  stats: Record<string, { visible: number; inFlight: number; delayed: number; deadLetters: number }>;
  deadLetters: Array<{ queue: string; body: string; lastError: string }>;
}

async function main(): Promise<void> {
  const dataDir = process.env.CRASH_DATA_DIR;
  if (!dataDir) throw new Error('CRASH_DATA_DIR is required');
  const platform = await startLocalPlatform({
    port: Number(process.env.CRASH_PORT ?? 0),
    dataDir,
    schedules: false,
    trustProxy: true,
    queueVisibilityTimeoutSeconds: 0.2,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  // The free trial's one knowledge base would stop the suite's second deployment; a self-hosted
  // install runs on the largest plan anyway (local/seed/self-hosted-plan.ts).
  const { database } = platform.ports;
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: { PK: 'SEED', SK: 'SEED' } }));
  await ensureSelfHostedPlan(platform.ports, (Item as { demoOrganizationId: string }).demoOrganizationId);

  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'queues') return;
    const answer: ChildQueues = {
      type: 'queues',
      stats: Object.fromEntries(QUEUE_NAMES.map((name) => [name, platform.queue.stats(name)])),
      deadLetters: QUEUE_NAMES.flatMap((name) => platform.queue.deadLetters(name).map((letter) => ({ queue: name, body: letter.body, lastError: letter.lastError }))),
    };
    process.send?.(answer);
  });
  // The suite that started it is gone (it crashed or was killed): a platform nobody drives must not run on.
  process.once('disconnect', () => process.exit(1));
  process.once('SIGTERM', () => {
    platform.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  const ready: ChildReady = { type: 'ready', url: platform.url, credentials: platform.credentials, pid: process.pid };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  process.stderr.write(`platform child could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
