import { z } from 'zod';
import {
  API_TOKEN_PATTERN,
  APPLICATION_FORM_MESSAGES,
  INTEGRATION_LIMITS,
  isOrigin,
  isSlackChannel,
  MAX_APPLICATION_KNOWLEDGE_BASES,
  normalizeOrigin,
  SECRET_MASK,
  splitChannels,
} from '../../rules/application-form';
import { LLM_MODELS, type LlmModel } from '../../rules/chat';
import { FIELD_MESSAGES, nameField } from '../../rules/fields';
import { isoDate } from './common';
import { evenAfterFieldProblems, groupRefSchema, knowledgeBaseSchema } from './knowledge-bases';

/** Contract §2 Application `status`: `disabled` when not enabled, else whether a knowledge base has a completed index. */
export const APPLICATION_STATUSES = ['ready', 'not_ready', 'disabled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** An admin reads the API token in full (§17.5 step 1); `null` while none was ever generated. */
export const apiIntegrationSettingsSchema = z.object({
  token: z.string().nullable(),
  rateLimit: z.number().int(),
  allowedOrigins: z.array(z.string()),
});
export type ApiIntegrationSettings = z.infer<typeof apiIntegrationSettingsSchema>;

/** An admin reads the Slack secrets masked ("********" + last 4), `null` when none is stored. */
export const slackIntegrationSettingsSchema = z.object({
  botToken: z.string().nullable(),
  signingSecret: z.string().nullable(),
  /** Comma-separated. */
  channels: z.string(),
  /** Read-only: where Slack must post events (§18.1). */
  eventsUrl: z.string(),
});
export type SlackIntegrationSettings = z.infer<typeof slackIntegrationSettingsSchema>;

/** What every role but admin reads of an integration's settings: nothing at all (§2 Integration). */
export const hiddenIntegrationSettingsSchema = z.strictObject({});

const apiIntegration = <S extends z.ZodType>(settings: S) => z.object({ type: z.literal('api'), platform: z.null(), enabled: z.boolean(), settings });
const slackIntegration = <S extends z.ZodType>(settings: S) =>
  z.object({ type: z.literal('messaging'), platform: z.literal('slack'), enabled: z.boolean(), settings });

/** §2 Integration as an admin reads it. */
export const adminIntegrationSchema = z.discriminatedUnion('type', [apiIntegration(apiIntegrationSettingsSchema), slackIntegration(slackIntegrationSettingsSchema)]);
export type AdminIntegration = z.infer<typeof adminIntegrationSchema>;

/** §2 Integration as any other role reads it. */
export const memberIntegrationSchema = z.discriminatedUnion('type', [apiIntegration(hiddenIntegrationSettingsSchema), slackIntegration(hiddenIntegrationSettingsSchema)]);
export type MemberIntegration = z.infer<typeof memberIntegrationSchema>;

/**
 * §2 Integration as either audience reads it. The hidden settings type as a record of `never`, so
 * `settings.token` reads as `string | null | undefined` wherever the audience is not known.
 */
export const integrationSchema = z.discriminatedUnion('type', [
  apiIntegration(z.union([apiIntegrationSettingsSchema, hiddenIntegrationSettingsSchema])),
  slackIntegration(z.union([slackIntegrationSettingsSchema, hiddenIntegrationSettingsSchema])),
]);
export type Integration = z.infer<typeof integrationSchema>;

/** A knowledge base as an application lists it. */
export const applicationKnowledgeBaseSchema = knowledgeBaseSchema.pick({ id: true, name: true, description: true, status: true, source_type: true });
export type ApplicationKnowledgeBase = z.infer<typeof applicationKnowledgeBaseSchema>;

/** The Application entity (contract §2), a RAG application, with integrations as either audience reads them. */
export const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  status: z.enum(APPLICATION_STATUSES),
  llm_model: z.enum(LLM_MODELS),
  index_ids: z.array(z.string()),
  /** The attached knowledge bases that still exist, in `index_ids` order. */
  knowledge_bases: z.array(applicationKnowledgeBaseSchema),
  integrations: z.array(integrationSchema),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type Application = z.infer<typeof applicationSchema>;

export const adminApplicationSchema = applicationSchema.extend({ integrations: z.array(adminIntegrationSchema) });
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const memberApplicationSchema = applicationSchema.extend({ integrations: z.array(memberIntegrationSchema) });
export type MemberApplication = z.infer<typeof memberApplicationSchema>;

/** §16.2 for an API-key caller: its own application's public fields, no integrations. */
export const publicApplicationSchema = applicationSchema.pick({ id: true, name: true, description: true, enabled: true, llm_model: true });
export type PublicApplication = z.infer<typeof publicApplicationSchema>;

/** §16.1; `truncated` appears only when the server could not read every item. */
export const applicationListSchema = z.object({
  applications: z.array(applicationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  truncated: z.literal(true).optional(),
});
export type ApplicationList = z.infer<typeof applicationListSchema>;

/** §16.3: one `indexAccess` entry per `index_ids`. */
export const accessCheckSchema = z.object({
  hasRagAccess: z.boolean(),
  indexAccess: z.array(z.object({ indexId: z.string(), hasAccess: z.boolean() })),
});
export type AccessCheck = z.infer<typeof accessCheckSchema>;

/** §16.8; §16.9 answers the same with its message. */
export const applicationGroupsSchema = z.object({ groups: z.array(groupRefSchema) });
export type ApplicationGroups = z.infer<typeof applicationGroupsSchema>;

/** §16.4, §16.5 and §16.7's texts: the form's, and those only the server reports. */
export const APPLICATION_REQUEST_MESSAGES = {
  ...APPLICATION_FORM_MESSAGES,
  invalidKnowledgeBase: (id: string) => `Invalid knowledge base ID: ${id}`,
  knowledgeBaseNotReady: (name: string) => `Knowledge base ${name} is not ready`,
  enabledBoolean: 'enabled must be a boolean',
  duplicateIntegration: (type: string) => `Duplicate integration: ${type}`,
  integrationInvalid: 'Integration type must be one of api, messaging',
} as const;

const M = APPLICATION_REQUEST_MESSAGES;

/** §16.7 */
export const setApplicationEnabledRequestSchema = z.object({ enabled: z.boolean({ error: M.enabledBoolean }) });

/** §16.10's texts. */
export const NOTIFY_MESSAGES = {
  queryRequired: 'Query is required',
  queryTooLong: 'Query must be at most 4000 characters',
  responseRequired: 'Response is required',
  responseTooLong: 'Response must be at most 20000 characters',
} as const;

const trimmedText = (required: string, tooLong: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string().min(1, required).max(max, tooLong));

/**
 * §16.10. `integrations` only filters the stored ones (Slack unless it names none); whatever
 * settings the client sends are ignored.
 */
export const notifyRequestSchema = z.object({
  query: trimmedText(NOTIFY_MESSAGES.queryRequired, NOTIFY_MESSAGES.queryTooLong, 4000),
  response: trimmedText(NOTIFY_MESSAGES.responseRequired, NOTIFY_MESSAGES.responseTooLong, 20_000),
  integrations: z.unknown().optional(),
}).transform(({ query, response, integrations }) => {
  const filter = Array.isArray(integrations) ? (integrations as Array<Record<string, unknown> | null | undefined>) : undefined;
  const slack = filter === undefined || filter.some((entry) => entry?.type === 'messaging' && (entry.platform ?? 'slack') === 'slack');
  return { query, response, slack };
});

/** The `api` integration as sent (§16), judged against the stored one. */
export interface ApiIntegrationInput {
  type: 'api';
  enabled: boolean;
  /** A new token to store: supplied, or to be generated (`generate`). Absent keeps the stored one. */
  token?: string;
  generate: boolean;
  rateLimit: number;
  allowedOrigins: string[];
}

/** The Slack integration as sent (§16): new secrets in clear; absent keeps the stored ones. */
export interface SlackIntegrationInput {
  type: 'messaging';
  enabled: boolean;
  botToken?: string;
  signingSecret?: string;
  /** Comma-separated. */
  channels: string;
}

export type IntegrationInput = ApiIntegrationInput | SlackIntegrationInput;

/** §16.4 and §16.5's fields as judged; on update an absent field keeps the stored value. */
export interface ApplicationInput {
  name?: string;
  description?: string;
  llmModel?: LlmModel;
  indexIds?: string[];
  integrations?: IntegrationInput[];
}

/** What the schemas read of the stored integrations: whether secrets are kept, and the settings an omitted one keeps. */
export type StoredIntegration =
  | { type: 'api'; token_hash?: string; rate_limit: number; allowed_origins: readonly string[] }
  | { type: 'messaging'; bot_token_cipher?: string; signing_secret_cipher?: string; channels: string };

/** What an update is judged against: the knowledge bases it keeps, and its integrations. */
export interface StoredApplication {
  index_ids: readonly string[];
  integrations: readonly StoredIntegration[];
}

/**
 * What only the server knows: the organization's knowledge bases among `ids`, by id (others are
 * absent), and on update the stored application. Without a look-up (the OpenAPI document) ids are
 * not looked up.
 */
export interface ApplicationRequestContext {
  knowledgeBases?(ids: string[]): Promise<ReadonlyMap<string, { name: string; status: string }>>;
  stored?: StoredApplication;
}

type Raw = Record<string, unknown>;

const objectOf = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});

/** A sent secret that replaces the stored one: a non-empty string that is not the mask (§1.6). */
function newSecret(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.startsWith(SECRET_MASK) ? undefined : trimmed;
}

/** Where the integration problems are reported, as §16's messages name them. */
const API_PATH = ['api'];
const SLACK_PATH = ['slack'];

type Problem = (path: string[], message: string) => void;

function enabledOf(entry: Raw, problem: Problem): boolean {
  if (entry.enabled === undefined) return false;
  if (typeof entry.enabled !== 'boolean') problem([], M.enabledBoolean);
  return entry.enabled === true;
}

function judgeApi(entry: Raw, stored: readonly StoredIntegration[], problem: Problem): ApiIntegrationInput {
  const settings = objectOf(entry.settings);
  const enabled = enabledOf(entry, problem);
  const storedApi = stored.find((integration) => integration.type === 'api');
  let token: string | undefined;
  const sent = newSecret(settings.token);
  if (sent !== undefined) {
    if (!API_TOKEN_PATTERN.test(sent)) problem([...API_PATH, 'token'], M.apiTokenFormat);
    else token = sent;
  }
  // Regenerating, or enabling with no token anywhere, makes a new one (§16, §17.5 step 1).
  const generate = settings.regenerateToken === true || (enabled && sent === undefined && !storedApi?.token_hash);

  let rateLimit = storedApi?.rate_limit ?? INTEGRATION_LIMITS.rateLimitDefault;
  if (settings.rateLimit !== undefined && settings.rateLimit !== null) {
    const value = settings.rateLimit;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < INTEGRATION_LIMITS.rateLimitMin || value > INTEGRATION_LIMITS.rateLimitMax) {
      problem([...API_PATH, 'rateLimit'], M.rateLimitRange);
    } else rateLimit = value;
  }

  let allowedOrigins = [...(storedApi?.allowed_origins ?? ['*'])];
  if (settings.allowedOrigins !== undefined && settings.allowedOrigins !== null) {
    const value = settings.allowedOrigins;
    const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    const origins = list.map((origin) => (typeof origin === 'string' ? origin.trim() : String(origin))).filter(Boolean);
    if (origins.length > INTEGRATION_LIMITS.allowedOriginsMax) problem([...API_PATH, 'allowedOrigins'], M.allowedOriginsTooMany);
    const invalid = origins.filter((origin) => !isOrigin(origin));
    for (const origin of invalid) problem([...API_PATH, 'allowedOrigins'], M.invalidOrigin(origin));
    if (invalid.length === 0 && origins.length <= INTEGRATION_LIMITS.allowedOriginsMax) {
      allowedOrigins = origins.length === 0 ? ['*'] : [...new Set(origins.map(normalizeOrigin))];
    }
  }
  return { type: 'api', enabled, token: generate ? undefined : token, generate, rateLimit, allowedOrigins };
}

function judgeSlack(entry: Raw, stored: readonly StoredIntegration[], problem: Problem): SlackIntegrationInput {
  const settings = objectOf(entry.settings);
  const enabled = enabledOf(entry, problem);
  const storedSlack = stored.find((integration) => integration.type === 'messaging');
  const botToken = newSecret(settings.botToken);
  const signingSecret = newSecret(settings.signingSecret);
  if (botToken === undefined && enabled && !storedSlack?.bot_token_cipher) problem([...SLACK_PATH, 'botToken'], M.slackBotTokenRequired);
  if (botToken !== undefined && !botToken.startsWith('xoxb-')) problem([...SLACK_PATH, 'botToken'], M.slackBotTokenFormat);
  if (signingSecret === undefined && enabled && !storedSlack?.signing_secret_cipher) problem([...SLACK_PATH, 'signingSecret'], M.slackSigningSecretRequired);

  let channels = storedSlack?.channels ?? '';
  if (settings.channels !== undefined && settings.channels !== null) {
    const value = settings.channels;
    const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? splitChannels(value) : [String(value)];
    const trimmed = list.map((channel) => channel.trim()).filter(Boolean);
    if (trimmed.length > INTEGRATION_LIMITS.slackChannelsMax) problem([...SLACK_PATH, 'channels'], M.slackChannelsTooMany);
    const invalid = trimmed.filter((channel) => !isSlackChannel(channel));
    for (const channel of invalid) problem([...SLACK_PATH, 'channels'], M.invalidSlackChannel(channel));
    channels = [...new Set(trimmed)].join(',');
  }
  return { type: 'messaging', enabled, botToken, signingSecret, channels };
}

/**
 * The `integrations[]` of §16.4/§16.5, judged against the stored ones: masked or omitted secrets
 * keep the stored ones, and "required" means neither sent nor stored. At most one entry per type;
 * `null` clears the list. Problems name `integrations`, or `integrations.api.*` and
 * `integrations.slack.*` for a setting.
 */
export function integrationsRequestSchema(stored: readonly StoredIntegration[] = []) {
  return z
    .array(z.unknown(), { error: M.integrationInvalid })
    .nullable()
    .transform((entries, ctx): IntegrationInput[] => {
      if (entries === null) return [];
      let failed = false;
      const problem: Problem = (path, message) => {
        failed = true;
        ctx.addIssue({ code: 'custom', path, message });
      };
      const inputs: IntegrationInput[] = [];
      const seen = new Set<string>();
      for (const raw of entries) {
        const entry = objectOf(raw);
        const type = entry.type === 'slack' || (entry.type === 'messaging' && (entry.platform ?? 'slack') === 'slack') ? 'messaging' : entry.type;
        if (type !== 'api' && type !== 'messaging') {
          problem([], M.integrationInvalid);
          continue;
        }
        if (seen.has(type)) {
          problem([], M.duplicateIntegration(String(entry.type)));
          continue;
        }
        seen.add(type);
        inputs.push(type === 'api' ? judgeApi(entry, stored, problem) : judgeSlack(entry, stored, problem));
      }
      return failed ? z.NEVER : inputs;
    });
}

const missingModel = (value: unknown) => value === undefined || value === null || value === '';

const uniqueIds = (ids: unknown[]) => [...new Set(ids.map((id) => (typeof id === 'string' ? id.trim() : String(id))))];

/**
 * `indexIds`: 1–20 distinct knowledge bases of the organization; those newly added must be
 * `ready`, kept ones (the stored application's) may be in any status (§16.5).
 */
export function indexIdsRequestSchema(context: ApplicationRequestContext = {}) {
  const kept = new Set(context.stored?.index_ids ?? []);
  return z
    .array(z.unknown(), { error: M.indexIdsRequired })
    .min(1, M.indexIdsRequired)
    .transform(async (value, ctx): Promise<string[]> => {
      const ids = uniqueIds(value);
      if (ids.length > MAX_APPLICATION_KNOWLEDGE_BASES) {
        ctx.addIssue({ code: 'custom', message: M.indexIdsTooMany });
        return z.NEVER;
      }
      if (!context.knowledgeBases) return ids;
      const found = await context.knowledgeBases(ids.filter(Boolean));
      let valid = true;
      for (const id of ids) {
        const knowledgeBase = found.get(id);
        if (!knowledgeBase) {
          ctx.addIssue({ code: 'custom', message: M.invalidKnowledgeBase(id) });
          valid = false;
        } else if (!kept.has(id) && knowledgeBase.status !== 'ready') {
          ctx.addIssue({ code: 'custom', message: M.knowledgeBaseNotReady(knowledgeBase.name) });
          valid = false;
        }
      }
      return valid ? ids : z.NEVER;
    });
}

/** The documents' snake_case names are accepted too; the contract's win when both are sent. */
function withAliases(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { llm_model: llmModelAlias, index_ids: indexIdsAlias, ...rest } = body as Raw;
  return { ...rest, llmModel: rest.llmModel ?? llmModelAlias, indexIds: rest.indexIds ?? indexIdsAlias };
}

/*
 * `indexIds` and `integrations` are judged after the object's own fields, in the refinement
 * below: the knowledge bases are looked up, and zod reports a field that waits after the fields
 * that do not, while the contract keeps its field order. Their shapes are documented here.
 */
const indexIdsShape = z
  .unknown()
  .meta({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_APPLICATION_KNOWLEDGE_BASES, description: 'knowledge base ids (`index_ids` is accepted too)' });
const integrationsShape = z.unknown().optional().meta({
  type: ['array', 'null'],
  description: 'At most one api and one messaging (Slack) entry; null clears the list. Masked secrets keep the stored ones.',
  items: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['api', 'messaging'] },
      platform: { type: 'string', enum: ['slack'] },
      enabled: { type: 'boolean' },
      settings: { type: 'object', description: 'api: token, regenerateToken, rateLimit, allowedOrigins; messaging: botToken, signingSecret, channels' },
    },
  },
});

function forwardIssues(ctx: z.RefinementCtx, field: string, issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: [field, ...issue.path], message: issue.message });
}

/**
 * §16.4 (`creating`) and §16.5, every problem in the contract's field order: name, description,
 * LLM model, knowledge bases, integrations. On update an omitted field keeps the stored value.
 * Without a look-up (the OpenAPI document) knowledge-base ids are not looked up.
 */
function applicationRequestSchema(creating: boolean, context: ApplicationRequestContext) {
  const indexIds = indexIdsRequestSchema(context);
  const integrations = integrationsRequestSchema(context.stored?.integrations);
  const name = nameField();
  const llmModel = z.enum(LLM_MODELS, { error: (issue) => (missingModel(issue.input) ? M.llmModelRequired : M.llmModelInvalid) }).describe('`llm_model` is accepted too');
  return z.preprocess(
    withAliases,
    z
      .object({
        name: creating ? name : name.optional(),
        // Measured as sent, stored trimmed; `null` clears it.
        description: z.string({ error: FIELD_MESSAGES.descriptionTooLong }).max(1000, FIELD_MESSAGES.descriptionTooLong).trim().nullish(),
        llmModel: creating ? llmModel : llmModel.optional(),
        indexIds: creating ? indexIdsShape : indexIdsShape.optional(),
        integrations: integrationsShape,
        ...(creating ? { selectedKnowledgeBases: z.unknown().optional().describe('accepted and ignored; indexIds is authoritative') } : {}),
      })
      .superRefine(async (body, ctx) => {
        if (creating || body.indexIds !== undefined) {
          const judged = await indexIds.safeParseAsync(body.indexIds);
          if (!judged.success) forwardIssues(ctx, 'indexIds', judged.error.issues);
        }
        if (body.integrations !== undefined) {
          const judged = integrations.safeParse(body.integrations);
          if (!judged.success) forwardIssues(ctx, 'integrations', judged.error.issues);
        }
      }, evenAfterFieldProblems)
      .transform((body): ApplicationInput => {
        const input: ApplicationInput = {};
        if (body.name !== undefined) input.name = body.name;
        if (body.description !== undefined) input.description = body.description ?? '';
        if (body.llmModel !== undefined) input.llmModel = body.llmModel;
        if (body.indexIds !== undefined) input.indexIds = uniqueIds(body.indexIds as unknown[]);
        // Judged above; judging again (no look-up) gives the values.
        if (body.integrations !== undefined) input.integrations = integrations.parse(body.integrations);
        return input;
      }),
  );
}

/** §16.4. */
export function createApplicationRequestSchema(context: Omit<ApplicationRequestContext, 'stored'> = {}) {
  return applicationRequestSchema(true, context);
}

/** §16.5: what is sent replaces what is stored, the rest stays (§1.1 PUT semantics); ids already attached may be in any status. */
export function updateApplicationRequestSchema(context: ApplicationRequestContext = {}) {
  return applicationRequestSchema(false, context);
}
