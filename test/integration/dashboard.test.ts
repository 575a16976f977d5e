import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFlows, subscribe, type Body, type KnowledgeFlows } from '../support/knowledge-flows';
import { removeDataDir, startTestPlatform } from '../support/local-platform-fixture';
import { OrganizationRepository } from '../../functions/domain/organizations/organization-repository';
import { UserRepository } from '../../functions/domain/users/user-repository';
import { seedFiles } from '../support/seeded-files';
import { unique } from '../support/unique-values';

/**
 * The resource relationships dashboard (contract §22.1): the admin's whole picture, a user's scoped
 * one, the orders and links, and nothing of another organization.
 */
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let flows: KnowledgeFlows;
const tokens = { ADMIN: '', USER: '', RAG_USER: '', SYSTEM_ADMIN: '' };
const ids = {} as { a: string; b: string; c: string; shared: Body; draft: Body; app: Body; group: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  flows = knowledgeFlows(platform);
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = await flows.login(platform.credentials[role].email, platform.credentials[role].password);
  const admin = await new UserRepository(platform.ports.database).findByEmail(platform.credentials.ADMIN.email);
  const organization = await new OrganizationRepository(platform.ports.database).get(admin!.organization_id);
  await subscribe(platform, organization!.id, 'starter');

  ids.b = await flows.uploadFile(tokens.ADMIN, 'beta notes.txt', 'Beta release notes: the scheduler now retries failed jobs.');
  ids.a = await flows.uploadFile(tokens.ADMIN, 'Alpha guide.md', '# Alpha\n\nThe alpha guide explains installation.');
  ids.c = await flows.uploadFile(tokens.ADMIN, 'cost sheet.txt', 'Costs per seat for the next quarter.');
  ids.shared = await flows.readyKnowledgeBase(tokens.ADMIN, 'Product Docs', [ids.b, ids.a]);
  const draft = await flows.call('POST', '/api/knowledge-bases', tokens.ADMIN, { name: 'Finance', source_type: 'files', embedding_model: 'text-embedding-ada-002', chunk_size: 200, overlap: 20, data_source_ids: [ids.c] });
  expect(draft.status).toBe(201);
  ids.draft = draft.body;
  ids.app = await flows.createApplication(tokens.ADMIN, { name: 'Helpdesk', description: 'Answers product questions', indexIds: [ids.shared.id] });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  if (platform) removeDataDir(platform.dataDir);
});

const resources = (token: string) => flows.call('GET', '/api/dashboard/resources', token);

describe('GET /api/dashboard/resources (§22.1)', () => {
  it('gives an admin every source, knowledge base and application, ordered, with their links', async () => {
    const answer = await resources(tokens.ADMIN);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { dataSources, knowledgeBases, applications, truncated } = answer.body;
    expect(truncated).toBe(false);
    expect(dataSources.map((item: Body) => item.name)).toEqual(['Alpha guide.md', 'beta notes.txt', 'cost sheet.txt']);
    expect(dataSources[0]).toMatchObject({ id: ids.a, type: 'file', item_type: 'file', source_type: 'file_upload', status: 'active', metadata: { file_count: 1 } });
    expect(dataSources[0].metadata.full_path).toMatch(/\/Alpha guide\.md$/);
    expect(knowledgeBases.map((kb: Body) => kb.name)).toEqual(['Finance', 'Product Docs']);
    expect(knowledgeBases[1]).toMatchObject({ id: ids.shared.id, status: 'ready', source_type: 'files' });
    expect([...knowledgeBases[1].data_source_ids].sort()).toEqual([ids.a, ids.b].sort());
    expect(applications).toEqual([{ id: ids.app.id, name: 'Helpdesk', description: 'Answers product questions', enabled: true, status: 'ready', index_ids: [ids.shared.id] }]);
  });

  it('scopes a user to what their groups share, and the sources those knowledge bases use', async () => {
    const before = await resources(tokens.USER);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ dataSources: [], knowledgeBases: [], applications: [], truncated: false });

    const group = await flows.call('POST', '/api/groups', tokens.ADMIN, { name: 'Support' });
    expect(group.status).toBe(201);
    const userId = (await flows.call('GET', '/api/profile', tokens.USER)).body.user.id as string;
    expect((await flows.call('POST', `/api/groups/${group.body.id}/users/${userId}`, tokens.ADMIN)).status).toBeLessThan(300);
    expect((await flows.call('PUT', `/api/knowledge-bases/${ids.shared.id}/groups`, tokens.ADMIN, { groupIds: [group.body.id] })).status).toBe(200);
    expect((await flows.call('PUT', `/api/rag/${ids.app.id}/groups`, tokens.ADMIN, { groupIds: [group.body.id] })).status).toBe(200);

    const after = await resources(tokens.USER);
    expect(after.body.knowledgeBases.map((kb: Body) => kb.id)).toEqual([ids.shared.id]);
    expect(after.body.applications.map((app: Body) => app.id)).toEqual([ids.app.id]);
    expect(after.body.dataSources.map((item: Body) => item.id)).toEqual([ids.a, ids.b]);
  });

  it('lists a website as a web source after the files, addressed by its start URL', async () => {
    const created = await flows.call('POST', '/api/web-sources', tokens.ADMIN, {
      name: 'Docs site',
      description: 'The public manual',
      source_type: 'web_source',
      configuration: { url: 'https://docs.example.invalid/start', crawl_frequency: 'weekly', crawl_depth: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const site = created.body.webSource as Body;

    const answer = await resources(tokens.ADMIN);
    expect(answer.body.dataSources.map((item: Body) => item.name)).toEqual(['Alpha guide.md', 'beta notes.txt', 'cost sheet.txt', 'Docs site']);
    expect(answer.body.dataSources[3]).toMatchObject({
      id: site.id,
      type: 'web',
      item_type: 'web_source',
      source_type: 'web_source',
      description: 'The public manual',
      metadata: { full_path: 'https://docs.example.invalid/start', display_path: 'https://docs.example.invalid/start' },
      file_path: 'https://docs.example.invalid/start',
      folder_id: null,
    });
    // A user's picture has no website until a knowledge base of theirs uses it.
    expect((await resources(tokens.USER)).body.dataSources.map((item: Body) => item.id)).not.toContain(site.id);
  });

  it('lists an API source after the websites, addressed by its endpoint', async () => {
    const created = await flows.call('POST', '/api/api-sources', tokens.ADMIN, { name: 'Orders API', description: 'Shop orders', configuration: { endpoint: 'https://api.example.invalid/v1/orders', method: 'GET' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const source = created.body.apiSource as Body;
    const answer = await resources(tokens.ADMIN);
    expect(answer.body.dataSources.map((item: Body) => item.name)).toEqual(['Alpha guide.md', 'beta notes.txt', 'cost sheet.txt', 'Docs site', 'Orders API']);
    expect(answer.body.dataSources[4]).toMatchObject({
      id: source.id,
      type: 'api',
      item_type: 'api_source',
      source_type: 'api_source',
      description: 'Shop orders',
      status: 'active',
      metadata: { full_path: 'https://api.example.invalid/v1/orders', file_count: 1 },
      folder_id: null,
    });
    expect((await resources(tokens.USER)).body.dataSources.map((item: Body) => item.id)).not.toContain(source.id);
  });

  it('is closed to rag_user and shows the system organization nothing of the demo one', async () => {
    expect((await resources(tokens.RAG_USER)).status).toBe(403);
    const system = await resources(tokens.SYSTEM_ADMIN);
    expect(system.status).toBe(200);
    const everyId = JSON.stringify(system.body);
    for (const id of [ids.a, ids.b, ids.c, ids.shared.id, ids.draft.id, ids.app.id]) expect(everyId).not.toContain(id);
  });
});

describe('GET /api/dashboard/resources at scale (§22.1)', () => {
  it('is refused without a token', async () => {
    expect((await flows.call('GET', '/api/dashboard/resources', undefined)).status).toBe(401);
  });

  it('gives 2,000 sources in name order, and says truncated once a 2,001st exists', async () => {
    // An organization of its own, so the 2,001 files change nothing the other tests read.
    const domain = `${unique('many')}.example.com`;
    const password = 'Sturdy-passw0rd';
    const created = await flows.call('POST', '/api/organizations', tokens.SYSTEM_ADMIN, { name: 'Many Files', domain, adminEmail: `admin@${domain}`, adminFullName: 'Mia Many', adminPassword: password });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const organizationId = created.body.organization.id as string;
    const token = await flows.login(`admin@${domain}`, password);

    // Seeded in reverse name order, so the answer's order is the server's sorting, not the table's.
    await seedFiles(platform.ports.database, organizationId, 1000, { prefix: 'Source', from: 1001 });
    await seedFiles(platform.ports.database, organizationId, 1000, { prefix: 'Source', from: 1 });
    const full = await resources(token);
    expect(full.status).toBe(200);
    expect(full.body.truncated).toBe(false);
    expect(full.body.dataSources).toHaveLength(2000);
    expect(full.body.dataSources[0].name).toBe('Source 0001.txt');
    expect(full.body.dataSources[1999].name).toBe('Source 2000.txt');

    await seedFiles(platform.ports.database, organizationId, 1, { prefix: 'Source', from: 2001 });
    const over = await resources(token);
    expect(over.status).toBe(200);
    expect(over.body.truncated).toBe(true);
    expect(over.body.dataSources).toHaveLength(2000);
    // The cut keeps the contract's order: the first 2,000 by name, the 2,001st left out.
    expect(over.body.dataSources.map((item: Body) => item.name)).toEqual(full.body.dataSources.map((item: Body) => item.name));
    expect(JSON.stringify(over.body.dataSources)).not.toContain('Source 2001.txt');
  }, 180_000);
});
