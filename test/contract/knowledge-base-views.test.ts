import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationKeys, type ApplicationRecord } from '../../functions/domain/applications/application-record';
import type { GroupRecord } from '../../functions/domain/groups/group-repository';
import { applicationsUsing } from '../../functions/domain/knowledge-bases/application-usage';
import { toKnowledgeBaseEntity } from '../../functions/domain/knowledge-bases/knowledge-base-entity';
import { knowledgeBaseGroups } from '../../functions/domain/knowledge-bases/knowledge-base-groups';
import { knowledgeBaseGroupItem, knowledgeBaseItem, type KnowledgeBaseRecord } from '../../functions/domain/knowledge-bases/knowledge-base-record';
import { keys } from '../../functions/contracts/keys/table-keys';
import type { DatabasePort } from '../../functions/contracts/ports/database';
import { knowledgeBaseRecord as baseRecord } from '../support/knowledge-base-records';
import { deployKnowledgeBaseResponseSchema, knowledgeBaseGroupsSchema, knowledgeBaseListSchema, knowledgeBaseSchema, knowledgeBaseUsageSchema } from '../../shared/api/schemas/knowledge-bases';

const ORG = 'org_1';
const TABLE = 'groundwork';

const knowledgeBaseRecord = (id: string, extra: Partial<KnowledgeBaseRecord> = {}) => baseRecord(id, { version: 3, ...extra });

/**
 * Just enough of the table for the views that read it: Get by key, BatchGet, and the one Query form
 * they use (`PK = :pk AND begins_with(SK, :sk)`). Anything else fails loudly rather than answering wrongly.
 */
function tableOf(items: Record<string, unknown>[]): DatabasePort {
  const byKey = (key: Record<string, unknown>) => items.find((item) => item.PK === key.PK && item.SK === key.SK);
  const client = {
    async send(command: unknown) {
      if (command instanceof GetCommand) return { Item: byKey(command.input.Key ?? {}) };
      if (command instanceof BatchGetCommand) {
        const wanted = command.input.RequestItems?.[TABLE]?.Keys ?? [];
        return { Responses: { [TABLE]: wanted.map(byKey).filter(Boolean) }, UnprocessedKeys: {} };
      }
      if (command instanceof QueryCommand && command.input.KeyConditionExpression === 'PK = :pk AND begins_with(SK, :sk)') {
        const values = command.input.ExpressionAttributeValues ?? {};
        return { Items: items.filter((item) => item.PK === values[':pk'] && String(item.SK).startsWith(String(values[':sk']))) };
      }
      throw new Error(`The fake table does not answer ${(command as object).constructor.name}`);
    },
  };
  return { adapter: 'dynamodb-local', tableName: TABLE, client: client as unknown as DynamoDBDocumentClient, ping: async () => {} };
}

const group = (id: string, name: string, isAdmin = false): GroupRecord => ({
  id,
  organization_id: ORG,
  name,
  description: '',
  is_admin_group: isAdmin,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const application = (id: string, name: string, indexIds: string[]): Partial<ApplicationRecord> => ({ id, organization_id: ORG, name, index_ids: indexIds });

describe('the knowledge-base schemas read what the server answers (contract §2, §15)', () => {
  const draft = toKnowledgeBaseEntity(knowledgeBaseRecord('kb_draft'));
  const ready = toKnowledgeBaseEntity(
    knowledgeBaseRecord('kb_ready', { status: 'ready', document_count: 4, chunk_count: 37, last_indexed_at: '2025-03-02T10:00:00.000Z', active_index_version: 2 }),
  );
  const failed = toKnowledgeBaseEntity(knowledgeBaseRecord('kb_failed', { status: 'failed', error: 'No text could be indexed from the selected data sources' }));
  const apis = toKnowledgeBaseEntity(knowledgeBaseRecord('kb_apis', { source_type: 'apis', chunk_size: null, overlap: null }));

  it('parses the KnowledgeBase entity of every status, and keeps the indexer bookkeeping out of it', () => {
    // Strict, so a field the server adds without the contract (and the schema) fails here.
    for (const entity of [draft, ready, failed, apis]) expect(z.strictObject(knowledgeBaseSchema.shape).parse(entity)).toEqual(entity);
    expect(knowledgeBaseSchema.parse(ready)).not.toHaveProperty('active_index_version');
  });

  it('parses the list (§15.1), with the pickers’ `indexes` copy, and the deploy answer (§15.7)', () => {
    const knowledgeBases = [draft, ready, failed, apis];
    const list = { knowledgeBases, indexes: knowledgeBases, page: 1, limit: 10, total: 4, totalPages: 1 };
    expect(knowledgeBaseListSchema.parse(list)).toEqual(list);
    const deployed = { message: 'Knowledge base deployment initiated', knowledgeBase: toKnowledgeBaseEntity(knowledgeBaseRecord('kb_draft', { status: 'processing' })) };
    expect(deployKnowledgeBaseResponseSchema.parse(deployed)).toEqual(deployed);
  });

  it('parses the usage (§15.3) and the groups (§15.8) the server reads from the table', async () => {
    const database = tableOf([
      knowledgeBaseItem(knowledgeBaseRecord('kb_ready')),
      { ...applicationKeys.application(ORG, 'app_1'), ...application('app_1', 'HR Assistant', ['kb_ready', 'kb_other']) },
      { ...applicationKeys.application(ORG, 'app_2'), ...application('app_2', 'Sales desk', ['kb_other']) },
      { ...keys.group(ORG, 'grp_admin'), ...group('grp_admin', 'Administrators', true) },
      { ...keys.group(ORG, 'grp_eng'), ...group('grp_eng', 'Engineering') },
      { ...keys.group(ORG, 'grp_sales'), ...group('grp_sales', 'Sales') },
      knowledgeBaseGroupItem(ORG, 'kb_ready', 'grp_eng', '2025-03-01T09:30:00.000Z'),
    ]);

    const applications = await applicationsUsing(database, ORG, 'kb_ready');
    const usage = { isInUse: applications.length > 0, applications };
    expect(knowledgeBaseUsageSchema.parse(usage)).toEqual({ isInUse: true, applications: [{ id: 'app_1', name: 'HR Assistant' }] });

    const groups = { groups: await knowledgeBaseGroups({ database }, ORG, 'kb_ready') };
    expect(knowledgeBaseGroupsSchema.parse(groups)).toEqual({
      groups: [
        { id: 'grp_admin', name: 'Administrators', is_admin_group: true },
        { id: 'grp_eng', name: 'Engineering', is_admin_group: false },
      ],
    });
  });

  it('refuses a wrong shape', () => {
    expect(knowledgeBaseSchema.safeParse({ ...ready, status: 'indexing' }).success).toBe(false);
    expect(knowledgeBaseSchema.safeParse({ ...ready, source_type: 'web_source' }).success).toBe(false);
    expect(knowledgeBaseSchema.safeParse({ ...ready, embedding_model: 'ada' }).success).toBe(false);
    expect(knowledgeBaseSchema.safeParse({ ...ready, chunk_size: '500' }).success).toBe(false);
    const { document_count: _count, ...withoutCount } = ready;
    expect(knowledgeBaseSchema.safeParse(withoutCount).success).toBe(false);
    expect(knowledgeBaseListSchema.safeParse({ knowledgeBases: [ready], page: 1, limit: 10, total: 1 }).success).toBe(false);
    expect(knowledgeBaseUsageSchema.safeParse({ isInUse: 'yes', applications: [] }).success).toBe(false);
    expect(knowledgeBaseGroupsSchema.safeParse({ groups: [{ id: 'grp_eng', name: 'Engineering' }] }).success).toBe(false);
  });
});
