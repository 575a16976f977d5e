import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DynamoDB Local is a JVM the platform spawns. A parent that dies without running its exit hooks
 * (kill -9, the OOM killer, a machine that stops the process group's leader only) used to leave that
 * JVM running: it kept the SQLite file open while the next start opened a second engine on the same
 * file, and it lived on, holding memory, until someone killed it by hand. Two guards:
 *
 * - a pid file beside the database, so the next start on the data folder ends the engine an earlier
 *   process left behind before anything opens the file again;
 * - a watchdog (a POSIX shell loop) that ends the engine within a second or two of its parent's death,
 *   so an orphan does not wait for the next start at all.
 */
export const ENGINE_PID_FILE = 'dynamodb-local.pid';
const STOP_GRACE_MS = 5_000;

export function enginePidFile(dbPath: string): string {
  return path.join(dbPath, ENGINE_PID_FILE);
}

export async function recordEnginePid(dbPath: string, pid: number): Promise<void> {
  await writeFile(enginePidFile(dbPath), `${pid}\n`);
}

export async function forgetEnginePid(dbPath: string): Promise<void> {
  await rm(enginePidFile(dbPath), { force: true });
}

/**
 * Ends the engine recorded in the pid file if it still runs and still is a DynamoDB Local engine of
 * this database (a recycled pid belongs to someone else and is left alone). Resolves to the pid it
 * ended, if any.
 */
export async function endOrphanedEngine(dbPath: string, commandOf: (pid: number) => Promise<string | undefined> = processCommand): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number((await readFile(enginePidFile(dbPath), 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return forgetAndReturn(dbPath);
  const command = await commandOf(pid);
  if (!command || !isEngineOf(command, dbPath)) return forgetAndReturn(dbPath);
  const ended = async () => {
    const now = await commandOf(pid);
    return !now || !isEngineOf(now, dbPath);
  };
  signal(pid, 'SIGTERM');
  if (!(await within(STOP_GRACE_MS, ended))) {
    signal(pid, 'SIGKILL');
    if (!(await within(STOP_GRACE_MS, ended))) throw new Error(`DynamoDB Local left running by an earlier start (pid ${pid}) does not stop; end it, then start again`);
  }
  await forgetEnginePid(dbPath);
  return pid;
}

async function forgetAndReturn(dbPath: string): Promise<undefined> {
  await forgetEnginePid(dbPath);
  return undefined;
}

/** The command line is DynamoDB Local's jar serving exactly this database folder. */
export function isEngineOf(command: string, dbPath: string): boolean {
  return command.includes('DynamoDBLocal.jar') && command.split(/\s+/).includes(dbPath);
}

/**
 * Starts the watchdog of `engine`: it polls both processes and, when `parentPid` is gone while the
 * engine still runs, kills the engine. It exits on its own once the engine has exited. Windows has no
 * POSIX shell; there the pid file alone applies.
 */
export function watchParent(engine: ChildProcess, parentPid = process.pid): ChildProcess | undefined {
  if (process.platform === 'win32' || engine.pid === undefined) return undefined;
  const script = 'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -0 "$2" 2>/dev/null && kill -9 "$2"; exit 0';
  // Detached: a signal sent to the parent's process group must not end the watchdog before the engine.
  const watchdog = spawn('/bin/sh', ['-c', script, 'groundwork-dynamodb-watchdog', String(parentPid), String(engine.pid)], { stdio: 'ignore', detached: true });
  watchdog.on('error', () => undefined);
  watchdog.unref();
  return watchdog;
}

function processCommand(pid: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    // `ps` has the full argument list on Linux and macOS alike; no answer means no such process.
    execFile('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { timeout: 5_000 }, (error, stdout) => resolve(error ? undefined : stdout.trim() || undefined));
  });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Asks the command line rather than kill(pid, 0), which a zombie nobody has reaped yet still answers. */
async function within(ms: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
