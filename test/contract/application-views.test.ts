import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApplicationRecord } from '../../functions/domain/applications/application-record';
import { toApplicationEntity, toPublicApplication } from '../../functions/domain/applications/application-view';
import { integrationRecords } from '../../functions/domain/applications/integration-secrets';
import type { KnowledgeBaseRecord } from '../../functions/domain/knowledge-bases/knowledge-base-record';
import { createEnvironmentSettings } from '../../functions/platform/settings';
import { installPorts, uninstallPorts, type Ports } from '../../functions/contracts/ports/ports';
import { createLocalKeySecrets } from '../../local/secrets/local-key-secrets';
import { knowledgeBaseRecord } from '../support/knowledge-base-records';
import {
  accessCheckSchema,
  adminApplicationSchema,
  applicationListSchema,
  applicationSchema,
  integrationsRequestSchema,
  memberApplicationSchema,
  publicApplicationSchema,
} from '../../shared/api/schemas/applications';

const ORG = 'org_1';
const API_TOKEN = `rag_${'a1B2'.repeat(10)}`;

const knowledgeBase = (id: string, extra: Partial<KnowledgeBaseRecord>): KnowledgeBaseRecord => knowledgeBaseRecord(id, { data_source_ids: ['ds_1'], ...extra });

const knowledgeBases = new Map([
  ['kb_ready', knowledgeBase('kb_ready', { status: 'ready', active_index_version: 1, document_count: 3, chunk_count: 12 })],
  ['kb_processing', knowledgeBase('kb_processing', { status: 'processing', source_type: 'websites' })],
]);

let dataDir: string;
let record: ApplicationRecord;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'groundwork-schemas-'));
  installPorts({ secrets: createLocalKeySecrets({ dataDir }), settings: createEnvironmentSettings({ WEB_ORIGINS: 'https://app.example.com' }) } as Partial<Ports> as Ports);
  vi.stubEnv('WEB_ORIGINS', 'https://app.example.com');
  // The integrations as the server stores them from a real §16.4 body: secrets encrypted, last 4 kept.
  const inputs = integrationsRequestSchema().parse([
    { type: 'api', enabled: true, settings: { token: API_TOKEN, rateLimit: 250, allowedOrigins: ['https://shop.example.com'] } },
    { type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: 'xoxb-123-456-abcd', signingSecret: 'shh-secret-9876', channels: '#support, C0123456' } },
  ]);
  const owner = { organizationId: ORG, applicationId: 'app_1' };
  record = {
    id: 'app_1',
    organization_id: ORG,
    name: 'HR Assistant',
    description: 'Answers questions about leave',
    enabled: true,
    llm_model: 'claude-3-sonnet',
    // The missing one is left out of `knowledge_bases`, as a deleted knowledge base is.
    index_ids: ['kb_ready', 'kb_processing', 'kb_deleted'],
    integrations: await integrationRecords(owner, inputs, []),
    created_by: 'usr_1',
    created_by_name: 'Ada Lovelace',
    created_at: '2025-03-01T09:30:00.000Z',
    updated_at: '2025-03-02T10:00:00.000Z',
  };
});

afterAll(() => {
  uninstallPorts();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the application schemas read what the server answers (contract §2 Application, §16)', () => {
  it('parses the Application an admin reads: the API token in full, the Slack secrets masked', async () => {
    const entity = await toApplicationEntity(record, knowledgeBases, 'admin');
    expect(z.strictObject(adminApplicationSchema.shape).parse(entity)).toEqual(entity);
    expect(applicationSchema.parse(entity)).toEqual(entity);
    expect(entity.status).toBe('ready');
    expect(entity.knowledge_bases.map((kb) => kb.id)).toEqual(['kb_ready', 'kb_processing']);
    expect(entity.integrations).toEqual([
      { type: 'api', platform: null, enabled: true, settings: { token: API_TOKEN, rateLimit: 250, allowedOrigins: ['https://shop.example.com'] } },
      {
        type: 'messaging',
        platform: 'slack',
        enabled: true,
        settings: { botToken: '********abcd', signingSecret: '********9876', channels: '#support,C0123456', eventsUrl: 'https://app.example.com/api/integrations/slack/events/app_1' },
      },
    ]);
    // An admin's answer is not a member's: the settings it carries are not hidden ones.
    expect(memberApplicationSchema.safeParse(entity).success).toBe(false);
  });

  it('parses the Application any other role reads: integrations without settings', async () => {
    const entity = await toApplicationEntity({ ...record, enabled: false }, knowledgeBases, 'member');
    expect(z.strictObject(memberApplicationSchema.shape).parse(entity)).toEqual(entity);
    expect(applicationSchema.parse(entity)).toEqual(entity);
    expect(entity.status).toBe('disabled');
    expect(entity.integrations.map((integration) => integration.settings)).toEqual([{}, {}]);
    expect(adminApplicationSchema.safeParse(entity).success).toBe(false);
  });

  it('parses the list (§16.1), the API-key caller’s view (§16.2) and the access check (§16.3)', async () => {
    const applications = [await toApplicationEntity(record, knowledgeBases, 'admin'), await toApplicationEntity({ ...record, id: 'app_2', index_ids: ['kb_processing'], integrations: [] }, knowledgeBases, 'admin')];
    expect(applications[1]?.status).toBe('not_ready');
    const list = { applications, page: 1, limit: 10, total: 2, totalPages: 1 };
    expect(applicationListSchema.parse(list)).toEqual(list);
    const publicView = toPublicApplication(record);
    expect(z.strictObject(publicApplicationSchema.shape).parse(publicView)).toEqual(publicView);
    const access = { hasRagAccess: true, indexAccess: record.index_ids.map((indexId) => ({ indexId, hasAccess: true })) };
    expect(accessCheckSchema.parse(access)).toEqual(access);
  });

  it('refuses a wrong shape', async () => {
    const admin = await toApplicationEntity(record, knowledgeBases, 'admin');
    const [api, slack] = admin.integrations;
    expect(applicationSchema.safeParse({ ...admin, status: 'active' }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...admin, llm_model: 'gpt-5' }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...admin, knowledge_bases: [{ id: 'kb_ready', name: 'Handbook' }] }).success).toBe(false);
    // A member must see no settings at all, and an admin must see them whole.
    expect(memberApplicationSchema.safeParse({ ...admin, integrations: [{ ...api, settings: { token: API_TOKEN } }] }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...admin, integrations: [{ ...api, settings: { token: API_TOKEN } }] }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...admin, integrations: [{ ...slack, platform: null }] }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...admin, integrations: [{ ...api, type: 'webhook' }] }).success).toBe(false);
    expect(accessCheckSchema.safeParse({ hasRagAccess: true, indexAccess: [{ indexId: 'kb_ready' }] }).success).toBe(false);
  });
});
