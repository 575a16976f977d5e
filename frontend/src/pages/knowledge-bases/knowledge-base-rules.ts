import { EMBEDDING_MODEL_LABELS, type KnowledgeBaseSourceType } from '../../../../shared/rules/knowledge-base-form';
import { formatDate } from '../../components/format';
import type { ApiSource, ApiSourceConfiguration, KnowledgeBase, KnowledgeBaseDraft, WebSource } from './types';

/**
 * The knowledge-base screens' texts and presentation rules (spec 02 list, form, §4, §8, §9) as pure
 * functions, so the pages and the tests share one copy. The rules the server also enforces live in
 * shared/rules/knowledge-base-form.
 */

/** Spec 02 §9: the list's page size. */
export const KNOWLEDGE_BASE_PAGE_SIZE = 10;
/** How often the list and the form re-read while a knowledge base is processing. */
export const PROCESSING_POLL_MS = 3000;
/** The file picker's page: folders and files of one folder, by name. */
export const FILE_PICKER_PAGE_SIZE = 50;

export const SOURCE_TYPE_LABELS: Record<KnowledgeBaseSourceType, string> = { files: 'Files', websites: 'Websites', apis: 'APIs' };

/** Spec 02 form, section 3: the button that opens each picker (and the picker's title). */
export const PICKER_TITLES: Record<KnowledgeBaseSourceType, string> = {
  files: 'Select Data Sources',
  websites: 'Select Websites',
  apis: 'Select API Endpoints',
};

/** Spec 02 pickers: the confirm button, with the count. */
export const pickerConfirmLabel = (type: KnowledgeBaseSourceType, count: number) =>
  type === 'files' ? `Select (${count}) Files` : type === 'websites' ? `Select (${count}) Website(s)` : `Select (${count}) Endpoint(s)`;

export const KB_MESSAGES = {
  created: 'Knowledge Base created successfully',
  cloned: 'Knowledge Base cloned successfully',
  updated: 'Knowledge Base updated successfully',
  deleted: 'Knowledge base deleted successfully',
  deleteFailed: 'Failed to delete knowledge base',
  fetchListFailed: 'Failed to fetch knowledge bases',
  fetchOneFailed: 'Failed to fetch knowledge-base',
  fetchFilesFailed: 'Failed to fetch data-sources',
  fetchWebsitesFailed: 'Failed to fetch websites',
  fetchApisFailed: 'Failed to fetch API endpoints',
  /** Not in spec 02's catalogue, which lists no deploy or group-access failure; worded like its others. */
  deployFailed: 'Failed to deploy knowledge base',
  /** The list's own text when a deploy answer carries no message. */
  deployStarted: 'Knowledge base deployment initiated',
  deployFailedAfterCreate: (name: string) => `${name} was created as an undeployed draft. Deploy it from the list once the problem is solved.`,
  saveFailed: 'Failed to save knowledge base',
  groupsFailed: 'Failed to update group access',
  groupsLoadFailed: 'Failed to load groups',
  empty: 'No knowledge bases found.',
  /** Contract §15: writes are admin-only; a user reaches these screens to read. */
  adminOnly: 'Only organization admins can change knowledge bases',
  deleteWhileProcessing: 'Cannot delete a knowledge base while it is processing',
  /** What the form's "Loaded sources are checked" step prefixes its findings with (spec 02 §5). */
  validationErrors: 'Validation errors: ',
} as const;

/** Spec 02 list: the Edit tooltip of a locked knowledge base, and the form's note. */
export const LOCKED_HINT = 'Only name and description can be modified';
export const LOCKED_DETAIL = 'This knowledge base has been deployed. To change its sources or processing settings, clone it.';

/** Spec 02 form: the Delete tooltip while applications use it. */
export const inUseMessage = (applications: ReadonlyArray<{ name: string }>) => `Cannot delete - in use by: ${applications.map((app) => app.name).join(', ')}`;

const STATUS_LABELS: Record<string, string> = { draft: 'Draft', processing: 'Processing', ready: 'Ready', failed: 'Failed' };

/** The badge text; spec 02 §4 allows statuses beyond the contract's, shown capitalised. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');
}

export function statusColor(status: string): 'success' | 'info' | 'error' | 'default' {
  return status === 'ready' ? 'success' : status === 'processing' ? 'info' : status === 'failed' ? 'error' : 'default';
}

/** Spec 02 list: files and websites have their own icons, anything else is api. */
export function sourceIconKind(sourceType: string): 'files' | 'websites' | 'apis' {
  return sourceType === 'files' || sourceType === 'websites' ? sourceType : 'apis';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function sourceCount(sourceType: string, count: number): string {
  if (sourceType === 'files') return plural(count, 'file', 'files');
  if (sourceType === 'websites') return plural(count, 'website', 'websites');
  return plural(count, 'API endpoint', 'API endpoints');
}

/**
 * Spec 02 list row: "a summary line". Its content is not given; it says what the knowledge base is
 * built from and how, and once indexed how much it holds.
 */
export function summaryLine(kb: KnowledgeBase): string {
  const parts = [sourceCount(kb.source_type, kb.data_source_ids.length)];
  if (kb.source_type !== 'apis') {
    parts.push(EMBEDDING_MODEL_LABELS[kb.embedding_model] ?? kb.embedding_model);
    if (kb.chunk_size !== null && kb.overlap !== null) parts.push(`chunk size ${kb.chunk_size}, overlap ${kb.overlap}`);
  }
  if (kb.status === 'ready' && typeof kb.chunk_count === 'number') {
    parts.push(`${plural(kb.document_count ?? 0, 'document', 'documents')}, ${plural(kb.chunk_count, 'chunk', 'chunks')}`);
  }
  return parts.join(' · ');
}

/** Spec 02 list: 'Updated on' when the dates differ, else 'Created on'. */
export function dateLine(kb: Pick<KnowledgeBase, 'created_at' | 'updated_at'>): string {
  return kb.updated_at && kb.updated_at !== kb.created_at ? `Updated on ${formatDate(kb.updated_at)}` : `Created on ${formatDate(kb.created_at)}`;
}

const CLONE_SUFFIX = ' (Clone)';

/** Spec 02 §4: ' (Clone)' is appended unless already present. */
export function cloneName(name: string): string {
  return name.endsWith(CLONE_SUFFIX) ? name : `${name}${CLONE_SUFFIX}`;
}

/** Spec 02 §3: the clone payload (camelCase), passed to the create form in navigation state. */
export function toDraft(kb: KnowledgeBase): KnowledgeBaseDraft {
  return {
    name: cloneName(kb.name),
    description: kb.description ?? '',
    sourceType: kb.source_type,
    chunkSize: kb.chunk_size,
    overlap: kb.overlap,
    embeddingModel: kb.embedding_model,
    dataSourceIds: [...kb.data_source_ids],
  };
}

/** Navigation state is whatever was pushed: only a well-formed draft is used. */
export function readDraft(state: unknown): KnowledgeBaseDraft | undefined {
  const clone = state && typeof state === 'object' ? (state as { clone?: unknown }).clone : undefined;
  if (!clone || typeof clone !== 'object') return undefined;
  const draft = clone as Partial<KnowledgeBaseDraft>;
  if (typeof draft.name !== 'string' || typeof draft.sourceType !== 'string' || !Array.isArray(draft.dataSourceIds)) return undefined;
  return draft as KnowledgeBaseDraft;
}

/** Spec 02 §3: an API source's configuration may arrive as a JSON string, and older ones use `url`. */
export function apiSourceConfiguration(source: ApiSource): ApiSourceConfiguration {
  const raw = source.configuration;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as ApiSourceConfiguration) : {};
    } catch {
      return {};
    }
  }
  return raw ?? {};
}

export function apiSourceRow(source: ApiSource) {
  const config = apiSourceConfiguration(source);
  return {
    url: config.endpoint ?? config.url ?? '',
    // Spec 02 §3: GET where a listed source has none.
    method: (config.method || 'GET').toUpperCase(),
    headers: config.headers && Object.keys(config.headers).length > 0 ? 'Yes' : 'No',
  };
}

/** Spec 02 §5: the checks run over loaded sources; the findings are listed after 'Validation errors: '. */
export function loadedSourceProblems(type: KnowledgeBaseSourceType, sources: ReadonlyArray<{ id?: unknown; name?: unknown; configuration?: unknown }>): string[] {
  const problems: string[] = [];
  for (const source of sources) {
    const id = typeof source.id === 'string' ? source.id.trim() : '';
    if (!id) {
      problems.push('Invalid source ID');
      continue;
    }
    const name = typeof source.name === 'string' ? source.name.trim() : '';
    if (!name) problems.push(`Missing name for source ${id}`);
    if (type === 'websites') {
      const config = (source.configuration ?? {}) as WebSource['configuration'] & object;
      const label = name || id;
      if (!config.url) problems.push(`Missing URL for website ${label}`);
      const depth = config.crawl_depth;
      if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= 5)) problems.push(`Invalid crawl depth for website ${label}`);
    }
  }
  return problems;
}
