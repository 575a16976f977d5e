import type { ValidationDetail } from '../../../shared/api/errors';
import { API_TOKEN_PATTERN, INTEGRATION_LIMITS, isOrigin, isSlackChannel, SECRET_MASK, splitChannels } from '../../../shared/rules/application-form';
import { APPLICATION_MESSAGES as M } from './application-messages';
import { apiIntegrationOf, slackIntegrationOf, type IntegrationRecord } from './application-record';

export interface ApiIntegrationInput {
  type: 'api';
  enabled: boolean;
  /** A new token to store: supplied, or to be generated (`generate`). Absent keeps the stored one. */
  token?: string;
  generate: boolean;
  rateLimit: number;
  allowedOrigins: string[];
}

export interface SlackIntegrationInput {
  type: 'messaging';
  enabled: boolean;
  /** New secrets in clear; absent keeps the stored ones. */
  botToken?: string;
  signingSecret?: string;
  channels: string;
}

export type IntegrationInput = ApiIntegrationInput | SlackIntegrationInput;

// One source of truth with the form (shared/rules/application-form.ts); re-exported for this domain's modules.
export { INTEGRATION_LIMITS, isOrigin, isSlackChannel, SECRET_MASK, splitChannels };

type Raw = Record<string, unknown>;

const objectOf = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});

/** The form a browser's `Origin` header takes: lowercase, default port dropped. */
export function normalizeOrigin(value: string): string {
  if (value === '*') return value;
  try {
    const url = new URL(value);
    return url.origin !== 'null' ? url.origin : value.toLowerCase();
  } catch {
    return value.toLowerCase();
  }
}

/** A sent secret that replaces the stored one: a non-empty string that is not the mask. */
function newSecret(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.startsWith(SECRET_MASK) ? undefined : trimmed;
}

function enabledOf(entry: Raw, details: ValidationDetail[]): boolean {
  if (entry.enabled === undefined) return false;
  if (typeof entry.enabled !== 'boolean') details.push({ field: 'integrations', message: M.enabledBoolean });
  return entry.enabled === true;
}

function parseApi(entry: Raw, stored: IntegrationRecord[], details: ValidationDetail[]): ApiIntegrationInput {
  const settings = objectOf(entry.settings);
  const enabled = enabledOf(entry, details);
  const storedApi = apiIntegrationOf({ integrations: stored });
  let token: string | undefined;
  const sent = newSecret(settings.token);
  if (sent !== undefined) {
    if (!API_TOKEN_PATTERN.test(sent)) details.push({ field: 'integrations.api.token', message: M.apiTokenFormat });
    else token = sent;
  }
  // Regenerating, or enabling with no token anywhere, makes a new one (§16, §17.5 step 1).
  const generate = settings.regenerateToken === true || (enabled && sent === undefined && !storedApi?.token_hash);

  let rateLimit = storedApi?.rate_limit ?? INTEGRATION_LIMITS.rateLimitDefault;
  if (settings.rateLimit !== undefined && settings.rateLimit !== null) {
    const value = settings.rateLimit;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < INTEGRATION_LIMITS.rateLimitMin || value > INTEGRATION_LIMITS.rateLimitMax) {
      details.push({ field: 'integrations.api.rateLimit', message: M.rateLimitRange });
    } else rateLimit = value;
  }

  let allowedOrigins = storedApi?.allowed_origins ?? ['*'];
  if (settings.allowedOrigins !== undefined && settings.allowedOrigins !== null) {
    const value = settings.allowedOrigins;
    const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    const origins = list.map((origin) => (typeof origin === 'string' ? origin.trim() : String(origin))).filter(Boolean);
    if (origins.length > INTEGRATION_LIMITS.allowedOriginsMax) details.push({ field: 'integrations.api.allowedOrigins', message: M.allowedOriginsTooMany });
    const invalid = origins.filter((origin) => !isOrigin(origin));
    for (const origin of invalid) details.push({ field: 'integrations.api.allowedOrigins', message: M.invalidOrigin(origin) });
    if (invalid.length === 0 && origins.length <= INTEGRATION_LIMITS.allowedOriginsMax) {
      allowedOrigins = origins.length === 0 ? ['*'] : [...new Set(origins.map(normalizeOrigin))];
    }
  }
  return { type: 'api', enabled, token: generate ? undefined : token, generate, rateLimit, allowedOrigins };
}

function parseSlack(entry: Raw, stored: IntegrationRecord[], details: ValidationDetail[]): SlackIntegrationInput {
  const settings = objectOf(entry.settings);
  const enabled = enabledOf(entry, details);
  const storedSlack = slackIntegrationOf({ integrations: stored });
  const botToken = newSecret(settings.botToken);
  const signingSecret = newSecret(settings.signingSecret);
  if (botToken === undefined && enabled && !storedSlack?.bot_token_cipher) details.push({ field: 'integrations.slack.botToken', message: M.slackBotTokenRequired });
  if (botToken !== undefined && !botToken.startsWith('xoxb-')) details.push({ field: 'integrations.slack.botToken', message: M.slackBotTokenFormat });
  if (signingSecret === undefined && enabled && !storedSlack?.signing_secret_cipher) details.push({ field: 'integrations.slack.signingSecret', message: M.slackSigningSecretRequired });

  let channels = storedSlack?.channels ?? '';
  if (settings.channels !== undefined && settings.channels !== null) {
    const value = settings.channels;
    const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? splitChannels(value) : [String(value)];
    const trimmed = list.map((channel) => channel.trim()).filter(Boolean);
    if (trimmed.length > INTEGRATION_LIMITS.slackChannelsMax) details.push({ field: 'integrations.slack.channels', message: M.slackChannelsTooMany });
    const invalid = trimmed.filter((channel) => !isSlackChannel(channel));
    for (const channel of invalid) details.push({ field: 'integrations.slack.channels', message: M.invalidSlackChannel(channel) });
    channels = [...new Set(trimmed)].join(',');
  }
  return { type: 'messaging', enabled, botToken, signingSecret, channels };
}

/**
 * The `integrations[]` of §16.4/§16.5, validated against what is stored: masked or omitted secrets
 * keep the stored ones, and "required" means neither sent nor stored. At most one entry per type.
 */
export function parseIntegrations(value: unknown, stored: IntegrationRecord[], details: ValidationDetail[]): IntegrationInput[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value)) {
    details.push({ field: 'integrations', message: M.integrationInvalid });
    return undefined;
  }
  const inputs: IntegrationInput[] = [];
  const seen = new Set<string>();
  for (const raw of value) {
    const entry = objectOf(raw);
    const type = entry.type === 'slack' || (entry.type === 'messaging' && (entry.platform ?? 'slack') === 'slack') ? 'messaging' : entry.type;
    if (type !== 'api' && type !== 'messaging') {
      details.push({ field: 'integrations', message: M.integrationInvalid });
      continue;
    }
    if (seen.has(type)) {
      details.push({ field: 'integrations', message: M.duplicateIntegration(String(entry.type)) });
      continue;
    }
    seen.add(type);
    inputs.push(type === 'api' ? parseApi(entry, stored, details) : parseSlack(entry, stored, details));
  }
  return inputs;
}
