/**
 * Contract §2 ApiSource and §14 as the API screens read them, with the texts and limits of §14.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const AUTH_TYPES = ['none', 'bearer', 'basic', 'api_key'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export const RESPONSE_TYPES = ['json', 'xml', 'csv', 'text'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** Spec 02 §9 and contract §2: the performance defaults. */
export const API_SOURCE_DEFAULTS = { requests_per_minute: 60, retry_count: 3, timeout_seconds: 30, max_response_size_mb: 10 } as const;
/** Contract §14: the header the api_key authentication uses when none is named. */
export const DEFAULT_API_KEY_HEADER = 'X-API-Key';

export const API_SOURCE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 255 characters',
  endpointRequired: 'Endpoint URL is required',
  endpointInvalid: 'Endpoint URL must be a valid URL',
  methodInvalid: 'Method must be one of GET, POST, PUT, DELETE, PATCH',
  headerNameEmpty: 'Header name cannot be empty',
  tokenRequired: 'Token is required for bearer authentication',
  basicRequired: 'Username and password are required for basic authentication',
  apiKeyRequired: 'API key is required for api_key authentication',
  invalidJson: 'Invalid JSON format. Please check your syntax.',
  requestsPerMinute: 'Requests per minute must be between 1 and 1000',
  retryCount: 'Retry count must be between 0 and 5',
  timeout: 'Timeout must be between 1 and 300 seconds',
  maxResponseSize: 'Max response size must be between 1 and 100 MB',
} as const;

/** Contract §14 "performance": the bounds and their messages. */
export const PERFORMANCE_LIMITS = {
  requests_per_minute: { min: 1, max: 1000, message: API_SOURCE_MESSAGES.requestsPerMinute },
  retry_count: { min: 0, max: 5, message: API_SOURCE_MESSAGES.retryCount },
  timeout_seconds: { min: 1, max: 300, message: API_SOURCE_MESSAGES.timeout },
  max_response_size_mb: { min: 1, max: 100, message: API_SOURCE_MESSAGES.maxResponseSize },
} as const;

export interface ApiSourceConfiguration {
  endpoint: string;
  method: HttpMethod;
  headers: Record<string, string>;
  authentication: { type: AuthType; token?: string; username?: string; password?: string; key?: string; header_name?: string };
  performance: { requests_per_minute: number; retry_count: number; timeout_seconds: number; max_response_size_mb: number };
  request: { payload_template?: string };
  response: { parsing: { type: ResponseType; path?: string; array_path?: string; mapping: Record<string, string> } };
}

/** Contract §2 ApiSource. Older or foreign rows may lack parts of the configuration, so the screens read it leniently. */
export interface ApiSource {
  id: string;
  name: string;
  description: string;
  source_type: 'api_query';
  status?: 'active' | 'error' | string;
  last_fetched_at?: string | null;
  last_error?: string | null;
  configuration: ApiSourceConfiguration | string;
  used_by_kbs: Array<{ id: string; name: string }>;
  created_by?: string;
  created_by_name?: string;
  created_at: string;
  updated_at: string;
}

/** §14.1 */
export interface ApiSourceList {
  apiSources: ApiSource[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** §14.4 and §14.5. */
export interface SaveApiSourceBody {
  name: string;
  description: string;
  source_type: 'api_query';
  configuration: ApiSourceConfiguration;
}

/** §14.7's 200 answer. */
export interface ApiSourceTestAnswer {
  success: boolean;
  message: string;
  status?: number;
  contentType?: string;
  data?: unknown;
  parsed?: { records: unknown[]; recordCount: number };
  parseError?: string;
}
