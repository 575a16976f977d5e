import { notifyRequestSchema } from '../../../shared/api/schemas/applications';
import { indexAccessOf } from '../../domain/applications/application-access';
import { APPLICATION_MESSAGES as M } from '../../domain/applications/application-messages';
import { notifyMessagingIntegrations } from '../../domain/slack/slack-notify';
import { CHAT_MESSAGES } from '../../domain/chat/chat-messages';
import { hadRecentExchange } from '../../domain/chat/recent-exchange';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, forbidden } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { loadVisibleApplication } from '../../http/application-context';

/** §16.10: forwards one of the caller's own recent exchanges to the application's Slack channels. */
export const notify = implement({
  // Access and the enabled flag come before the body (the contract's order).
  body: notifyRequestSchema,
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { record, subject } = await loadVisibleApplication(ports, caller, request.params.appId ?? '');
    if (!(await indexAccessOf(ports.database, subject, record)).some((entry) => entry.hasAccess)) throw forbidden(CHAT_MESSAGES.noKnowledgeBaseAccess);
    if (!record.enabled) throw forbidden(M.disabled);
    const input = await request.validBody();
    const owner = { organizationId: caller.organization.id, applicationId: record.id, channel: 'web' as const, userId: caller.user.id };
    if (!(await hadRecentExchange(ports.database, owner, input))) throw badRequest(M.notifyNoMatch);
    return { status: 200, body: { results: await notifyMessagingIntegrations(record, input, { slack: input.slack }) } };
  },
});
