import { logger } from '../../observability/logger';
import { splitChannels } from '../../../shared/rules/application-form';
import { slackIntegrationOf, type ApplicationRecord } from '../applications/application-record';
import { revealSlackBotToken } from '../applications/integration-secrets';
import { postSlackMessage } from './slack-client';

export interface NotifyResult {
  type: 'messaging';
  platform: 'slack';
  channel: string;
  success: boolean;
  error?: string;
}

/**
 * §16.10: posts `*Q:* …` / `*A:* …` to every configured channel of the application's enabled Slack
 * integration. Failures are logged and reported per channel, never thrown.
 */
export async function notifyMessagingIntegrations(application: ApplicationRecord, exchange: { query: string; response: string }, options: { slack?: boolean } = {}): Promise<NotifyResult[]> {
  const slack = slackIntegrationOf(application);
  if (options.slack === false || !slack?.enabled) return [];
  const channels = splitChannels(slack.channels);
  if (channels.length === 0) return [];
  let botToken: string | undefined;
  try {
    botToken = await revealSlackBotToken({ organizationId: application.organization_id, applicationId: application.id }, slack);
  } catch (error) {
    logger.error('Slack bot token could not be decrypted', { applicationId: application.id, error: (error as Error).message });
  }
  const text = `*Q:* ${exchange.query}\n*A:* ${exchange.response}`;
  return Promise.all(
    channels.map(async (channel): Promise<NotifyResult> => {
      const result = botToken ? await postSlackMessage({ botToken, channel, text }) : ({ ok: false, error: 'not_configured' } as const);
      if (result.ok) return { type: 'messaging', platform: 'slack', channel, success: true };
      logger.warn('Slack notification failed', { applicationId: application.id, channel, error: result.error });
      return { type: 'messaging', platform: 'slack', channel, success: false, error: result.error };
    }),
  );
}
