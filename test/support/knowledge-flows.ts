import { expect } from 'vitest';
import type { LocalPlatform } from '../../local/platform/local-platform';
import { callApi, type JsonAnswer } from './local-platform-fixture';
import { nextClientIp } from './unique-values';
import type { Json } from './json';

// Kept in a module of its own so that kits without the embedded platform (the cloud-mode rehearsal) can use it.
export { subscribe } from './subscriptions';

/**
 * The product paths the knowledge and chat tests walk through the HTTP API, as the browser does:
 * sign in, upload a file (§9.5, §9.6), build and deploy a knowledge base (§15.4, §15.7), create an
 * application (§16.4) and talk to it (§17). Every request comes from its own client address, so the
 * per-IP limits of the public auth endpoints never meet a test that is not about them.
 */

export type Body = Json;

export interface KnowledgeFlows {
  call(method: string, path: string, token: string | undefined, body?: unknown, headers?: Record<string, string>): Promise<JsonAnswer<Body>>;
  login(email: string, password: string): Promise<string>;
  /** Uploads `content` as a file and waits until ingest has made it `active`; answers its id. */
  uploadFile(token: string, filename: string, content: string): Promise<string>;
  /** Creates a `files` knowledge base, deploys it and waits until it is `ready`. */
  readyKnowledgeBase(token: string, name: string, fileIds: string[]): Promise<Body>;
  createApplication(token: string, body: Body): Promise<Body>;
  /** Creates a group and adds the user with `email` to it; answers the group. */
  groupWithMember(token: string, group: { name: string; description: string }, email: string): Promise<Body>;
  newSession(appId: string, token: string): Promise<Body>;
  /** One user message; answers the whole send response. */
  ask(appId: string, sessionId: string, token: string, text: string): Promise<JsonAnswer<Body>>;
}

/** Polls until `read` answers `expected`; usable in hooks too, unlike expect.poll. */
export async function waitUntil(read: () => Promise<unknown>, expected: unknown, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Still ${String(last)} after ${timeoutMs} ms, expected ${String(expected)}`);
}

export function knowledgeFlows(platform: Pick<LocalPlatform, 'url'>): KnowledgeFlows {
  const call: KnowledgeFlows['call'] = (method, path, token, body, headers = {}) =>
    callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp(), ...headers } });

  const flows: KnowledgeFlows = {
    call,
    async login(email, password) {
      const answer = await call('POST', '/api/auth/login', undefined, { email, password });
      expect(answer.status, `login ${email}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.token as string;
    },
    async uploadFile(token, filename, content) {
      const size = Buffer.byteLength(content);
      const ticket = await call('POST', '/api/data-sources/upload-url', token, { filename, size });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
      const put = await fetch(ticket.body.uploadUrl, { method: 'PUT', headers: ticket.body.headers, body: content });
      expect(put.status).toBe(200);
      const complete = await call('POST', '/api/data-sources/upload-complete', token, { dataSourceId: ticket.body.dataSourceId, objectName: ticket.body.objectName, size, mimeType: ticket.body.headers['Content-Type'] });
      expect(complete.status, JSON.stringify(complete.body)).toBe(200);
      await waitUntil(async () => (await call('GET', `/api/data-sources/${ticket.body.dataSourceId}`, token)).body.status, 'active', 30_000);
      return ticket.body.dataSourceId as string;
    },
    async readyKnowledgeBase(token, name, fileIds) {
      const created = await call('POST', '/api/knowledge-bases', token, { name, source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: fileIds });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const deployed = await call('POST', `/api/knowledge-bases/${created.body.id}/deploy`, token, {});
      expect(deployed.status, JSON.stringify(deployed.body)).toBe(202);
      await waitUntil(async () => (await call('GET', `/api/knowledge-bases/${created.body.id}`, token)).body.status, 'ready');
      return (await call('GET', `/api/knowledge-bases/${created.body.id}`, token)).body;
    },
    async createApplication(token, body) {
      const created = await call('POST', '/api/rag', token, { llmModel: 'claude-3-sonnet', ...body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body;
    },
    async groupWithMember(token, body, email) {
      const group = await call('POST', '/api/groups', token, body);
      expect(group.status, JSON.stringify(group.body)).toBe(201);
      const users = await call('GET', `/api/users?search=${encodeURIComponent(email)}`, token);
      const user = (users.body.data as Body[]).find((entry) => entry.email === email);
      expect(user, JSON.stringify(users.body)).toBeDefined();
      const added = await call('POST', `/api/groups/${group.body.id}/users/${user!.id}`, token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return group.body;
    },
    async newSession(appId, token) {
      const created = await call('POST', `/api/chat/sessions/${appId}`, token, {});
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.session as Body;
    },
    ask: (appId, sessionId, token, text) => call('POST', `/api/chat/messages/${appId}/sessions/${sessionId}`, token, { message: { text, sender: 'user' } }),
  };
  return flows;
}
