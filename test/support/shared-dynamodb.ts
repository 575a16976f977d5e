import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../local/dynamodb/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The endpoint of the DynamoDB Local every test platform of the run keeps its table in. */
    sharedDynamoDbEndpoint: string;
  }
}

/**
 * Vitest global setup: one DynamoDB Local for the whole run. A platform per test file each starting
 * its own JVM spent about ten seconds of a two-core machine on every start, and each engine served
 * its file cold (unwarmed JIT); each platform still gets its own table (local-platform-fixture.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-shared-dynamodb-'));
  const engine = await startDynamoDbLocal({ dataDir });
  project.provide('sharedDynamoDbEndpoint', engine.endpoint);
  return async () => {
    await engine.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
