import type { LlmModel } from '../../../../shared/rules/chat';

/**
 * The RAG application screens' view of the contract (§2 Application, §16). Only the fields these
 * screens read are typed; the server may send more.
 */

export type ApplicationStatus = 'ready' | 'not_ready' | 'disabled';

export interface ApiIntegrationSettings {
  /** Shown in full to admins (contract §2 Integration); other roles get no settings. */
  token?: string | null;
  rateLimit?: number;
  allowedOrigins?: string[];
}

export interface SlackIntegrationSettings {
  /** Masked ("********" + last 4) when stored. */
  botToken?: string | null;
  signingSecret?: string | null;
  channels?: string;
  /** Read-only: where Slack must post events (§18.1). */
  eventsUrl?: string;
}

export type ApplicationIntegration =
  | { type: 'api'; platform: null; enabled: boolean; settings: ApiIntegrationSettings }
  | { type: 'messaging'; platform: 'slack'; enabled: boolean; settings: SlackIntegrationSettings };

export interface ApplicationKnowledgeBase {
  id: string;
  name: string;
  description: string;
  status: string;
  source_type: string;
}

export interface RagApplication {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  status: ApplicationStatus;
  llm_model: LlmModel;
  index_ids: string[];
  knowledge_bases: ApplicationKnowledgeBase[];
  integrations: ApplicationIntegration[];
  created_at?: string;
  updated_at?: string;
}

/** Contract §16.1. */
export interface ApplicationList {
  applications: RagApplication[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Contract §16.3. */
export interface AccessCheck {
  hasRagAccess: boolean;
  indexAccess: Array<{ indexId: string; hasAccess: boolean }>;
}

/** A knowledge base as the picker lists it (contract §2 KnowledgeBase, reduced). */
export interface KnowledgeBaseOption {
  id: string;
  name: string;
  description: string;
  status: string;
  source_type: string;
}

/** Contract §15.1. */
export interface KnowledgeBaseList {
  knowledgeBases: KnowledgeBaseOption[];
  total: number;
}

/** Contract §16.8 / §16.9. */
export interface GroupRef {
  id: string;
  name: string;
  is_admin_group: boolean;
}
