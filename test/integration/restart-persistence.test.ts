import { afterAll, describe, expect, it } from 'vitest';
import { callApi, removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import type { Json } from '../support/json';

let dataDir: string | undefined;

afterAll(() => {
  if (dataDir) removeDataDir(dataDir);
});

describe('state under the data directory survives a restart', () => {
  it('keeps users, sign-ins, tokens and queued messages', async () => {
    const first = await startTestPlatform({ ownDatabase: true });
    dataDir = first.dataDir;
    const { email, password } = first.credentials.ADMIN;
    const login = await callApi<Json>(first.url, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    // A message that is still waiting when the platform stops must be delivered after the restart.
    await first.queue.send('indexing', {
      type: 'test.after-restart',
      version: 1,
      messageId: 'msg-restart-1',
      organizationId: 'org_test',
      requestedBy: 'system',
      createdAt: new Date().toISOString(),
      payload: {},
    }, { delaySeconds: 2 });
    await first.stop();

    // Same port as before: the issuer URL, and so every token's `iss`, includes it.
    const second = await startTestPlatform({ dataDir, port: Number(new URL(first.url).port), ownDatabase: true });
    try {
      expect(second.credentials.ADMIN).toEqual({ email, password });
      const session = await callApi<Json>(second.url, 'GET', '/api/auth/validate-session', { token: login.body.token });
      // The issuer's signing keys persist, so a token issued before the restart still verifies.
      expect(session.status).toBe(200);
      expect(session.body.user.id).toBe(login.body.user.id);
      const again = await callApi<Json>(second.url, 'POST', '/api/auth/login', { body: { email, password } });
      expect(again.status).toBe(200);
      expect(again.body.user.id).toBe(login.body.user.id);
      await expect
        .poll(() => second.queue.deadLetters('indexing').some((letter) => JSON.parse(letter.body).messageId === 'msg-restart-1'), { timeout: 20_000, interval: 200 })
        .toBe(true);
    } finally {
      await second.stop();
    }
  });
});
