import type { EmbeddingModel, KnowledgeBaseSourceType, KnowledgeBaseStatus } from '../../../../shared/rules/knowledge-base-form';

/**
 * The knowledge-base entities as the contract returns them (§2 KnowledgeBase, §15; §2 WebSource and
 * ApiSource for the pickers). Only the fields the screens read are typed; the server may send more.
 */

export interface KnowledgeBase {
  id: string;
  name: string;
  description: string;
  source_type: KnowledgeBaseSourceType;
  chunk_size: number | null;
  overlap: number | null;
  embedding_model: EmbeddingModel;
  data_source_ids: string[];
  /** Spec 02 §4 allows statuses beyond the contract's four; they read as "other". */
  status: KnowledgeBaseStatus | (string & {});
  error?: string | null;
  document_count?: number;
  chunk_count?: number;
  last_indexed_at?: string | null;
  created_by?: string;
  created_by_name?: string;
  created_at: string;
  updated_at: string;
}

/** §15.1. */
export interface KnowledgeBaseList {
  knowledgeBases: KnowledgeBase[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  truncated?: boolean;
}

/** §15.3. */
export interface KnowledgeBaseUsage {
  isInUse: boolean;
  applications: Array<{ id: string; name: string }>;
}

/** §15.8, §15.9. */
export interface KnowledgeBaseGroup {
  id: string;
  name: string;
  is_admin_group: boolean;
}

/** §15.7's 202 answer. */
export interface DeployAnswer {
  message: string;
  knowledgeBase: KnowledgeBase;
}

/** Spec 02 §3: the clone payload carries the knowledge base's values under camelCase names. */
export interface KnowledgeBaseDraft {
  name: string;
  description: string;
  sourceType: KnowledgeBaseSourceType;
  chunkSize: number | null;
  overlap: number | null;
  embeddingModel: EmbeddingModel;
  dataSourceIds: string[];
}

/** §2 WebSource, as the website picker reads it. */
export interface WebSource {
  id: string;
  name: string;
  description?: string | null;
  status?: string;
  configuration?: { url?: string; crawl_frequency?: string; crawl_depth?: number; sitemap_url?: string | null };
}

/** §2 ApiSource; spec 02 §3 says its configuration may arrive as a JSON string. */
export interface ApiSource {
  id: string;
  name: string;
  description?: string | null;
  configuration?: ApiSourceConfiguration | string | null;
}

export interface ApiSourceConfiguration {
  endpoint?: string;
  /** The older shape (spec 02 §3). */
  url?: string;
  method?: string;
  headers?: Record<string, string> | null;
}

/** One chosen source as the form lists it: its name, a detail line, or orphaned (spec 02 form, section 3). */
export interface SourceSummary {
  id: string;
  name: string;
  detail?: string;
}
