import { z } from 'zod';
import { LLM_MODELS } from '../../rules/chat';
import { isoDate } from './common';
import { groupRefSchema, knowledgeBaseSchema } from './knowledge-bases';

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

/** §16.7 */
export const setApplicationEnabledRequestSchema = z.object({ enabled: z.boolean({ error: 'enabled must be a boolean' }) });

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
