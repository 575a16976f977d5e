import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError, createApiClient, createSwrFetcher, type ApiClientOptions, type ApiFetch } from './client';

const ApiContext = createContext<ApiFetch | undefined>(undefined);

type ApiProviderProps = Omit<ApiClientOptions, 'fetchImpl'> & { children: ReactNode };

/**
 * Provides `apiFetch` and SWR's fetcher to every page. The callbacks are read through a ref so the
 * client (and SWR's cache) survive token renewals, which change the auth state on every refresh.
 */
export function ApiProvider({ children, ...options }: ApiProviderProps) {
  const latest = useRef(options);
  latest.current = options;
  const baseUrl = options.baseUrl;

  const apiFetch = useMemo(
    () =>
      createApiClient({
        baseUrl,
        getAccessToken: () => latest.current.getAccessToken(),
        refreshAccessToken: () => latest.current.refreshAccessToken(),
        onSessionExpired: (reason) => latest.current.onSessionExpired?.(reason),
      }),
    [baseUrl],
  );

  const swrConfig = useMemo(
    () => ({
      fetcher: createSwrFetcher(apiFetch),
      // A 4xx will answer the same on a retry; only network and server failures are worth retrying.
      shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      revalidateOnFocus: false,
      // One cache per client (and so per mounted app): nothing read for one sign-in is shared with
      // another app instance, and each test render starts empty.
      provider: () => new Map(),
    }),
    [apiFetch],
  );

  return (
    <ApiContext.Provider value={apiFetch}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </ApiContext.Provider>
  );
}

export function useApiFetch(): ApiFetch {
  const apiFetch = useContext(ApiContext);
  if (!apiFetch) throw new Error('useApiFetch must be used inside ApiProvider');
  return apiFetch;
}
