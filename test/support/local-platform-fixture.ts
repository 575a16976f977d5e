import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalPlatform, type LocalPlatform, type LocalPlatformOptions } from '../../local/platform/local-platform';

/** Starts the embedded platform on a free port with its own data directory. */
export async function startTestPlatform(options: Partial<LocalPlatformOptions> & { dataDir?: string } = {}): Promise<LocalPlatform & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'groundwork-test-'));
  const platform = await startLocalPlatform({ port: 0, schedules: false, queueVisibilityTimeoutSeconds: 0.2, ...options, dataDir });
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
