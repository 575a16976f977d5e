import { z } from 'zod';
import { EMBEDDING_MODELS, KNOWLEDGE_BASE_SOURCE_TYPES, KNOWLEDGE_BASE_STATUSES } from '../../rules/knowledge-base-form';
import { isoDate } from './common';

/** The KnowledgeBase entity (contract §2), also called an index. */
export const knowledgeBaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source_type: z.enum(KNOWLEDGE_BASE_SOURCE_TYPES),
  /** `null` for `apis` (§15.4). */
  chunk_size: z.number().int().nullable(),
  overlap: z.number().int().nullable(),
  embedding_model: z.enum(EMBEDDING_MODELS),
  data_source_ids: z.array(z.string()),
  status: z.enum(KNOWLEDGE_BASE_STATUSES),
  error: z.string().nullable(),
  document_count: z.number().int(),
  chunk_count: z.number().int(),
  last_indexed_at: isoDate.nullable(),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

/**
 * §15.1. `indexes` repeats `knowledgeBases` when the list was asked for by `ids` (the documents'
 * pickers read that key); `truncated` appears only when the server could not read every item.
 */
export const knowledgeBaseListSchema = z.object({
  knowledgeBases: z.array(knowledgeBaseSchema),
  indexes: z.array(knowledgeBaseSchema).optional(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  truncated: z.literal(true).optional(),
});
export type KnowledgeBaseList = z.infer<typeof knowledgeBaseListSchema>;

/** An application as §15.3 and §15.6's details name it. */
export const applicationRefSchema = z.object({ id: z.string(), name: z.string() });
export type ApplicationRef = z.infer<typeof applicationRefSchema>;

/** §15.3. */
export const knowledgeBaseUsageSchema = z.object({
  isInUse: z.boolean(),
  applications: z.array(applicationRefSchema),
});
export type KnowledgeBaseUsage = z.infer<typeof knowledgeBaseUsageSchema>;

/** A group with access to a knowledge base (§15.8) or an application (§16.8). */
export const groupRefSchema = z.object({ id: z.string(), name: z.string(), is_admin_group: z.boolean() });
export type GroupRef = z.infer<typeof groupRefSchema>;

/** §15.8; §15.9 answers the same with its message. */
export const knowledgeBaseGroupsSchema = z.object({ groups: z.array(groupRefSchema) });
export type KnowledgeBaseGroups = z.infer<typeof knowledgeBaseGroupsSchema>;

/** §15.7's 202 answer; the message's text is the server's (knowledge-base-messages). */
export const deployKnowledgeBaseResponseSchema = z.object({
  message: z.string(),
  knowledgeBase: knowledgeBaseSchema,
});
export type DeployKnowledgeBaseResponse = z.infer<typeof deployKnowledgeBaseResponseSchema>;
