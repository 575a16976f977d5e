import {
  API_PERFORMANCE,
  DEFAULT_API_KEY_HEADER,
  hasSecret,
  SECRET_HEADER_NAME,
  SECRET_MASK,
  type ApiAuthentication,
  type ApiPerformanceField,
  type ApiSourceConfiguration,
  type ApiSourceConfigurationInput,
} from '../../../shared/api/schemas/api-sources';

const isMasked = (value: unknown) => typeof value === 'string' && value.startsWith(SECRET_MASK);

/** A stored secret with the same header name, however its case was written. */
function storedHeader(stored: Record<string, string> | undefined, name: string): string | undefined {
  if (!stored) return undefined;
  const match = Object.keys(stored).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return match === undefined ? undefined : stored[match];
}

function completeAuthentication(input: Partial<ApiAuthentication> | undefined, stored: ApiAuthentication | undefined): ApiAuthentication {
  if (!input) return stored ?? { type: 'none' };
  const type = input.type ?? stored?.type ?? 'none';
  // A secret sent masked, or left out, keeps the stored one (§1.6, §14.5).
  const secret = (field: 'token' | 'password' | 'key') => (hasSecret(input[field]) ? input[field] : isMasked(input[field]) || input[field] === undefined ? stored?.[field] : undefined);
  if (type === 'bearer') return { type, ...optional('token', secret('token')) };
  if (type === 'basic') return { type, ...optional('username', input.username ?? stored?.username), ...optional('password', secret('password')) };
  if (type === 'api_key') return { type, ...optional('key', secret('key')), header_name: input.header_name || stored?.header_name || DEFAULT_API_KEY_HEADER };
  return { type: 'none' };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/**
 * A whole configuration from what a request sent, over the stored one (secrets revealed) on an
 * update. Defaults fill what neither has (§2). A PUT replaces the parts it sends (endpoint,
 * method, headers, request, response) and merges authentication and performance field by field;
 * masked or left-out secrets are kept.
 */
export function completeConfiguration(input: ApiSourceConfigurationInput, stored?: ApiSourceConfiguration): ApiSourceConfiguration {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? stored?.headers ?? {})) {
    headers[name] = input.headers && isMasked(value) ? (storedHeader(stored?.headers, name) ?? value) : value;
  }
  const performance = {} as ApiSourceConfiguration['performance'];
  for (const field of Object.keys(API_PERFORMANCE) as ApiPerformanceField[]) {
    const sent = input.performance?.[field];
    performance[field] = sent === null ? API_PERFORMANCE[field].default : (sent ?? stored?.performance?.[field] ?? API_PERFORMANCE[field].default);
  }
  const request = input.request ? (input.request.payload_template ? { payload_template: input.request.payload_template } : {}) : (stored?.request ?? {});
  const parsing = input.response?.parsing ?? stored?.response?.parsing ?? {};
  return {
    endpoint: input.endpoint ?? stored?.endpoint ?? '',
    method: input.method ?? stored?.method ?? 'GET',
    headers,
    authentication: completeAuthentication(input.authentication, stored?.authentication),
    performance,
    request,
    response: {
      parsing: {
        type: parsing.type ?? 'json',
        ...(parsing.path ? { path: parsing.path } : {}),
        ...(parsing.array_path ? { array_path: parsing.array_path } : {}),
        mapping: { ...(parsing.mapping ?? {}) },
      },
    },
  };
}

/**
 * A stored configuration read back whole: items written before a field existed take its default,
 * and one without `method` reads as GET (§14).
 */
export function storedConfiguration(configuration: Partial<ApiSourceConfiguration> | undefined): ApiSourceConfiguration {
  return completeConfiguration({}, { ...(configuration ?? {}) } as ApiSourceConfiguration);
}

/**
 * The configuration with every secret as the mask (§2), and the secrets by where they were:
 * `authentication.token|password|key` and `headers.<name>` for headers with a secret's name.
 */
export function splitSecrets(configuration: ApiSourceConfiguration): { masked: ApiSourceConfiguration; secrets: Record<string, string> } {
  const secrets: Record<string, string> = {};
  const authentication = { ...configuration.authentication };
  for (const field of ['token', 'password', 'key'] as const) {
    const value = authentication[field];
    if (value === undefined) continue;
    secrets[`authentication.${field}`] = value;
    authentication[field] = SECRET_MASK;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(configuration.headers)) {
    if (SECRET_HEADER_NAME.test(name) && value !== '') {
      secrets[`headers.${name}`] = value;
      headers[name] = SECRET_MASK;
    } else headers[name] = value;
  }
  return { masked: { ...configuration, headers, authentication }, secrets };
}

/** The masked configuration with its secrets put back, for the one who calls the API. */
export function withSecrets(masked: ApiSourceConfiguration, secrets: Record<string, string>): ApiSourceConfiguration {
  const authentication = { ...masked.authentication };
  for (const field of ['token', 'password', 'key'] as const) {
    if (authentication[field] !== undefined) authentication[field] = secrets[`authentication.${field}`] ?? authentication[field];
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(masked.headers)) headers[name] = secrets[`headers.${name}`] ?? value;
  return { ...masked, headers, authentication };
}
