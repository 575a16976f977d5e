import { MESSAGES } from '../../../shared/api/errors';
import { APPLICATION_MESSAGES as M } from '../../domain/applications/application-messages';
import { slackIntegrationOf } from '../../domain/applications/application-record';
import { ApplicationRepository } from '../../domain/applications/application-repository';
import { revealSlackSigningSecret } from '../../domain/applications/integration-secrets';
import { claimSlackEvent } from '../../domain/slack/slack-event-store';
import { answerableEvent, slackAnswerMessage } from '../../domain/slack/slack-events';
import { verifySlackSignature } from '../../domain/slack/slack-signature';
import { logger } from '../../observability/logger';
import { implement } from '../../http/api-types';
import { badRequest, notFound, unauthorized } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';

const OK = { status: 200, body: { ok: true } } as const;

function rawBodyOf(event: { body?: string; isBase64Encoded?: boolean }): string {
  if (event.body === undefined || event.body === null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * §18.1. Answers Slack at once (it wants 200 within 3 s): a handled event is only de-duplicated and
 * put on the chat-events queue as `slack.answer`, for the Slack answering worker to reply in the
 * thread. The application is found through its lookup item, since the URL names nothing else.
 */
export const slackEvents = implement({
  async handle(request) {
    const ports = getPorts();
    const applicationId = request.params.appId ?? '';
    const applications = new ApplicationRepository(ports.database);
    const organizationId = await applications.findOrganizationOf(applicationId);
    const application = organizationId ? await applications.get(organizationId, applicationId) : undefined;
    const slack = application ? slackIntegrationOf(application) : undefined;
    // Without a stored signing secret nothing can be verified: the application reads as unknown.
    if (!application || !slack?.signing_secret_cipher) throw notFound(M.notFound);

    const rawBody = rawBodyOf(request.event);
    const signingSecret = await revealSlackSigningSecret({ organizationId: application.organization_id, applicationId: application.id }, slack);
    const verified = verifySlackSignature({
      signingSecret: signingSecret ?? '',
      timestamp: request.headers['x-slack-request-timestamp'],
      signature: request.headers['x-slack-signature'],
      rawBody,
    });
    if (!verified) throw unauthorized(M.invalidSlackSignature);

    let envelope: Record<string, unknown>;
    try {
      envelope = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      throw badRequest(MESSAGES.invalidJson);
    }
    if (envelope.type === 'url_verification') return { status: 200, body: { challenge: envelope.challenge } };
    if (envelope.type !== 'event_callback' || !application.enabled || !slack.enabled) return OK;

    const payload = answerableEvent(envelope, application.id);
    if (!payload) return OK;
    if (!(await claimSlackEvent(ports.database, application.organization_id, application.id, payload.eventId))) return OK;
    await ports.queue.send('chat-events', slackAnswerMessage(application.organization_id, payload));
    logger.info('Slack event queued for an answer', { applicationId: application.id, eventId: payload.eventId });
    return OK;
  },
});
