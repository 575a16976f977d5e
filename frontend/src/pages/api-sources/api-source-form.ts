import { readApiSourceConfiguration } from '../../../../shared/api/schemas/api-sources';
import { descriptionField, nameField } from '../../../../shared/rules/fields';
import { API_SOURCE_DEFAULTS, API_SOURCE_MESSAGES, AUTH_TYPES, HTTP_METHODS, RESPONSE_TYPES, SECRET_MASK, type ApiSource, type ApiSourceConfiguration, type AuthType, type HttpMethod, type ResponseType, type SaveApiSourceBody } from './types';
import { mappingObject, mappingProblems, mappingRows, type MappingRow } from './mapping-rules';

/**
 * The New/Edit API Source form's values and rules (spec 02 §5 "API source form", contract §14) as
 * pure functions: what the fields hold, how a stored source fills them, what a save sends, and what
 * is wrong before sending.
 */

/** Contract §1.6: a response shows secrets as the mask; sent back, the stored secret is kept. */
export const isMasked = (value: string) => value.startsWith(SECRET_MASK);

export interface HeaderRow {
  key: string;
  value: string;
}

export type PerformanceField = 'requests_per_minute' | 'retry_count' | 'timeout_seconds' | 'max_response_size_mb';

export interface ApiSourceFormValues {
  name: string;
  description: string;
  endpoint: string;
  method: HttpMethod;
  headers: HeaderRow[];
  authType: AuthType;
  token: string;
  username: string;
  password: string;
  apiKey: string;
  /** The api_key header's name; empty means the contract's default, X-API-Key. */
  apiKeyHeader: string;
  payloadTemplate: string;
  responseType: ResponseType;
  path: string;
  arrayPath: string;
  mappings: MappingRow[];
  /** As typed, so a cleared field stays empty (and then takes its default). */
  performance: Record<PerformanceField, string>;
}

/** Spec 02 §3: the form's method defaults to POST. */
export const EMPTY_API_SOURCE: ApiSourceFormValues = {
  name: '',
  description: '',
  endpoint: '',
  method: 'POST',
  headers: [],
  authType: 'none',
  token: '',
  username: '',
  password: '',
  apiKey: '',
  apiKeyHeader: '',
  payloadTemplate: '',
  responseType: 'json',
  path: '',
  arrayPath: '',
  mappings: [],
  performance: {
    requests_per_minute: String(API_SOURCE_DEFAULTS.requests_per_minute),
    retry_count: String(API_SOURCE_DEFAULTS.retry_count),
    timeout_seconds: String(API_SOURCE_DEFAULTS.timeout_seconds),
    max_response_size_mb: String(API_SOURCE_DEFAULTS.max_response_size_mb),
  },
};

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T => {
  const candidate = typeof value === 'string' ? value.trim() : '';
  return (choices as readonly string[]).includes(candidate) ? (candidate as T) : (choices.find((choice) => choice.toLowerCase() === candidate.toLowerCase()) ?? fallback);
};

/** Spec 02 §3: the configuration may arrive as a JSON string, and older ones name the endpoint `url`. */
export function configurationOf(source: Pick<ApiSource, 'configuration'>): Partial<ApiSourceConfiguration> & { url?: string } {
  const raw: unknown = source.configuration;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as ApiSourceConfiguration) : {};
    } catch {
      return {};
    }
  }
  return raw && typeof raw === 'object' ? (raw as ApiSourceConfiguration) : {};
}

/** A stored source in the form. Secrets stay masked: sent back unchanged, the server keeps them. */
export function valuesOf(source: ApiSource): ApiSourceFormValues {
  const config = configurationOf(source);
  const auth = config.authentication ?? { type: 'none' };
  const performance: Partial<Record<PerformanceField, unknown>> = config.performance ?? {};
  const parsing: Partial<ApiSourceConfiguration['response']['parsing']> = config.response?.parsing ?? {};
  const number = (field: PerformanceField) => (performance[field] === undefined || performance[field] === null ? EMPTY_API_SOURCE.performance[field] : text(performance[field]));
  return {
    name: source.name,
    description: source.description ?? '',
    endpoint: config.endpoint ?? config.url ?? '',
    // Spec 02 §3: a stored source without a method is a GET (the POST default is for new forms only).
    method: oneOf(HTTP_METHODS, config.method, 'GET'),
    headers: Object.entries(config.headers ?? {}).map(([key, value]) => ({ key, value: text(value) })),
    authType: oneOf(AUTH_TYPES, auth.type, 'none'),
    token: text(auth.token),
    username: text(auth.username),
    password: text(auth.password),
    apiKey: text(auth.key),
    apiKeyHeader: text(auth.header_name),
    payloadTemplate: text(config.request?.payload_template),
    // Spec 02 §3: an unknown type falls back to json.
    responseType: oneOf(RESPONSE_TYPES, parsing.type, 'json'),
    path: text(parsing.path),
    arrayPath: text(parsing.array_path),
    mappings: mappingRows(parsing.mapping),
    performance: {
      requests_per_minute: number('requests_per_minute'),
      retry_count: number('retry_count'),
      timeout_seconds: number('timeout_seconds'),
      max_response_size_mb: number('max_response_size_mb'),
    },
  };
}

/** Only the fields of the chosen authentication type travel; the others would be kept by nobody. */
function authenticationOf(values: ApiSourceFormValues): ApiSourceConfiguration['authentication'] {
  switch (values.authType) {
    case 'bearer':
      return { type: 'bearer', token: values.token };
    case 'basic':
      return { type: 'basic', username: values.username.trim(), password: values.password };
    case 'api_key':
      return { type: 'api_key', key: values.apiKey, ...(values.apiKeyHeader.trim() ? { header_name: values.apiKeyHeader.trim() } : {}) };
    default:
      return { type: 'none' };
  }
}

/** Spec 02 §5: an empty numeric field falls back to its default; anything else is sent as typed. */
function performanceOf(values: ApiSourceFormValues): ApiSourceConfiguration['performance'] {
  const number = (field: PerformanceField) => {
    const typed = values.performance[field].trim();
    return typed === '' ? API_SOURCE_DEFAULTS[field] : Number(typed);
  };
  return { requests_per_minute: number('requests_per_minute'), retry_count: number('retry_count'), timeout_seconds: number('timeout_seconds'), max_response_size_mb: number('max_response_size_mb') };
}

/** The configuration the form stands for, as contract §14 spells it. */
export function configurationFromValues(values: ApiSourceFormValues): ApiSourceConfiguration {
  return {
    endpoint: values.endpoint.trim(),
    method: values.method,
    headers: Object.fromEntries(values.headers.map((header) => [header.key.trim(), header.value])),
    authentication: authenticationOf(values),
    performance: performanceOf(values),
    request: { payload_template: values.payloadTemplate.trim() },
    response: {
      parsing: {
        type: values.responseType,
        path: values.path.trim(),
        array_path: values.arrayPath.trim(),
        mapping: mappingObject(values.mappings),
      },
    },
  };
}

/** Spec 02 §3 save payload: name, description, source_type 'api_query', configuration. */
export function payloadOf(values: ApiSourceFormValues): SaveApiSourceBody {
  return { name: values.name.trim(), description: values.description.trim(), source_type: 'api_query', configuration: configurationFromValues(values) };
}

/** The form's fields that carry a message of their own. */
export type ApiSourceField = 'name' | 'description' | 'endpoint' | 'method' | 'authType' | 'token' | 'username' | 'password' | 'apiKey' | 'payloadTemplate' | 'responseType' | 'headers' | PerformanceField;
export type ApiSourceFormErrors = Partial<Record<ApiSourceField, string>>;

/** The Format button: the template pretty-printed, or the message when it is not JSON. */
export function formatPayloadTemplate(template: string): { text: string; error?: undefined } | { text?: undefined; error: string } {
  if (template.trim() === '') return { text: '' };
  try {
    return { text: JSON.stringify(JSON.parse(template), null, 2) };
  } catch {
    return { error: API_SOURCE_MESSAGES.payloadInvalid };
  }
}

export interface ApiSourceJudgement {
  errors: ApiSourceFormErrors;
  /** The mapping messages, each once, listed under 'Please fix the following issues:'. */
  mappingProblems: string[];
  /** Messages without a field of their own. */
  other: string[];
}

/**
 * The configuration as the server's reader judges a create: a masked secret stands for the stored
 * one, which the server keeps (§1.6), so it counts as present here.
 */
function withMaskedSecretsKept(configuration: ApiSourceConfiguration): ApiSourceConfiguration {
  const kept = (value: string | undefined) => (value !== undefined && isMasked(value) ? 'kept' : value);
  const { authentication } = configuration;
  return { ...configuration, authentication: { ...authentication, token: kept(authentication.token), password: kept(authentication.password), key: kept(authentication.key) } };
}

/**
 * Everything wrong with the form, judged by the server's own rules (shared/api/schemas/api-sources.ts,
 * shared/rules/fields.ts) with the contract's texts (§14); empty when it may be saved. Mapping
 * messages are listed apart (mapping-rules.ts); what has no field of its own (the 32 KB size) goes
 * to `other`.
 */
export function judgeApiSource(values: ApiSourceFormValues): ApiSourceJudgement {
  const errors: ApiSourceFormErrors = {};
  const other: string[] = [];
  const name = nameField().safeParse(values.name.trim());
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const description = descriptionField().safeParse(values.description.trim());
  if (!description.success) errors.description = description.error.issues[0]?.message;
  // A header row left without a name would vanish from the map the reader sees.
  if (values.headers.some((header) => header.key.trim() === '')) errors.headers = API_SOURCE_MESSAGES.headerNameEmpty;
  const { problems } = readApiSourceConfiguration(withMaskedSecretsKept(configurationFromValues(values)), false);
  for (const problem of problems) {
    if (problem.field.startsWith('response.parsing.mapping')) continue;
    const field = formFieldOf(problem.field);
    if (field) errors[field] ??= problem.message;
    else if (!other.includes(problem.message)) other.push(problem.message);
  }
  return { errors, mappingProblems: mappingProblems(values.mappings), other };
}

export const isAcceptable = (judgement: ApiSourceJudgement) => Object.keys(judgement.errors).length === 0 && judgement.mappingProblems.length === 0 && judgement.other.length === 0;

/** Where a 400's `details[].field` (contract §1.4) shows in the form. */
export function formFieldOf(path: string): ApiSourceField | undefined {
  const field = path.replace(/^configuration\./, '');
  const known: Record<string, ApiSourceField> = {
    name: 'name',
    description: 'description',
    endpoint: 'endpoint',
    url: 'endpoint',
    method: 'method',
    headers: 'headers',
    'authentication.type': 'authType',
    'authentication.token': 'token',
    'authentication.username': 'username',
    'authentication.password': 'password',
    'authentication.key': 'apiKey',
    'request.payload_template': 'payloadTemplate',
    'response.parsing.type': 'responseType',
    'performance.requests_per_minute': 'requests_per_minute',
    'performance.retry_count': 'retry_count',
    'performance.timeout_seconds': 'timeout_seconds',
    'performance.max_response_size_mb': 'max_response_size_mb',
  };
  return known[field] ?? (field.startsWith('headers') ? 'headers' : field.startsWith('authentication') ? 'authType' : undefined);
}

/** A 400's `details` as field errors; what has no field of its own (mappings, size) is returned apart. */
export function serverProblems(details: Record<string, string>): { errors: ApiSourceFormErrors; other: string[] } {
  const errors: ApiSourceFormErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(details)) {
    const field = formFieldOf(path);
    if (field) errors[field] ??= message;
    else if (!other.includes(message)) other.push(message);
  }
  return { errors, other };
}

/** Secrets the form only holds masked: a call from the browser would send the mask, not the secret. */
export function maskedSecrets(values: ApiSourceFormValues): boolean {
  const auth = values.authType === 'bearer' ? values.token : values.authType === 'basic' ? values.password : values.authType === 'api_key' ? values.apiKey : '';
  return isMasked(auth) || values.headers.some((header) => isMasked(header.value));
}
