import { namesAnotherSession, sendChatMessageRequestSchema } from '../../../shared/api/schemas/chat';
import { APPLICATION_MESSAGES } from '../../domain/applications/application-messages';
import { indexAccessOf, searchableKnowledgeBases } from '../../domain/applications/application-access';
import { GenerationFailedError, GenerationTimeoutError, RetrievalFailedError, SessionGoneError } from '../../domain/chat/chat-errors';
import { CHAT_MESSAGES } from '../../domain/chat/chat-messages';
import { CHAT_SEND_LIMIT } from '../../domain/chat/chat-rate-limit';
import { toChatMessage, toChatSession } from '../../domain/chat/chat-view';
import { ConversationLimitError } from '../../domain/chat/conversation-quota';
import { sendMessage } from '../../domain/chat/send-message';
import { sessionSortKey, warmSessionsOf } from '../../domain/chat/warm-sessions';
import { SessionChangedError, SessionFullError, SessionRepository } from '../../domain/chat/session-repository';
import { consumeRateLimit } from '../../domain/rate-limits/rate-limit-store';
import { logger } from '../../observability/logger';
import { implement } from '../../http/api-types';
import { rateLimited } from '../../http/authentication';
import { conflict, forbidden, ContractError, notFound, upstreamError, validationError } from '../../contracts/contract-error';
import { getPorts, type Ports } from '../../contracts/ports/ports';
import { withRateLimitHeaders } from '../../http/api-key-responses';
import { chatPartyOf, type ChatParty } from './chat-party';

async function ownedSession(ports: Ports, party: ChatParty, sessionId: string) {
  const session = await new SessionRepository(ports.database).get(party.owner, sessionId);
  if (!session) throw notFound(CHAT_MESSAGES.sessionNotFound);
  return session;
}

/** For a send: the session as this process last wrote it when it holds it (warm-sessions.ts: the store's condition guards it), else read. */
async function sessionToAnswer(ports: Ports, party: ChatParty, sessionId: string) {
  const { organizationId, applicationId, channel, userId } = party.owner;
  const held = warmSessionsOf(ports.database)?.get(sessionSortKey({ organization_id: organizationId, rag_application_id: applicationId, channel, user_id: userId, id: sessionId }));
  return held?.session ?? ownedSession(ports, party, sessionId);
}

/** §17.3: the whole session, oldest first. Reading stays allowed on a disabled application. */
export const listMessages = withRateLimitHeaders(
  implement({
    async handle(request) {
      const ports = getPorts();
      const party = await chatPartyOf(ports, request, request.params.appId ?? '');
      const session = await ownedSession(ports, party, request.params.sessionId ?? '');
      const messages = await new SessionRepository(ports.database).messages(party.organization.id, session.id);
      return { status: 200, body: { messages: messages.map(toChatMessage) } };
    },
  }),
);

/** The domain's failures of a send, in the contract's words; whatever the failure, nothing was stored. */
function sendFailure(error: unknown): unknown {
  if (error instanceof SessionFullError) return conflict(CHAT_MESSAGES.sessionFull);
  if (error instanceof ConversationLimitError) {
    return new ContractError('QUOTA_EXCEEDED', CHAT_MESSAGES.conversationLimit, { details: { resource: 'conversations', limit: error.limit, used: error.used } });
  }
  if (error instanceof SessionGoneError) return notFound(CHAT_MESSAGES.sessionNotFound);
  if (error instanceof SessionChangedError) return conflict(error.message);
  if (error instanceof GenerationTimeoutError) {
    logger.warn('Chat generation timed out', { error: error.message });
    return upstreamError(CHAT_MESSAGES.generationTimeout);
  }
  if (error instanceof RetrievalFailedError || error instanceof GenerationFailedError) {
    logger.error('Chat reply failed', { error: error.message });
    return upstreamError(CHAT_MESSAGES.generationFailed);
  }
  return error;
}

/**
 * §17.4. The checks in the contract's order (access and session, the disabled application, the
 * body, the knowledge bases the caller can search, the per-user limit), then the pipeline of
 * sendMessage, which stores the exchange atomically or nothing at all.
 */
export const sendChatMessage = withRateLimitHeaders(
  implement({
    body: sendChatMessageRequestSchema,
    deferBody: true,
    async handle(request) {
      const ports = getPorts();
      const party = await chatPartyOf(ports, request, request.params.appId ?? '');
      const session = await sessionToAnswer(ports, party, request.params.sessionId ?? '');
      if (!party.application.enabled) throw forbidden(APPLICATION_MESSAGES.disabled);
      const { message } = await request.validBody();
      if (namesAnotherSession(message.sessionId, session.id)) throw validationError([{ field: 'message.sessionId', message: CHAT_MESSAGES.sessionIdMismatch }]);
      const text = message.text;

      const access = await indexAccessOf(ports.database, party.subject, party.application);
      if (!access.some((entry) => entry.hasAccess)) throw forbidden(CHAT_MESSAGES.noKnowledgeBaseAccess);
      if (party.user) {
        const decision = await consumeRateLimit(ports.database, CHAT_SEND_LIMIT, party.user.id);
        if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
      }
      try {
        const result = await sendMessage({
          ports,
          chatModel: ports.chatModel,
          organization: party.organization,
          application: party.application,
          session,
          knowledgeBases: searchableKnowledgeBases(access),
          text,
          plan: party.plan,
        });
        return { status: 200, body: { messages: result.messages.map(toChatMessage), session: toChatSession(result.session) } };
      } catch (error) {
        throw sendFailure(error);
      }
    },
  }),
);
