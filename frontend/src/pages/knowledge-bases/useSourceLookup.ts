import useSWR from 'swr';
import type { KnowledgeBaseSourceType } from '../../../../shared/rules/knowledge-base-form';
import { useApiFetch } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { withQuery } from '../../api/query';
import type { DataSourceItem } from '../../features/files/types';
import { apiSourceRow } from './knowledge-base-rules';
import type { ApiSource, SourceSummary, WebSource } from './types';

export const WEB_SOURCES_PATH = '/api/web-sources';
export const API_SOURCES_PATH = '/api/api-sources';

/** Contract §1.5: at most 100 ids per request. */
const IDS_PER_REQUEST = 100;

/** A family that is not in this release (501) will not answer differently on a retry. */
const notImplemented = (error: unknown) => error instanceof ApiError && error.status === 501;
const retryUnlessNotImplemented = { shouldRetryOnError: (error: unknown) => !notImplemented(error) && !(error instanceof ApiError && error.status >= 400 && error.status < 500) };

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** What each source family's `ids` lookup answers (contract §9.1, §13.1, §14.1), as summaries. */
const LOOKUPS: Record<KnowledgeBaseSourceType, { path: string; read: (answer: unknown) => SourceSummary[] }> = {
  files: {
    path: '/api/data-sources',
    read: (answer) => ((answer as { dataSources?: DataSourceItem[] }).dataSources ?? []).map((item) => ({ id: item.id, name: item.name, detail: item.path })),
  },
  websites: {
    path: WEB_SOURCES_PATH,
    read: (answer) => ((answer as { webSources?: WebSource[] }).webSources ?? []).map((source) => ({ id: source.id, name: source.name, detail: source.configuration?.url })),
  },
  apis: {
    path: API_SOURCES_PATH,
    read: (answer) =>
      ((answer as { apiSources?: ApiSource[] }).apiSources ?? []).map((source) => {
        const row = apiSourceRow(source);
        return { id: source.id, name: source.name, detail: `${row.method} ${row.url}`.trim() };
      }),
  },
};

export interface SourceLookup {
  /** The sources found, by id. */
  found: ReadonlyMap<string, SourceSummary>;
  /** Ids the lookup answered without: the sources no longer exist (spec 02: "orphaned"). Empty until it answered. */
  orphaned: ReadonlySet<string>;
  loading: boolean;
  /** The lookup failed (e.g. a family not available yet); nothing is called orphaned then. */
  error: unknown;
}

/**
 * The names behind a knowledge base's `data_source_ids`, with the `ids` filter of each family. An
 * id the answer leaves out no longer exists (contract §9.4: deleted sources stay in the list).
 */
export function useSourceLookup(type: KnowledgeBaseSourceType | '', ids: readonly string[]): SourceLookup {
  const apiFetch = useApiFetch();
  const sorted = [...new Set(ids)].sort();
  const key = type && sorted.length > 0 ? ['kb-source-lookup', type, sorted.join(',')] : null;
  const answer = useSWR(
    key,
    async ([, kind, joined]: [string, KnowledgeBaseSourceType, string]) => {
      const lookup = LOOKUPS[kind];
      const pages = await Promise.all(chunks(joined.split(','), IDS_PER_REQUEST).map((part) => apiFetch(withQuery(lookup.path, { ids: part.join(',') }))));
      return pages.flatMap(lookup.read);
    },
    { keepPreviousData: true, ...retryUnlessNotImplemented },
  );
  const found = new Map((answer.data ?? []).map((summary) => [summary.id, summary]));
  // keepPreviousData can show an older answer for newly picked ids: only ids that answer asked about can be orphaned.
  const asked = new Set(answer.data && !answer.isLoading ? sorted : []);
  const orphaned = new Set(answer.error ? [] : sorted.filter((id) => asked.has(id) && !found.has(id) && !answer.isValidating));
  return { found, orphaned, loading: Boolean(key) && answer.isLoading, error: answer.error };
}

/** Contract §13.1 with `all=true`: every website, for the picker. */
export function useWebSourceOptions(enabled: boolean) {
  return useSWR<{ webSources: WebSource[] }>(enabled ? withQuery(WEB_SOURCES_PATH, { all: true }) : null, { revalidateOnMount: true, ...retryUnlessNotImplemented });
}

/** Contract §14.1 with `all=true`: every API source, for the picker. */
export function useApiSourceOptions(enabled: boolean) {
  return useSWR<{ apiSources: ApiSource[] }>(enabled ? withQuery(API_SOURCES_PATH, { all: true }) : null, { revalidateOnMount: true, ...retryUnlessNotImplemented });
}
