import { getPorts } from '../../contracts/ports/ports';
import { generateApiToken, hashApiToken } from '../api-access/api-token';
import { apiIntegrationOf, slackIntegrationOf, type ApiIntegrationRecord, type IntegrationRecord, type SlackIntegrationRecord } from './application-record';
import type { IntegrationInput } from '../../../shared/api/schemas/applications';

type SecretName = 'api-token' | 'slack-bot-token' | 'slack-signing-secret';

/** Bound to the ciphertext, so a secret copied onto another application does not decrypt there. */
const contextOf = (organizationId: string, applicationId: string, secret: SecretName) => ({ organizationId, applicationId, secret });

const last4 = (value: string) => value.slice(-4);

export interface IntegrationOwner {
  organizationId: string;
  applicationId: string;
}

/** The stored form of validated integrations: new secrets encrypted, the rest carried over. */
export async function integrationRecords(owner: IntegrationOwner, inputs: IntegrationInput[], stored: IntegrationRecord[]): Promise<IntegrationRecord[]> {
  // Looked up only when a secret is written, so applications without secrets need no secrets port.
  const secrets = { encrypt: (plain: string, context: Record<string, string>) => getPorts().secrets.encrypt(plain, context) };
  const records: IntegrationRecord[] = [];
  for (const input of inputs) {
    if (input.type === 'api') {
      const previous = apiIntegrationOf({ integrations: stored });
      const token = input.generate ? generateApiToken() : input.token;
      const record: ApiIntegrationRecord = {
        type: 'api',
        enabled: input.enabled,
        rate_limit: input.rateLimit,
        allowed_origins: input.allowedOrigins,
        ...(token
          ? { token_hash: hashApiToken(token), token_cipher: await secrets.encrypt(token, contextOf(owner.organizationId, owner.applicationId, 'api-token')) }
          : previous?.token_hash
            ? { token_hash: previous.token_hash, token_cipher: previous.token_cipher }
            : {}),
      };
      records.push(record);
      continue;
    }
    const previous = slackIntegrationOf({ integrations: stored });
    const record: SlackIntegrationRecord = {
      type: 'messaging',
      platform: 'slack',
      enabled: input.enabled,
      channels: input.channels,
      bot_token_cipher: input.botToken ? await secrets.encrypt(input.botToken, contextOf(owner.organizationId, owner.applicationId, 'slack-bot-token')) : previous?.bot_token_cipher,
      bot_token_last4: input.botToken ? last4(input.botToken) : previous?.bot_token_last4,
      signing_secret_cipher: input.signingSecret
        ? await secrets.encrypt(input.signingSecret, contextOf(owner.organizationId, owner.applicationId, 'slack-signing-secret'))
        : previous?.signing_secret_cipher,
      signing_secret_last4: input.signingSecret ? last4(input.signingSecret) : previous?.signing_secret_last4,
    };
    records.push(Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as unknown as SlackIntegrationRecord);
  }
  return records;
}

export async function revealApiToken(owner: IntegrationOwner, integration: ApiIntegrationRecord): Promise<string | null> {
  if (!integration.token_cipher) return null;
  return getPorts().secrets.decrypt(integration.token_cipher, contextOf(owner.organizationId, owner.applicationId, 'api-token'));
}

export async function revealSlackBotToken(owner: IntegrationOwner, integration: SlackIntegrationRecord): Promise<string | undefined> {
  if (!integration.bot_token_cipher) return undefined;
  return getPorts().secrets.decrypt(integration.bot_token_cipher, contextOf(owner.organizationId, owner.applicationId, 'slack-bot-token'));
}

export async function revealSlackSigningSecret(owner: IntegrationOwner, integration: SlackIntegrationRecord): Promise<string | undefined> {
  if (!integration.signing_secret_cipher) return undefined;
  return getPorts().secrets.decrypt(integration.signing_secret_cipher, contextOf(owner.organizationId, owner.applicationId, 'slack-signing-secret'));
}
