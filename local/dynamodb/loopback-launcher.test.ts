import { statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsConnections, NO_NON_LOOPBACK_ADDRESS, nonLoopbackAddress } from '../../test/support/reachability';
import { findJarDirectory, startDynamoDbLocal } from './dynamodb-local';
import { compiledLauncher, LAUNCHER_CLASS, loopbackEngineArguments } from './loopback-launcher';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

describe('the loopback launcher of DynamoDB Local', () => {
  let scratch: string;
  let jarDir: string;
  /** A java whose folder has no javac, as on a machine with a JRE only. */
  let javaWithoutJavac: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'gw-launcher-'));
    jarDir = await findJarDirectory();
    javaWithoutJavac = path.join(scratch, 'jre', 'java');
    await mkdir(path.dirname(javaWithoutJavac));
    await symlink('/usr/bin/java', javaWithoutJavac);
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('compiles once into its cache and reuses the class afterwards', async () => {
    const cacheDir = path.join(scratch, 'cache');
    const first = await compiledLauncher({ javaCommand: 'java', jarDir, cacheDir });
    expect(first).toBeDefined();
    const classFile = path.join(first!, `${LAUNCHER_CLASS}.class`);
    const compiledAt = statSync(classFile).mtimeMs;
    expect(await compiledLauncher({ javaCommand: 'java', jarDir, cacheDir })).toBe(first);
    expect(statSync(classFile).mtimeMs).toBe(compiledAt);
    const args = await loopbackEngineArguments({ javaCommand: 'java', jarDir, cacheDir, host: '127.0.0.1', engineOptions: ['-port', '1'] });
    expect(args.slice(-4)).toEqual([LAUNCHER_CLASS, '127.0.0.1', '-port', '1']);
    // orphaned-engine.ts recognises an engine by the jar in its command line.
    expect(args.join(' ')).toContain('DynamoDBLocal.jar');
  });

  it('runs the program from its source without javac', async () => {
    const cacheDir = path.join(scratch, 'no-javac-cache');
    expect(await compiledLauncher({ javaCommand: javaWithoutJavac, jarDir, cacheDir })).toBeUndefined();
    const args = await loopbackEngineArguments({ javaCommand: javaWithoutJavac, jarDir, cacheDir, host: '127.0.0.1', engineOptions: [] });
    expect(args.at(-2)).toMatch(/LoopbackDynamoDbLocal\.java$/);
  });

  const outside = nonLoopbackAddress();
  it.skipIf(!outside)(`from its source too, the engine answers on loopback and not on ${outside ?? NO_NON_LOOPBACK_ADDRESS}`, async () => {
    const handle = await startDynamoDbLocal({ dataDir: path.join(scratch, 'data'), javaCommand: javaWithoutJavac, startTimeoutMs: 90_000 });
    try {
      const port = Number(new URL(handle.endpoint).port);
      expect(await acceptsConnections('127.0.0.1', port)).toBe(true);
      expect(await acceptsConnections(outside!, port)).toBe(false);
    } finally {
      await handle.stop();
    }
  }, 120_000);
});
