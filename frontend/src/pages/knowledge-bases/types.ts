import type { WebSource as ContractWebSource } from '../../../../shared/api/schemas/web-sources';
import type { EmbeddingModel, KnowledgeBaseSourceType } from '../../../../shared/rules/knowledge-base-form';

/**
 * The knowledge-base entities as the contract returns them (§2 KnowledgeBase, §15) come from the
 * shared schemas the server's views are typed with; what follows them here is the client's own
 * (the clone draft, the pickers' reduced views of §2 WebSource and ApiSource).
 */
export type {
  DeployKnowledgeBaseResponse as DeployAnswer,
  GroupRef as KnowledgeBaseGroup,
  KnowledgeBase,
  KnowledgeBaseList,
  KnowledgeBaseUsage,
} from '../../../../shared/api/schemas/knowledge-bases';

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

/**
 * §2 WebSource (shared/api/schemas/web-sources.ts) as the website picker reads it: loaded sources are
 * checked before use (spec 02 §5, 'Missing URL for website ...'), so beyond the id nothing is trusted.
 */
export type WebSource = Pick<ContractWebSource, 'id' | 'name'> &
  Partial<Pick<ContractWebSource, 'description' | 'status'>> & { configuration?: Partial<ContractWebSource['configuration']> };

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
