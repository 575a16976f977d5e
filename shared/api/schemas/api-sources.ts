import { z } from 'zod';
import { descriptionField, nameField } from '../../rules/fields';
import { isValidRecordPath } from '../../rules/api-source-paths';
import { isoDate, knowledgeBaseRefSchema } from './common';

/** Contract §14 texts (and the few it leaves open, in docs/contract-decisions.md). */
export const API_SOURCE_MESSAGES = {
  notFound: 'API source not found',
  configurationTooLarge: 'Configuration must be at most 32 KB',
  /** Not worded by the contract: a `configuration` string that is not a JSON object. */
  configurationInvalid: 'Configuration must be a JSON object',
  endpointRequired: 'Endpoint URL is required',
  endpointInvalid: 'Endpoint URL must be a valid URL',
  urlNotAllowed: 'URL is not allowed',
  methodInvalid: 'Method must be one of GET, POST, PUT, DELETE, PATCH',
  tooManyHeaders: 'At most 50 headers are allowed',
  headerNameEmpty: 'Header name cannot be empty',
  headerNameInvalid: (name: string) => `Invalid header name: ${name}`,
  headerValueTooLong: 'Header value must be at most 4096 characters',
  authenticationTypeInvalid: 'Authentication type must be one of none, bearer, basic, api_key',
  tokenRequired: 'Token is required for bearer authentication',
  basicRequired: 'Username and password are required for basic authentication',
  apiKeyRequired: 'API key is required for api_key authentication',
  headerNameForKeyInvalid: 'API key header name must be a valid header name',
  requestsPerMinute: 'Requests per minute must be between 1 and 1000',
  retryCount: 'Retry count must be between 0 and 5',
  timeout: 'Timeout must be between 1 and 300 seconds',
  maxResponseSize: 'Max response size must be between 1 and 100 MB',
  payloadInvalid: 'Invalid JSON format. Please check your syntax.',
  responseTypeInvalid: 'Response type must be one of json, xml, csv, text',
  pathInvalid: (field: string, path: string) => `${field} must use dots and [index], e.g. data.items[0].name: ${path}`,
  tooManyMappings: 'At most 100 field mappings are allowed',
  sourcePathEmpty: 'Source path cannot be empty',
  targetEmpty: 'Target field name cannot be empty',
  targetInvalid: (name: string) => `Invalid field name format: ${name}. Use letters, numbers, and underscores only, starting with a letter.`,
  duplicateTargets: 'Duplicate mapped field names are not allowed',
  sourceTypeInvalid: 'source_type must be api_query',
  created: 'API source created successfully',
  updated: 'API source updated successfully',
  inUse: (names: string) => `Cannot delete API source as it is used in: ${names}`,
  testSucceeded: 'API source test successful',
  testParseFailed: (reason: string) => `API call successful, but response parsing failed: ${reason}`,
  testNotArray: 'API call successful, but the specified array path did not return an array.',
  testFailed: (reason: string) => `Failed to test API source: ${reason}`,
  upstreamStatus: (status: number) => `API returned status ${status}`,
  responseTooLarge: (megabytes: number) => `Response exceeds ${megabytes} MB`,
} as const;

export const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type ApiMethod = (typeof API_METHODS)[number];
export const API_AUTH_TYPES = ['none', 'bearer', 'basic', 'api_key'] as const;
export type ApiAuthType = (typeof API_AUTH_TYPES)[number];
export const API_RESPONSE_TYPES = ['json', 'xml', 'csv', 'text'] as const;
export type ApiResponseType = (typeof API_RESPONSE_TYPES)[number];
export const API_SOURCE_STATUSES = ['active', 'error'] as const;
export type ApiSourceStatus = (typeof API_SOURCE_STATUSES)[number];

/** §14's ranges and §2's defaults. */
export const API_PERFORMANCE = {
  requests_per_minute: { min: 1, max: 1000, default: 60 },
  retry_count: { min: 0, max: 5, default: 3 },
  timeout_seconds: { min: 1, max: 300, default: 30 },
  max_response_size_mb: { min: 1, max: 100, default: 10 },
} as const;
export type ApiPerformanceField = keyof typeof API_PERFORMANCE;
export const API_LIMITS = { configurationBytes: 32 * 1024, headers: 50, headerValue: 4096, mappings: 100, targetName: 64 } as const;
export const DEFAULT_API_KEY_HEADER = 'X-API-Key';
/** How responses show a secret (§2), and how a client sends one back unchanged (§1.6). */
export const SECRET_MASK = '********';
/** Header names whose values are secrets (§2). */
export const SECRET_HEADER_NAME = /authorization|api[-_]?key|token|secret|cookie/i;
/** §14.7 */
export const API_TEST_LIMITS = { seconds: 25, dataBytes: 64 * 1024, records: 5 } as const;

const TARGET_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** RFC 9110's token: what a header name may be. */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface ApiAuthentication {
  type: ApiAuthType;
  token?: string;
  username?: string;
  password?: string;
  key?: string;
  header_name?: string;
}
export interface ApiPerformance {
  requests_per_minute: number;
  retry_count: number;
  timeout_seconds: number;
  max_response_size_mb: number;
}
export interface ApiParsing {
  type: ApiResponseType;
  path?: string;
  array_path?: string;
  mapping: Record<string, string>;
}
/** ApiSourceConfiguration (§2), as stored and (secrets masked) as answered. */
export interface ApiSourceConfiguration {
  endpoint: string;
  method: ApiMethod;
  headers: Record<string, string>;
  authentication: ApiAuthentication;
  performance: ApiPerformance;
  request: { payload_template?: string };
  response: { parsing: ApiParsing };
}

/**
 * A configuration as a request carries it, read and checked: every part the body had, nothing
 * else. An update merges it into the stored one (masked and left-out secrets are kept).
 */
export interface ApiSourceConfigurationInput {
  endpoint?: string;
  method?: ApiMethod;
  headers?: Record<string, string>;
  authentication?: Partial<ApiAuthentication>;
  performance?: Partial<Record<ApiPerformanceField, number | null>>;
  request?: { payload_template?: string | null };
  response?: { parsing: Partial<ApiParsing> };
}

export const apiSourceConfigurationSchema = z.object({
  endpoint: z.string(),
  method: z.enum(API_METHODS),
  headers: z.record(z.string(), z.string()),
  authentication: z.object({
    type: z.enum(API_AUTH_TYPES),
    token: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    key: z.string().optional(),
    header_name: z.string().optional(),
  }),
  performance: z.object({ requests_per_minute: z.number(), retry_count: z.number().int(), timeout_seconds: z.number(), max_response_size_mb: z.number() }),
  request: z.object({ payload_template: z.string().optional() }),
  response: z.object({
    parsing: z.object({ type: z.enum(API_RESPONSE_TYPES), path: z.string().optional(), array_path: z.string().optional(), mapping: z.record(z.string(), z.string()) }),
  }),
});

/** The ApiSource entity (contract §2). */
export const apiSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source_type: z.literal('api_query'),
  status: z.enum(API_SOURCE_STATUSES),
  last_fetched_at: isoDate.nullable(),
  last_error: z.string().nullable(),
  configuration: apiSourceConfigurationSchema,
  used_by_kbs: z.array(knowledgeBaseRefSchema),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type ApiSource = z.infer<typeof apiSourceSchema>;

/** §14.1 */
export const apiSourceListSchema = z.object({
  apiSources: z.array(apiSourceSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const apiSourceAnswerSchema = z.object({ apiSource: apiSourceSchema });
export const apiSourceSavedSchema = z.object({ apiSource: apiSourceSchema, message: z.string() });
/** §14.3 */
export const apiSourceUsageSchema = z.object({ knowledgeBases: z.array(knowledgeBaseRefSchema) });
/** §14.7 */
export const apiSourceTestSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: z.number().int(),
  contentType: z.string(),
  data: z.unknown(),
  /** An addition (docs/api-sources.md): true when `data` was cut to 64 KB. */
  dataTruncated: z.boolean().optional(),
  parsed: z.object({ records: z.array(z.record(z.string(), z.unknown())), recordCount: z.number().int() }).optional(),
  parseError: z.string().optional(),
});
export type ApiSourceTestResult = z.infer<typeof apiSourceTestSchema>;

export interface ConfigurationProblem {
  /** Under `configuration`, e.g. `authentication.token`. */
  field: string;
  message: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isMasked = (value: unknown) => typeof value === 'string' && value.startsWith(SECRET_MASK);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A secret that is there: not blank, and not the mask (which only keeps a stored one). */
export const hasSecret = (value: unknown) => typeof value === 'string' && value !== '' && !isMasked(value);

/**
 * What a complete authentication lacks (§14), for a create's body and for an update once merged
 * with the stored secrets.
 */
export function authenticationProblems(authentication: Partial<ApiAuthentication>): ConfigurationProblem[] {
  if (authentication.type === 'bearer' && !hasSecret(authentication.token)) return [{ field: 'authentication.token', message: API_SOURCE_MESSAGES.tokenRequired }];
  if (authentication.type === 'basic' && (isBlank(authentication.username) || !hasSecret(authentication.password))) {
    return [{ field: isBlank(authentication.username) ? 'authentication.username' : 'authentication.password', message: API_SOURCE_MESSAGES.basicRequired }];
  }
  if (authentication.type === 'api_key' && !hasSecret(authentication.key)) return [{ field: 'authentication.key', message: API_SOURCE_MESSAGES.apiKeyRequired }];
  return [];
}

/** `configuration` as sent: an object, or a JSON string of one (§14). */
function configurationObject(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return isRecord(raw) ? raw : undefined;
}

function readPerformance(raw: unknown, problems: ConfigurationProblem[]): ApiSourceConfigurationInput['performance'] {
  if (raw === undefined || raw === null) return undefined;
  const source = isRecord(raw) ? raw : {};
  const messages: Record<ApiPerformanceField, string> = {
    requests_per_minute: API_SOURCE_MESSAGES.requestsPerMinute,
    retry_count: API_SOURCE_MESSAGES.retryCount,
    timeout_seconds: API_SOURCE_MESSAGES.timeout,
    max_response_size_mb: API_SOURCE_MESSAGES.maxResponseSize,
  };
  const performance: NonNullable<ApiSourceConfigurationInput['performance']> = {};
  for (const field of Object.keys(API_PERFORMANCE) as ApiPerformanceField[]) {
    if (!(field in source)) continue;
    const value = source[field];
    // "An empty field takes its default" (§14): null means the default.
    if (isBlank(value)) {
      performance[field] = null;
      continue;
    }
    const number = typeof value === 'string' ? Number(value.trim()) : value;
    const { min, max } = API_PERFORMANCE[field];
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) problems.push({ field: `performance.${field}`, message: messages[field] });
    else performance[field] = number;
  }
  return performance;
}

function readAuthentication(raw: unknown, problems: ConfigurationProblem[], partial: boolean): ApiSourceConfigurationInput['authentication'] {
  if (raw === undefined || raw === null) return partial ? undefined : { type: 'none' };
  const source = isRecord(raw) ? raw : {};
  const type = isBlank(source.type) ? 'none' : typeof source.type === 'string' ? source.type.trim().toLowerCase() : source.type;
  if (!(API_AUTH_TYPES as readonly unknown[]).includes(type)) {
    problems.push({ field: 'authentication.type', message: API_SOURCE_MESSAGES.authenticationTypeInvalid });
    return undefined;
  }
  const authentication: Partial<ApiAuthentication> = { type: type as ApiAuthType };
  for (const field of ['token', 'username', 'password', 'key', 'header_name'] as const) {
    const value = source[field];
    if (typeof value === 'string' && value !== '') authentication[field] = field === 'username' || field === 'header_name' ? value.trim() : value;
  }
  if (authentication.header_name !== undefined && authentication.header_name !== '' && !HTTP_TOKEN.test(authentication.header_name)) {
    problems.push({ field: 'authentication.header_name', message: API_SOURCE_MESSAGES.headerNameForKeyInvalid });
  }
  // A create has nothing stored to keep: its secrets must be there. An update is checked once merged.
  if (!partial) problems.push(...authenticationProblems(authentication));
  return authentication;
}

function readHeaders(raw: unknown, problems: ConfigurationProblem[]): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  const entries = isRecord(raw) ? Object.entries(raw) : [];
  if (entries.length > API_LIMITS.headers) problems.push({ field: 'headers', message: API_SOURCE_MESSAGES.tooManyHeaders });
  const headers: Record<string, string> = {};
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim();
    if (name === '') {
      problems.push({ field: 'headers', message: API_SOURCE_MESSAGES.headerNameEmpty });
      continue;
    }
    if (!HTTP_TOKEN.test(name)) {
      problems.push({ field: `headers.${name}`, message: API_SOURCE_MESSAGES.headerNameInvalid(name) });
      continue;
    }
    const value = rawValue === null || rawValue === undefined ? '' : typeof rawValue === 'object' ? JSON.stringify(rawValue) : String(rawValue as string | number | boolean);
    if (value.length > API_LIMITS.headerValue) problems.push({ field: `headers.${name}`, message: API_SOURCE_MESSAGES.headerValueTooLong });
    else headers[name] = value;
  }
  return headers;
}

function readPath(source: Record<string, unknown>, field: 'path' | 'array_path', problems: ConfigurationProblem[]): string | undefined {
  const value = source[field];
  if (isBlank(value)) return undefined;
  const path = String(value as string).trim();
  if (!isValidRecordPath(path)) problems.push({ field: `response.parsing.${field}`, message: API_SOURCE_MESSAGES.pathInvalid(field === 'path' ? 'Path' : 'Array path', path) });
  return path;
}

function readMapping(raw: unknown, problems: ConfigurationProblem[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const entries = isRecord(raw) ? Object.entries(raw) : [];
  if (entries.length > API_LIMITS.mappings) problems.push({ field: 'response.parsing.mapping', message: API_SOURCE_MESSAGES.tooManyMappings });
  const mapping: Record<string, string> = {};
  const targets = new Set<string>();
  for (const [rawSource, rawTarget] of entries) {
    const source = rawSource.trim();
    const target = typeof rawTarget === 'string' ? rawTarget.trim() : '';
    const field = `response.parsing.mapping.${source}`;
    if (source === '') problems.push({ field: 'response.parsing.mapping', message: API_SOURCE_MESSAGES.sourcePathEmpty });
    else if (!isValidRecordPath(source)) problems.push({ field, message: API_SOURCE_MESSAGES.pathInvalid('Source path', source) });
    if (target === '') problems.push({ field, message: API_SOURCE_MESSAGES.targetEmpty });
    else if (!TARGET_NAME.test(target) || target.length > API_LIMITS.targetName) problems.push({ field, message: API_SOURCE_MESSAGES.targetInvalid(target) });
    else if (targets.has(target)) problems.push({ field, message: API_SOURCE_MESSAGES.duplicateTargets });
    targets.add(target);
    mapping[source] = target;
  }
  return mapping;
}

function readResponse(raw: unknown, problems: ConfigurationProblem[], partial: boolean): ApiSourceConfigurationInput['response'] {
  if (raw === undefined || raw === null) return partial ? undefined : { parsing: { type: 'json', mapping: {} } };
  const parsingRaw = isRecord(raw) && isRecord(raw.parsing) ? raw.parsing : {};
  const typeRaw = isBlank(parsingRaw.type) ? 'json' : typeof parsingRaw.type === 'string' ? parsingRaw.type.trim().toLowerCase() : parsingRaw.type;
  const parsing: Partial<ApiParsing> = {};
  if ((API_RESPONSE_TYPES as readonly unknown[]).includes(typeRaw)) parsing.type = typeRaw as ApiResponseType;
  else problems.push({ field: 'response.parsing.type', message: API_SOURCE_MESSAGES.responseTypeInvalid });
  const path = readPath(parsingRaw, 'path', problems);
  const arrayPath = readPath(parsingRaw, 'array_path', problems);
  if (path !== undefined) parsing.path = path;
  if (arrayPath !== undefined) parsing.array_path = arrayPath;
  parsing.mapping = readMapping(parsingRaw.mapping, problems);
  return { parsing };
}

/**
 * Reads a request's `configuration` with §14's rules, every problem in the contract's order:
 * size, endpoint, method, headers, authentication, performance, payload template, response type,
 * mapping. `partial` (an update) keeps only what was sent and leaves secrets to the merge.
 */
export function readApiSourceConfiguration(raw: unknown, partial: boolean): { configuration: ApiSourceConfigurationInput; problems: ConfigurationProblem[] } {
  const problems: ConfigurationProblem[] = [];
  const object = raw === undefined || raw === null ? {} : configurationObject(raw);
  if (!object) return { configuration: {}, problems: [{ field: '', message: API_SOURCE_MESSAGES.configurationInvalid }] };
  if (new TextEncoder().encode(JSON.stringify(object)).length > API_LIMITS.configurationBytes) problems.push({ field: '', message: API_SOURCE_MESSAGES.configurationTooLarge });
  const configuration: ApiSourceConfigurationInput = {};

  // `url` is an alias of `endpoint` on input (§14).
  const endpointRaw = !isBlank(object.endpoint) ? object.endpoint : object.url;
  if (isBlank(endpointRaw)) {
    if (!partial || 'endpoint' in object || 'url' in object) problems.push({ field: 'endpoint', message: API_SOURCE_MESSAGES.endpointRequired });
  } else if (typeof endpointRaw !== 'string' || !isHttpUrl(endpointRaw.trim())) problems.push({ field: 'endpoint', message: API_SOURCE_MESSAGES.endpointInvalid });
  else configuration.endpoint = endpointRaw.trim();

  const methodRaw = typeof object.method === 'string' ? object.method.trim().toUpperCase() : object.method;
  if ((API_METHODS as readonly unknown[]).includes(methodRaw)) configuration.method = methodRaw as ApiMethod;
  else if (!partial || object.method !== undefined) problems.push({ field: 'method', message: API_SOURCE_MESSAGES.methodInvalid });

  const headers = readHeaders(object.headers, problems);
  if (headers) configuration.headers = headers;
  else if (!partial) configuration.headers = {};
  const authentication = readAuthentication(object.authentication, problems, partial);
  if (authentication) configuration.authentication = authentication;
  const performance = readPerformance(object.performance, problems);
  if (performance) configuration.performance = performance;

  const requestRaw = isRecord(object.request) ? object.request : undefined;
  if (requestRaw && 'payload_template' in requestRaw) {
    const template = requestRaw.payload_template;
    if (isBlank(template)) configuration.request = { payload_template: null };
    else {
      const text = typeof template === 'string' ? template : JSON.stringify(template);
      try {
        JSON.parse(text);
        configuration.request = { payload_template: text };
      } catch {
        problems.push({ field: 'request.payload_template', message: API_SOURCE_MESSAGES.payloadInvalid });
      }
    }
  }

  const response = readResponse(object.response, problems, partial);
  if (response) configuration.response = response;
  return { configuration, problems };
}

/** What only the server knows: whether a URL's host may be fetched (§1.10). */
export interface ApiSourceRequestContext {
  urlAllowed(url: string): Promise<boolean>;
}

const configurationField = (partial: boolean) =>
  z.unknown().transform((raw, ctx) => {
    const { configuration, problems } = readApiSourceConfiguration(raw, partial);
    for (const problem of problems) ctx.addIssue({ code: 'custom', path: problem.field ? problem.field.split('.') : [], message: problem.message });
    return configuration;
  }).meta({ description: 'ApiSourceConfiguration (§2) as an object or a JSON string of one; `url` is accepted for `endpoint`. Secrets sent as ******** are kept.' });

/**
 * §14.4 and §14.5 in the contract's order: name, the configuration's rules, source type, then
 * "URL is not allowed" (the host check runs only on a body that is otherwise valid). Without a
 * context (the OpenAPI document) the host is not checked.
 */
function apiSourceRequestSchema(partial: boolean, context?: ApiSourceRequestContext) {
  const configuration = configurationField(partial);
  const shape = z.object({
    name: partial ? nameField().optional() : z.preprocess((value) => value ?? '', nameField()),
    description: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), descriptionField().nullable().optional()),
    configuration: partial ? configuration.optional() : configuration,
    source_type: z.literal('api_query', { error: API_SOURCE_MESSAGES.sourceTypeInvalid }).optional(),
  });
  if (!context) return shape;
  return shape.superRefine(async (body, ctx) => {
    const endpoint = body.configuration?.endpoint;
    if (typeof endpoint === 'string' && !(await context.urlAllowed(endpoint))) {
      ctx.addIssue({ code: 'custom', path: ['configuration', 'endpoint'], message: API_SOURCE_MESSAGES.urlNotAllowed });
    }
  });
}

/** What the schemas hand on (stated here: the transforms hide it from inference). */
export interface CreateApiSourceRequest {
  name: string;
  description?: string | null;
  configuration: ApiSourceConfigurationInput;
  source_type?: 'api_query';
}
export interface UpdateApiSourceRequest {
  name?: string;
  description?: string | null;
  configuration?: ApiSourceConfigurationInput;
  source_type?: 'api_query';
}

/** §14.4 */
export const createApiSourceRequestSchema = (context?: ApiSourceRequestContext) => apiSourceRequestSchema(false, context) as unknown as z.ZodType<CreateApiSourceRequest>;
/** §14.5: any subset of §14.4's fields. */
export const updateApiSourceRequestSchema = (context?: ApiSourceRequestContext) => apiSourceRequestSchema(true, context) as unknown as z.ZodType<UpdateApiSourceRequest>;
