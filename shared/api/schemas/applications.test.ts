import { describe, expect, it } from 'vitest';
import {
  createApplicationRequestSchema,
  integrationsRequestSchema,
  updateApplicationRequestSchema,
  type ApplicationRequestContext,
  type StoredApplication,
  type StoredIntegration,
} from './applications';

const knowledgeBases = new Map([
  ['kb_ready', { name: 'Handbook', status: 'ready' }],
  ['kb_draft', { name: 'Drafts', status: 'draft' }],
  ['kb_failed', { name: 'Broken', status: 'failed' }],
]);
const lookup: NonNullable<ApplicationRequestContext['knowledgeBases']> = async (ids) => new Map(ids.filter((id) => knowledgeBases.has(id)).map((id) => [id, knowledgeBases.get(id)!]));

const storedApi: StoredIntegration = { type: 'api', token_hash: 'h', rate_limit: 250, allowed_origins: ['https://shop.example.com'] };
const storedSlack: StoredIntegration = { type: 'messaging', bot_token_cipher: 'b', signing_secret_cipher: 's', channels: 'C0123ABCD' };
const storedApplication: StoredApplication = { index_ids: ['kb_ready', 'kb_failed'], integrations: [storedApi] };

const create = (body: unknown) => createApplicationRequestSchema({ knowledgeBases: lookup }).safeParseAsync(body);
const update = (body: unknown, stored: StoredApplication = storedApplication) => updateApplicationRequestSchema({ knowledgeBases: lookup, stored }).safeParseAsync(body);

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
/** The messages as the API joins them, in order (§1.4). */
const messages = (parsed: Parsed) => (parsed.success ? [] : (parsed.error?.issues ?? []).map((issue) => issue.message));
const fields = (parsed: Parsed) => (parsed.error?.issues ?? []).map((issue) => issue.path.join('.'));

function integrations(value: unknown, stored: StoredIntegration[] = []) {
  const parsed = integrationsRequestSchema(stored).safeParse(value);
  return { inputs: parsed.data, messages: messages(parsed), fields: fields(parsed) };
}

describe('createApplicationRequestSchema (§16.4)', () => {
  it('reports every problem of an empty body in the contract field order', async () => {
    const parsed = await create({});
    expect(messages(parsed)).toEqual(['Name is required', 'LLM model is required', 'Please select at least one knowledge-base']);
    expect(fields(parsed)).toEqual(['name', 'llmModel', 'indexIds']);
  });

  it('keeps the field order when the knowledge bases are looked up and the integrations are wrong too', async () => {
    const parsed = await create({ name: 'n'.repeat(256), description: 'd'.repeat(1001), llmModel: 'gpt-9', indexIds: ['kb_ready', 'kb_nope', 'kb_draft'], integrations: [{ type: 'fax' }] });
    expect(messages(parsed)).toEqual([
      'Name must be at most 255 characters',
      'Description must be at most 1000 characters',
      'LLM model must be one of gpt-3.5-turbo, gpt-4, claude-3-opus, claude-3-sonnet, mistral-7b',
      'Invalid knowledge base ID: kb_nope',
      'Knowledge base Drafts is not ready',
      'Integration type must be one of api, messaging',
    ]);
    expect(fields(parsed)).toEqual(['name', 'description', 'llmModel', 'indexIds', 'indexIds', 'integrations']);
  });

  it('reads an empty or null model as missing, and refuses more than 20 knowledge bases', async () => {
    expect(messages(await create({ name: 'x', llmModel: '', indexIds: 'kb_ready' }))).toEqual(['LLM model is required', 'Please select at least one knowledge-base']);
    expect(messages(await create({ name: 'x', llmModel: null, indexIds: [] }))).toEqual(['LLM model is required', 'Please select at least one knowledge-base']);
    const many = Array.from({ length: 21 }, (_, index) => `kb_${index}`);
    expect(messages(await create({ name: 'x', llmModel: 'gpt-4', indexIds: many }))).toEqual(['At most 20 knowledge bases can be selected']);
    // Duplicates count once.
    expect(messages(await create({ name: 'x', llmModel: 'gpt-4', indexIds: [...Array(25).fill('kb_ready')] }))).toEqual([]);
  });

  it('trims, dedupes, accepts the documents snake_case names, and ignores selectedKnowledgeBases', async () => {
    expect(await create({ name: '  HR  ', description: ' Leave ', llm_model: 'gpt-4', index_ids: [' kb_ready ', 'kb_ready'], selectedKnowledgeBases: [{ id: 'x' }] })).toEqual({
      success: true,
      data: { name: 'HR', description: 'Leave', llmModel: 'gpt-4', indexIds: ['kb_ready'] },
    });
    expect(await create({ name: 'HR', llmModel: 'claude-3-opus', llm_model: 'nonsense', indexIds: ['kb_ready'], description: null, integrations: null })).toEqual({
      success: true,
      data: { name: 'HR', description: '', llmModel: 'claude-3-opus', indexIds: ['kb_ready'], integrations: [] },
    });
  });

  it('measures the description as sent and refuses one that is not a string', async () => {
    expect(messages(await create({ name: 'x', description: ` ${'d'.repeat(1000)}`, llmModel: 'gpt-4', indexIds: ['kb_ready'] }))).toEqual(['Description must be at most 1000 characters']);
    expect(messages(await create({ name: 'x', description: 7, llmModel: 'gpt-4', indexIds: ['kb_ready'] }))).toEqual(['Description must be at most 1000 characters']);
  });

  it('names the integration settings a problem is about', async () => {
    const parsed = await create({ name: 'x', llmModel: 'gpt-4', indexIds: ['kb_ready'], integrations: [{ type: 'api', enabled: 'yes', settings: { rateLimit: 0 } }] });
    expect(messages(parsed)).toEqual(['enabled must be a boolean', 'Rate limit must be between 1 and 10000']);
    expect(fields(parsed)).toEqual(['integrations', 'integrations.api.rateLimit']);
  });

  it('checks shapes only without a context, for the OpenAPI document', async () => {
    expect((await createApplicationRequestSchema().safeParseAsync({ name: 'x', llmModel: 'gpt-4', indexIds: ['anything'] })).success).toBe(true);
  });
});

describe('updateApplicationRequestSchema (§16.5)', () => {
  it('changes only what is sent', async () => {
    expect(await update({})).toEqual({ success: true, data: {} });
    expect(await update({ name: 'New' })).toEqual({ success: true, data: { name: 'New' } });
    // A null model with no alias reads as not sent; an empty one as missing.
    expect(await update({ llmModel: null })).toEqual({ success: true, data: {} });
    expect(messages(await update({ llmModel: '' }))).toEqual(['LLM model is required']);
    expect(messages(await update({ name: null, indexIds: [] }))).toEqual(['Name is required', 'Please select at least one knowledge-base']);
  });

  it('keeps attached knowledge bases in any status, but new ones must be ready', async () => {
    expect(await update({ indexIds: ['kb_failed', 'kb_ready'] })).toEqual({ success: true, data: { indexIds: ['kb_failed', 'kb_ready'] } });
    expect(messages(await update({ indexIds: ['kb_failed', 'kb_draft'] }))).toEqual(['Knowledge base Drafts is not ready']);
  });

  it('judges integrations against the stored ones', async () => {
    expect(await update({ integrations: [{ type: 'api', enabled: true, settings: { token: '********abcd' } }] })).toEqual({
      success: true,
      data: { integrations: [{ type: 'api', enabled: true, generate: false, rateLimit: 250, allowedOrigins: ['https://shop.example.com'] }] },
    });
  });
});

describe('integrationsRequestSchema (§16 integration input)', () => {
  it('generates a token when the api integration is enabled without one, or on regenerateToken', () => {
    expect(integrations([{ type: 'api', enabled: true, settings: {} }]).inputs).toEqual([{ type: 'api', enabled: true, generate: true, rateLimit: 100, allowedOrigins: ['*'] }]);
    expect(integrations([{ type: 'api', enabled: true, settings: { regenerateToken: true } }], [storedApi]).inputs?.[0]).toMatchObject({ generate: true });
  });

  it('keeps the stored token and settings when the token is omitted or masked', () => {
    for (const token of [undefined, '********5678']) {
      expect(integrations([{ type: 'api', enabled: true, settings: { token } }], [storedApi]).inputs?.[0]).toEqual({
        type: 'api',
        enabled: true,
        generate: false,
        rateLimit: 250,
        allowedOrigins: ['https://shop.example.com'],
      });
    }
  });

  it('validates a supplied token, the rate limit and the origins with the contract texts', () => {
    const found = integrations([{ type: 'api', enabled: true, settings: { token: 'rag_short', rateLimit: 0, allowedOrigins: ['https://ok.example.com', 'not an origin', 'https://x.example.com/path'] } }]);
    expect(found.messages).toEqual([
      'API token must start with rag_ followed by 32 to 64 letters or digits',
      'Rate limit must be between 1 and 10000',
      'Invalid origin: not an origin',
      'Invalid origin: https://x.example.com/path',
    ]);
    expect(found.fields).toEqual(['api.token', 'api.rateLimit', 'api.allowedOrigins', 'api.allowedOrigins']);
    expect(integrations([{ type: 'api', enabled: true, settings: { rateLimit: 10001 } }]).messages).toEqual(['Rate limit must be between 1 and 10000']);
    expect(integrations([{ type: 'api', enabled: true, settings: { rateLimit: 10000, allowedOrigins: ['*', 'HTTPS://Shop.Example.com:443'] } }]).inputs?.[0]).toMatchObject({ rateLimit: 10000, allowedOrigins: ['*', 'https://shop.example.com'] });
    const many = Array.from({ length: 21 }, (_, index) => `https://o${index}.example.com`);
    expect(integrations([{ type: 'api', enabled: false, settings: { allowedOrigins: many } }]).messages).toEqual(['At most 20 allowed origins are allowed']);
    const token = `rag_${'a1B2'.repeat(10)}`;
    expect(integrations([{ type: 'api', enabled: true, settings: { token: ` ${token} ` } }]).inputs?.[0]).toMatchObject({ token, generate: false });
  });

  it('requires the Slack secrets when enabling, unless they are stored', () => {
    expect(integrations([{ type: 'messaging', platform: 'slack', enabled: true, settings: { channels: '#general' } }]).messages).toEqual(['Slack bot token is required', 'Slack signing secret is required']);
    expect(integrations([{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: 'xoxp-user', signingSecret: 's3cret', channels: '' } }]).messages).toEqual(['Slack bot token must start with xoxb-']);
    expect(integrations([{ type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********1234', signingSecret: '********abcd' } }], [storedSlack])).toEqual({
      inputs: [{ type: 'messaging', enabled: true, botToken: undefined, signingSecret: undefined, channels: 'C0123ABCD' }],
      messages: [],
      fields: [],
    });
    expect(integrations([{ type: 'messaging', platform: 'slack', enabled: false, settings: {} }]).messages).toEqual([]);
    expect(integrations([{ type: 'slack', enabled: false }]).inputs).toEqual([{ type: 'messaging', enabled: false, botToken: undefined, signingSecret: undefined, channels: '' }]);
  });

  it('checks each channel and at most 20 of them', () => {
    const found = integrations([{ type: 'messaging', platform: 'slack', enabled: false, settings: { channels: '#general, C0123ABCD, general, #Bad Name' } }]);
    expect(found.messages).toEqual(['Invalid Slack channel: general', 'Invalid Slack channel: #Bad Name']);
    expect(found.fields).toEqual(['slack.channels', 'slack.channels']);
    const many = Array.from({ length: 21 }, (_, index) => `#c${index}`).join(',');
    expect(integrations([{ type: 'messaging', platform: 'slack', enabled: false, settings: { channels: many } }]).messages).toEqual(['At most 20 Slack channels are allowed']);
  });

  it('allows one entry per type, and null clears the list', () => {
    expect(integrations([{ type: 'api', enabled: false }, { type: 'api', enabled: false }]).messages).toEqual(['Duplicate integration: api']);
    expect(integrations([{ type: 'fax' }]).messages).toEqual(['Integration type must be one of api, messaging']);
    expect(integrations({ type: 'api' }).messages).toEqual(['Integration type must be one of api, messaging']);
    expect(integrations(null).inputs).toEqual([]);
  });
});
