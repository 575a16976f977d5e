import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmoke, SMOKE_STEPS } from '../../bin/smoke/smoke-run';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';

/**
 * `npm run smoke` (bin/smoke.ts) against the embedded platform instead of a deployed stack: every
 * step passes and nothing it created is left; run as an engineer runs it with a wrong password, it
 * exits non-zero and names the failing step.
 */

let platform: Awaited<ReturnType<typeof startTestPlatform>>;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

function smoke(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/smoke.ts', ...args], {
      env: { ...process.env, GROUNDWORK_SMOKE_POLL_MS: '100', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function countOf(path: string, key: string, token: string): Promise<number> {
  const answer = await callApi<Record<string, unknown>>(platform.url, 'GET', `${path}?all=true`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body[key] as unknown[]).length;
}

describe('npm run smoke', () => {
  it('passes every step against a working platform and deletes what it created', async () => {
    const { email, password } = platform.credentials.ADMIN;
    const login = await callApi<{ token: string }>(platform.url, 'POST', '/api/auth/login', { body: { email, password } });
    const counts = async () => [
      await countOf('/api/rag', 'applications', login.body.token),
      await countOf('/api/knowledge-bases', 'knowledgeBases', login.body.token),
      await countOf('/api/data-sources', 'dataSources', login.body.token),
    ];
    const before = await counts();

    // In this process: the command line itself is run by the failing case below.
    const lines: string[] = [];
    const report = await runSmoke({ url: platform.url, email, password, pollMs: 100, log: (line) => lines.push(line) });
    const output = `${lines.join('\n')}\n`;

    expect(report, output).toEqual({ ok: true, failedStep: undefined, error: undefined, leftovers: [] });
    for (const [index, step] of SMOKE_STEPS.entries()) expect(output).toMatch(new RegExp(`\\[${index + 1}/${SMOKE_STEPS.length}\\] ${step} +ok `));
    expect(output).toMatch(/citation +ok +cites the uploaded document/);
    expect(output).toMatch(/deleted application app_\S+\n.*deleted knowledge base \S+\n.*deleted file \S+/);
    expect(output).toMatch(/Smoke check passed\.\n$/);
    expect(await counts()).toEqual(before);
  });

  it('exits non-zero naming the step when the credentials are wrong, and says what is missing', async () => {
    const wrong = await smoke(['--url', platform.url], { GROUNDWORK_SMOKE_EMAIL: platform.credentials.ADMIN.email, GROUNDWORK_SMOKE_PASSWORD: 'not-the-password-1A!' });
    expect(wrong.code, wrong.output).toBe(1);
    expect(wrong.output).toMatch(/\[1\/9\] health +ok /);
    expect(wrong.output).toMatch(/\[2\/9\] sign in +FAIL +Signing in as admin@demo\.example\.com answered HTTP 401: Invalid email or password/);
    expect(wrong.output).toMatch(/Smoke check FAILED at step "sign in"/);
    expect(wrong.output).not.toMatch(/\[3\/9\]/);

    const usage = await smoke(['--url', platform.url], { GROUNDWORK_SMOKE_EMAIL: '', GROUNDWORK_SMOKE_PASSWORD: '' });
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/Missing --email \(or GROUNDWORK_SMOKE_EMAIL\), --password \(or GROUNDWORK_SMOKE_PASSWORD\)/);
  });
});
