import { createChatSessionRequestSchema } from '../../../shared/api/schemas/chat';
import { CHAT_LIMITS } from '../../../shared/rules/chat';
import { APPLICATION_MESSAGES } from '../../domain/applications/application-messages';
import type { ChatSessionRecord } from '../../domain/chat/chat-records';
import { toChatSession } from '../../domain/chat/chat-view';
import { SessionRepository } from '../../domain/chat/session-repository';
import { startSession } from '../../domain/chat/start-session';
import { implement } from '../../http/api-types';
import { forbidden } from '../../contracts/contract-error';
import { applyListQuery, parseListQuery, type ListDefinition } from '../../contracts/list-paging';
import { getPorts } from '../../contracts/ports/ports';
import { withRateLimitHeaders } from '../../http/api-key-responses';
import { chatPartyOf } from './chat-party';

const sessionList: ListDefinition<ChatSessionRecord> = {
  sortFields: { updated_at: (session) => session.updated_at },
  defaultSortBy: 'updated_at',
  defaultSortOrder: 'desc',
  searchText: () => [],
  id: (session) => session.id,
  maxLimit: CHAT_LIMITS.sessionsPageMax,
};

const appIdOf = (params: Record<string, string | undefined>) => params.appId ?? '';

/** §17.1: the caller's own sessions of this application and channel, most recently updated first. */
export const listSessions = withRateLimitHeaders(
  implement({
    async handle(request) {
      const ports = getPorts();
      const party = await chatPartyOf(ports, request, appIdOf(request.params));
      // Only page and limit are this list's parameters; sorting is fixed by the contract.
      const query = parseListQuery({ page: request.query.page, limit: request.query.limit }, sessionList);
      const { items, truncated } = await new SessionRepository(ports.database).listOwned(party.owner);
      const page = applyListQuery(items, query, sessionList);
      return {
        status: 200,
        body: {
          sessions: page.items.map(toChatSession),
          pagination: { page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages, hasMore: page.page < page.totalPages },
          ...(truncated ? { truncated: true } : {}),
        },
      };
    },
  }),
);

/** §17.2. A disabled application starts no new session. */
export const createSession = withRateLimitHeaders(
  implement({
    body: createChatSessionRequestSchema,
    deferBody: true,
    async handle(request) {
      const ports = getPorts();
      const party = await chatPartyOf(ports, request, appIdOf(request.params));
      if (!party.application.enabled) throw forbidden(APPLICATION_MESSAGES.disabled);
      const input = await request.validBody();
      const session = await startSession(ports.database, party.owner, input);
      return { status: 201, body: { session: toChatSession(session) } };
    },
  }),
);
