import type { HealthResponse } from '../../../shared/api/schemas/health';
import { currentRuntime, readEnv } from '../../platform/environment';
import { platformModes } from '../../platform/modes';
import { getPorts } from '../../contracts/ports/ports';

const CHECK_TIMEOUT_MS = 3000;

async function probe(ping: () => Promise<void>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every port whether it answers (contract §3.1), all at once so one slow port costs one timeout. */
export async function checkHealth(): Promise<HealthResponse> {
  const ports = getPorts();
  const [database, storage, queue, identity] = await Promise.all([
    probe(() => ports.database.ping()),
    probe(() => ports.objects.ping()),
    probe(() => ports.queue.ping()),
    probe(() => ports.identity.ping()),
  ]);
  const checks = { database, storage, queue, identity };
  return {
    status: Object.values(checks).every((state) => state === 'ok') ? 'ok' : 'degraded',
    version: readEnv('version', '0.1.0'),
    environment: currentRuntime(),
    time: new Date().toISOString(),
    checks,
    adapters: { database: ports.database.adapter, storage: ports.objects.adapter, queue: ports.queue.adapter, identity: ports.identity.adapter },
    modes: platformModes(),
  };
}
