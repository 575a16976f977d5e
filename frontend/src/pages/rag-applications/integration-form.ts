import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  APPLICATION_FORM_MESSAGES as M,
  GENERATED_API_TOKEN_LENGTH,
  INTEGRATION_LIMITS,
  isMaskedSecret,
  isOrigin,
  isSlackChannel,
  splitChannels,
} from '../../../../shared/rules/application-form';
import type { ApplicationIntegration } from './types';

/** The API integration as the form edits it (contract §16 integration input, spec 03 §3). */
export interface ApiIntegrationForm {
  /** Whether the application had an `api` entry; a PUT replaces the list, so it must be sent back. */
  existed: boolean;
  enabled: boolean;
  /** The token to keep or to store; '' lets the server generate one when the integration is enabled. */
  token: string;
  /** The token as loaded, to tell a regenerated one apart. */
  storedToken: string;
  rateLimit: string;
  /** Comma- or line-separated origins; empty means any (`*`). */
  allowedOrigins: string;
}

/** The Slack integration as the Configure Slack Integration dialog edits it. */
export interface SlackIntegrationForm {
  existed: boolean;
  enabled: boolean;
  /** A masked value ("********1234") keeps the stored secret (contract §1.6). */
  botToken: string;
  signingSecret: string;
  channels: string;
  eventsUrl?: string;
}

export interface IntegrationsForm {
  api: ApiIntegrationForm;
  slack: SlackIntegrationForm;
}

export function integrationsFormOf(integrations: ApplicationIntegration[] = []): IntegrationsForm {
  const api = integrations.find((integration) => integration.type === 'api');
  const slack = integrations.find((integration) => integration.type === 'messaging');
  const apiSettings = api?.type === 'api' ? api.settings : {};
  const slackSettings = slack?.type === 'messaging' ? slack.settings : {};
  const token = apiSettings.token ?? '';
  return {
    api: {
      existed: Boolean(api),
      enabled: api?.enabled ?? false,
      token,
      storedToken: token,
      rateLimit: String(apiSettings.rateLimit ?? INTEGRATION_LIMITS.rateLimitDefault),
      allowedOrigins: (apiSettings.allowedOrigins ?? ['*']).join(', '),
    },
    slack: {
      existed: Boolean(slack),
      enabled: slack?.enabled ?? false,
      botToken: slackSettings.botToken ?? '',
      signingSecret: slackSettings.signingSecret ?? '',
      channels: (slackSettings.channels ?? '').split(',').filter(Boolean).join(', '),
      ...(slackSettings.eventsUrl ? { eventsUrl: slackSettings.eventsUrl } : {}),
    },
  };
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Spec 03 §5: `rag_` + random letters and digits, from the browser's CSPRNG. Bytes at or above the
 * largest multiple of the alphabet's size are skipped so every character is equally likely.
 */
export function generateApiToken(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % TOKEN_ALPHABET.length);
  let body = '';
  while (body.length < GENERATED_API_TOKEN_LENGTH) {
    for (const byte of random(new Uint8Array(64))) {
      if (byte < limit && body.length < GENERATED_API_TOKEN_LENGTH) body += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    }
  }
  return `${API_TOKEN_PREFIX}${body}`;
}

export function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);
}

export type ApiFieldErrors = Partial<Record<'token' | 'rateLimit' | 'allowedOrigins', string>>;
export type SlackFieldErrors = Partial<Record<'botToken' | 'signingSecret' | 'channels', string>>;

/** The checks of contract §16 the browser can run; the server repeats them and adds plan and org switches. */
export function apiIntegrationErrors(form: ApiIntegrationForm): ApiFieldErrors {
  const errors: ApiFieldErrors = {};
  if (form.token && !API_TOKEN_PATTERN.test(form.token)) errors.token = M.apiTokenFormat;
  const rateLimit = Number(form.rateLimit);
  if (form.rateLimit.trim() === '' || !Number.isInteger(rateLimit) || rateLimit < INTEGRATION_LIMITS.rateLimitMin || rateLimit > INTEGRATION_LIMITS.rateLimitMax) {
    errors.rateLimit = M.rateLimitRange;
  }
  const origins = parseOrigins(form.allowedOrigins);
  const invalid = origins.find((origin) => !isOrigin(origin));
  if (invalid !== undefined) errors.allowedOrigins = M.invalidOrigin(invalid);
  else if (origins.length > INTEGRATION_LIMITS.allowedOriginsMax) errors.allowedOrigins = M.allowedOriginsTooMany;
  return errors;
}

export function slackIntegrationErrors(form: SlackIntegrationForm): SlackFieldErrors {
  const errors: SlackFieldErrors = {};
  const botToken = form.botToken.trim();
  const signingSecret = form.signingSecret.trim();
  if (form.enabled && !botToken) errors.botToken = M.slackBotTokenRequired;
  else if (botToken && !isMaskedSecret(botToken) && !botToken.startsWith('xoxb-')) errors.botToken = M.slackBotTokenFormat;
  if (form.enabled && !signingSecret) errors.signingSecret = M.slackSigningSecretRequired;
  const channels = splitChannels(form.channels);
  const invalid = channels.find((channel) => !isSlackChannel(channel));
  if (invalid !== undefined) errors.channels = M.invalidSlackChannel(invalid);
  else if (channels.length > INTEGRATION_LIMITS.slackChannelsMax) errors.channels = M.slackChannelsTooMany;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/**
 * The `integrations[]` of a create or update body. A PUT replaces the stored list, so an entry the
 * application had is always sent back (disabled, if so), and one it never had is sent only once used.
 */
export function integrationsPayload(form: IntegrationsForm): unknown[] {
  const payload: unknown[] = [];
  const { api, slack } = form;
  if (api.existed || api.enabled) {
    const origins = parseOrigins(api.allowedOrigins);
    payload.push({
      type: 'api',
      enabled: api.enabled,
      settings: {
        ...(api.token ? { token: api.token } : {}),
        rateLimit: Number(api.rateLimit),
        allowedOrigins: origins.length > 0 ? origins : ['*'],
      },
    });
  }
  if (slack.existed || slack.enabled || slack.botToken.trim() || slack.signingSecret.trim() || slack.channels.trim()) {
    payload.push({
      type: 'messaging',
      platform: 'slack',
      enabled: slack.enabled,
      settings: { botToken: slack.botToken.trim(), signingSecret: slack.signingSecret.trim(), channels: splitChannels(slack.channels).join(',') },
    });
  }
  return payload;
}
