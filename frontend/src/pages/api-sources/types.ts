/**
 * Contract §2 ApiSource and §14 as the API screens read them: the entity, its configuration, the
 * texts and the limits are the server's own (shared/api/schemas/api-sources.ts).
 */
import {
  API_AUTH_TYPES,
  API_METHODS,
  API_PERFORMANCE,
  API_RESPONSE_TYPES,
  API_SOURCE_MESSAGES,
  type ApiAuthType,
  type ApiMethod,
  type ApiPerformanceField,
  type ApiResponseType,
  type ApiSource as ContractApiSource,
  type ApiSourceConfiguration,
  type ApiSourceTestResult,
} from '../../../../shared/api/schemas/api-sources';

export { API_SOURCE_MESSAGES, DEFAULT_API_KEY_HEADER, SECRET_MASK } from '../../../../shared/api/schemas/api-sources';
export type { ApiSourceConfiguration };

export const HTTP_METHODS = API_METHODS;
export type HttpMethod = ApiMethod;
export const AUTH_TYPES = API_AUTH_TYPES;
export type AuthType = ApiAuthType;
export const RESPONSE_TYPES = API_RESPONSE_TYPES;
export type ResponseType = ApiResponseType;

/** Spec 02 §9 and contract §2: the performance defaults. */
export const API_SOURCE_DEFAULTS = Object.fromEntries(Object.entries(API_PERFORMANCE).map(([field, limits]) => [field, limits.default])) as Record<ApiPerformanceField, number>;

/** Contract §14 "performance": the bounds and their messages. */
export const PERFORMANCE_LIMITS: Record<ApiPerformanceField, { min: number; max: number; message: string }> = {
  requests_per_minute: { ...API_PERFORMANCE.requests_per_minute, message: API_SOURCE_MESSAGES.requestsPerMinute },
  retry_count: { ...API_PERFORMANCE.retry_count, message: API_SOURCE_MESSAGES.retryCount },
  timeout_seconds: { ...API_PERFORMANCE.timeout_seconds, message: API_SOURCE_MESSAGES.timeout },
  max_response_size_mb: { ...API_PERFORMANCE.max_response_size_mb, message: API_SOURCE_MESSAGES.maxResponseSize },
};

/**
 * Contract §2 ApiSource. Spec 02 §3 says a configuration may arrive as a JSON string (an older
 * shape), so the screens read it leniently.
 */
export type ApiSource = Omit<ContractApiSource, 'configuration'> & { configuration: ApiSourceConfiguration | string };

/** §14.1 */
export interface ApiSourceList {
  apiSources: ApiSource[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** §14.4 and §14.5, as this form sends them. */
export interface SaveApiSourceBody {
  name: string;
  description: string;
  source_type: 'api_query';
  configuration: ApiSourceConfiguration;
}

/** §14.7's 200 answer. */
export type ApiSourceTestAnswer = ApiSourceTestResult;
