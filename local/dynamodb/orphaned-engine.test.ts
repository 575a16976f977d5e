import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endOrphanedEngine, enginePidFile, isEngineOf, recordEnginePid, watchParent } from './orphaned-engine';

const started: ChildProcess[] = [];
const folders: string[] = [];

/** A process whose command line looks like DynamoDB Local serving `dbPath`, without a JVM's start-up cost. */
function fakeEngine(dbPath: string): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)', 'DynamoDBLocal.jar', '-dbPath', dbPath], { stdio: 'ignore' });
  started.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

function dbFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'orphaned-engine-'));
  folders.push(folder);
  return folder;
}

async function running(child: ChildProcess): Promise<void> {
  await new Promise((resolve) => child.once('spawn', resolve));
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('an engine left behind by a killed platform', () => {
  it('is ended by the next start on the same database, which forgets its pid', async () => {
    const dbPath = dbFolder();
    const orphan = fakeEngine(dbPath);
    await running(orphan);
    await recordEnginePid(dbPath, orphan.pid as number);
    const gone = exited(orphan);

    await expect(endOrphanedEngine(dbPath)).resolves.toBe(orphan.pid);
    await gone;
    expect(existsSync(enginePidFile(dbPath))).toBe(false);
  });

  it('leaves alone a recorded pid that is now another program or another database\'s engine', async () => {
    const dbPath = dbFolder();
    const other = fakeEngine(dbFolder());
    await running(other);
    writeFileSync(enginePidFile(dbPath), `${other.pid}\n`);

    await expect(endOrphanedEngine(dbPath)).resolves.toBeUndefined();
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
    expect(existsSync(enginePidFile(dbPath))).toBe(false);
  });

  it('does nothing without a pid file', async () => {
    await expect(endOrphanedEngine(dbFolder())).resolves.toBeUndefined();
  });

  it('matches the database folder as a whole argument, not a prefix of another one', () => {
    expect(isEngineOf('java -jar /x/DynamoDBLocal.jar -dbPath /data/dynamodb -sharedDb', '/data/dynamodb')).toBe(true);
    expect(isEngineOf('java -jar /x/DynamoDBLocal.jar -dbPath /data/dynamodb2 -sharedDb', '/data/dynamodb')).toBe(false);
    expect(isEngineOf('vim /data/dynamodb', '/data/dynamodb')).toBe(false);
  });
});

describe.runIf(process.platform !== 'win32')('the watchdog', () => {
  it('kills the engine soon after its parent dies without a word', async () => {
    const parent = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
    started.push(parent);
    const engine = fakeEngine(dbFolder());
    await Promise.all([running(parent), running(engine)]);
    watchParent(engine, parent.pid as number);
    const gone = exited(engine);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(engine.exitCode ?? engine.signalCode).toBeNull();
    parent.kill('SIGKILL');
    await gone;
    expect(engine.signalCode).toBe('SIGKILL');
  }, 15_000);

  it('ends itself when the engine stops first', async () => {
    const engine = fakeEngine(dbFolder());
    await running(engine);
    const watchdog = watchParent(engine) as ChildProcess;
    const watchdogGone = exited(watchdog);
    engine.kill('SIGTERM');
    await watchdogGone;
    expect(watchdog.exitCode).toBe(0);
  }, 15_000);
});
