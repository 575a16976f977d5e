import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationRepository } from '../../functions/domain/applications/application-repository';
import { FileRepository } from '../../functions/domain/files/file-repository';
import { FolderRepository } from '../../functions/domain/folders/folder-repository';
import { GroupRepository } from '../../functions/domain/groups/group-repository';
import { KnowledgeBaseRepository } from '../../functions/domain/knowledge-bases/knowledge-base-repository';
import { OrganizationRepository, type OrganizationRecord } from '../../functions/domain/organizations/organization-repository';
import { DEMO_CONTENT, demoDocuments } from '../../local/seed/demo-content';
import { callApi, removeDataDir, startTestPlatform, type JsonAnswer } from '../support/local-platform-fixture';
import { nextClientIp } from '../support/unique-values';
import type { Json } from '../support/json';

/**
 * The first-run demo content (issue point 7): a knowledge base of Groundwork's own documentation
 * and the "Groundwork Help" application for the demo groups, so a newcomer can ask how to deploy
 * Groundwork and get a cited answer. Seeding again on the next start creates nothing twice.
 */

type Body = Json;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let demo: OrganizationRecord;

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<JsonAnswer<Body>> {
  return callApi<Body>(platform.url, method, path, { token, body, headers: { 'x-forwarded-for': nextClientIp() } });
}

async function login(role: 'ADMIN' | 'USER' | 'RAG_USER'): Promise<string> {
  const answer = await call('POST', '/api/auth/login', undefined, { email: platform.credentials[role].email, password: platform.credentials[role].password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}

/** What the demo content consists of, by id, read straight from the table. */
async function demoInventory() {
  const database = platform.ports.database;
  const tree = await new FolderRepository(database).tree(demo.id);
  const folders = tree.childrenOf(tree.root.id).filter((folder) => folder.name === DEMO_CONTENT.folderName);
  const files = folders.length === 1 ? (await new FileRepository(database).listFolder(demo.id, folders[0]!.id)).files : [];
  const knowledgeBases = (await new KnowledgeBaseRepository(database).list(demo.id)).items.filter((item) => item.name === DEMO_CONTENT.knowledgeBaseName);
  const applications = (await new ApplicationRepository(database).list(demo.id)).items.filter((item) => item.name === DEMO_CONTENT.applicationName);
  const groups = (await new GroupRepository(database).listByOrganization(demo.id)).filter((group) => group.name === DEMO_CONTENT.groupName);
  return {
    folders: folders.map((folder) => folder.id),
    files: files.map((file) => `${file.name}:${file.id}`).sort(),
    knowledgeBases: knowledgeBases.map((item) => item.id),
    applications: applications.map((item) => item.id),
    groups: groups.map((group) => group.id),
  };
}

beforeAll(async () => {
  platform = await startTestPlatform({ trustProxy: true, demoContent: true });
  demo = (await new OrganizationRepository(platform.ports.database).findByDomain('demo.example.com')) as OrganizationRecord;
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

describe('first-run demo content', () => {
  it('builds the documentation knowledge base and the Groundwork Help application in the background, within a minute', async () => {
    const application = await platform.demoContent;
    expect(application?.name).toBe(DEMO_CONTENT.applicationName);
    const admin = await login('ADMIN');
    const shown = await call('GET', `/api/rag/${application!.id}`, admin);
    expect(shown.body).toMatchObject({ status: 'ready', knowledge_bases: [{ name: DEMO_CONTENT.knowledgeBaseName, status: 'ready' }] });
    const groups = await call('GET', `/api/rag/${application!.id}/groups`, admin);
    expect(groups.body.groups.map((group: Body) => group.name)).toEqual(['Administrators', DEMO_CONTENT.groupName]);
    const kb = await call('GET', `/api/knowledge-bases/${shown.body.index_ids[0]}`, admin);
    expect(kb.body.document_count).toBe(demoDocuments(process.cwd()).length);
  }, 90_000);

  it("answers a demo user's 'How do I deploy Groundwork?' citing docs/deployment.md", async () => {
    const application = (await platform.demoContent)!;
    const ragUser = await login('RAG_USER');
    const mine = await call('GET', '/api/rag', ragUser);
    expect(mine.body.applications.map((item: Body) => item.name)).toContain(DEMO_CONTENT.applicationName);
    const session = await call('POST', `/api/chat/sessions/${application.id}`, ragUser, {});
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sent = await call('POST', `/api/chat/messages/${application.id}/sessions/${session.body.session.id}`, ragUser, { message: { text: 'How do I deploy Groundwork?', sender: 'user' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const reply = sent.body.messages.at(-1);
    expect(reply.sender).toBe('assistant');
    expect(reply.sources.map((source: Body) => source.name)).toContain('deployment.md');
    expect(reply.text).toMatch(/deploy/i);
  });

  it('leaves room for the admin\'s own knowledge bases: without Stripe the demo organization is on the self-hosted plan', async () => {
    await platform.demoContent;
    const admin = await login('ADMIN');
    const demoKb = (await call('GET', '/api/knowledge-bases', admin)).body.knowledgeBases.find((kb: Body) => kb.name === DEMO_CONTENT.knowledgeBaseName);
    const own = await call('POST', '/api/knowledge-bases', admin, {
      name: 'Our own handbook',
      source_type: 'files',
      embedding_model: 'text-embedding-ada-002',
      data_source_ids: demoKb.data_source_ids.slice(0, 1),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const removed = await call('DELETE', `/api/knowledge-bases/${own.body.id}`, admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
  });

  it('creates nothing twice when the next start seeds again', async () => {
    const before = await demoInventory();
    expect(before.files).toHaveLength(demoDocuments(process.cwd()).length);
    for (const [kind, ids] of Object.entries(before)) if (kind !== 'files') expect(ids, kind).toHaveLength(1);

    const dataDir = platform.dataDir;
    await platform.stop();
    platform = await startTestPlatform({ trustProxy: true, demoContent: true, dataDir });
    expect((await platform.demoContent)?.id).toBe(before.applications[0]);
    expect(await demoInventory()).toEqual(before);
  }, 180_000);
});
