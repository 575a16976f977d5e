import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChildQueues, ChildReady } from './platform-child';

const CHILD = fileURLToPath(new URL('./platform-child.ts', import.meta.url));

/** A platform running in its own process (platform-child.ts), which the crash suite may SIGKILL. */
export interface ChildPlatform {
  url: string;
  credentials: ChildReady['credentials'];
  process: ChildProcess;
  /** The embedded queue's counts and dead letters, asked of the child. */
  queues(): Promise<ChildQueues>;
  /** The tail of the child's output, for a failure's message. */
  output(): string;
  /** kill -9, as a power cut of the process (not the machine): nothing runs after it. */
  crash(): Promise<void>;
  /** SIGTERM: the platform's own clean stop. */
  stop(): Promise<void>;
}

export async function startChildPlatform(dataDir: string, port: number, timeoutMs = 120_000): Promise<ChildPlatform> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CRASH_DATA_DIR: dataDir, CRASH_PORT: String(port), POWERTOOLS_LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let expectedExit = false;
  child.once('exit', (code, signal) => {
    // A platform dying on its own is a finding, not noise: say so with what it printed.
    if (!expectedExit) console.error(`The platform child exited unexpectedly (${code ?? signal}):\n${output}`);
  });

  const ready = await new Promise<ChildReady>((resolve, reject) => {
    const timer = setTimeout(() => {
      expectedExit = true;
      child.kill('SIGKILL');
      reject(new Error(`The platform child did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('message', (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message as ChildReady);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The platform child exited with ${code ?? signal} before it was ready:\n${output}`));
    });
  });

  return {
    url: ready.url,
    credentials: ready.credentials,
    process: child,
    output: () => output,
    queues: () =>
      new Promise<ChildQueues>((resolve, reject) => {
        const listener = (message: { type?: string }) => {
          if (message?.type !== 'queues') return;
          child.off('message', listener);
          resolve(message as ChildQueues);
        };
        child.on('message', listener);
        if (!child.send({ type: 'queues' })) reject(new Error('The platform child is not listening'));
      }),
    async crash() {
      expectedExit = true;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      expectedExit = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Pids of live DynamoDB Local JVMs serving `dataDir` (Linux: /proc), whoever their parent is. */
export function dynamoDbJvmsOf(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.some((arg) => arg.endsWith('DynamoDBLocal.jar')) && args.includes(`${dataDir}/dynamodb`)) pids.push(Number(entry));
  }
  return pids;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
