import type { ValidationDetail } from '../../../shared/api/errors';
import { indexAccessOf } from '../../domain/applications/application-access';
import { APPLICATION_MESSAGES as M } from '../../domain/applications/application-messages';
import { notifyMessagingIntegrations } from '../../domain/slack/slack-notify';
import { CHAT_MESSAGES } from '../../domain/chat/chat-messages';
import { hadRecentExchange } from '../../domain/chat/recent-exchange';
import { implement, requireCaller } from '../../http/api-types';
import { badRequest, forbidden, validationError } from '../../contracts/contract-error';
import { getPorts } from '../../contracts/ports/ports';
import { loadVisibleApplication } from '../../http/application-context';

const QUERY_MAX = 4000;
const RESPONSE_MAX = 20_000;

function parseNotifyInput(raw: unknown): { query: string; response: string; slack: boolean } {
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const details: ValidationDetail[] = [];
  const query = typeof body.query === 'string' ? body.query.trim() : '';
  const response = typeof body.response === 'string' ? body.response.trim() : '';
  if (query === '') details.push({ field: 'query', message: M.queryRequired });
  else if (query.length > QUERY_MAX) details.push({ field: 'query', message: M.queryTooLong });
  if (response === '') details.push({ field: 'response', message: M.responseRequired });
  else if (response.length > RESPONSE_MAX) details.push({ field: 'response', message: M.responseTooLong });
  if (details.length > 0) throw validationError(details);
  // `integrations` only filters the stored ones; whatever settings the client sends are ignored.
  const filter = Array.isArray(body.integrations) ? (body.integrations as Array<Record<string, unknown>>) : undefined;
  const slack = filter === undefined || filter.some((entry) => entry?.type === 'messaging' && (entry.platform ?? 'slack') === 'slack');
  return { query, response, slack };
}

/** §16.10: forwards one of the caller's own recent exchanges to the application's Slack channels. */
export const notify = implement({
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const { record, subject } = await loadVisibleApplication(ports, caller, request.params.appId ?? '');
    if (!(await indexAccessOf(ports.database, subject, record)).some((entry) => entry.hasAccess)) throw forbidden(CHAT_MESSAGES.noKnowledgeBaseAccess);
    if (!record.enabled) throw forbidden(M.disabled);
    const input = parseNotifyInput(request.body);
    const owner = { organizationId: caller.organization.id, applicationId: record.id, channel: 'web' as const, userId: caller.user.id };
    if (!(await hadRecentExchange(ports.database, owner, input))) throw badRequest(M.notifyNoMatch);
    return { status: 200, body: { results: await notifyMessagingIntegrations(record, input, { slack: input.slack }) } };
  },
});
