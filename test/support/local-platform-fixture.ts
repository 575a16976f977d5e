import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { startLocalPlatform, type LocalPlatform, type LocalPlatformOptions } from '../../local/platform/local-platform';

export interface TestPlatformOptions extends Partial<LocalPlatformOptions> {
  dataDir?: string;
  /** An engine of its own in the data folder, as `npm start` runs, for tests of the engine or of what survives a restart on disk. */
  ownDatabase?: boolean;
}

/**
 * Starts the embedded platform on a free port with its own data directory. Its items go to a table
 * of its own (named for the data folder, so a restart on the same folder finds them) in the run's
 * shared DynamoDB Local (shared-dynamodb.ts), unless it asks for an engine of its own.
 */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<LocalPlatform & { dataDir: string }> {
  const { ownDatabase, ...platformOptions } = options;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'groundwork-test-'));
  const sharedEndpoint = ownDatabase ? undefined : inject('sharedDynamoDbEndpoint');
  const database = options.database ?? (sharedEndpoint ? { endpoint: sharedEndpoint, tableName: basename(dataDir).replace(/[^A-Za-z0-9_.-]/g, '-') } : undefined);
  const platform = await startLocalPlatform({ port: 0, schedules: false, queueVisibilityTimeoutSeconds: 0.2, ...platformOptions, database, dataDir });
  return Object.assign(platform, { dataDir });
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON request to the platform, answering status, parsed body and headers. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}
