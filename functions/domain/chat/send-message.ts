import { CHAT_LIMITS, sessionNameFromMessage } from '../../../shared/rules/chat';
import type { Ports } from '../../contracts/ports/ports';
import type { ChatModelPort } from '../../contracts/ports/chat-model';
import { saysNothingRelevant } from '../answering/answer-texts';
import { renumberMarkers } from '../answering/citation-markers';
import { relevantPassages } from '../answering/relevance';
import { planInForce, type PlanInForce } from '../plans/organization-plan';
import type { ApplicationRecord } from '../applications/application-record';
import type { KnowledgeBaseRecord } from '../knowledge-bases/knowledge-base-record';
import type { OrganizationRecord } from '../organizations/organization-repository';
import type { Passage } from '../../contracts/ports/passage';
import { citationsFrom, retrievePassages } from '../retrieval/retrieve';
import { GenerationFailedError, GenerationTimeoutError, RetrievalFailedError, SessionGoneError } from './chat-errors';
import { newMessageId, type ChatMessageRecord, type ChatSessionRecord, type Citation } from './chat-records';
import { assertConversationRoom, conversationCounted, ConversationLimitError, conversationIncrement, freshConversationCount } from './conversation-quota';
import { ExchangeRefusedError, SessionChangedError, SessionFullError, SessionRepository } from './session-repository';
import { sessionSortKey, warmSessionsOf } from './warm-sessions';

/** §17.4 step 4: generation has 25 s, which keeps a send inside the gateway's 29 s. */
export const GENERATION_TIMEOUT_MS = 25_000;

export interface SendRequest {
  ports: Pick<Ports, 'database' | 'vectors' | 'embeddings'>;
  chatModel: ChatModelPort;
  organization: Pick<OrganizationRecord, 'id' | 'is_system_org'>;
  application: Pick<ApplicationRecord, 'id' | 'llm_model'>;
  session: ChatSessionRecord;
  /** The caller's accessible knowledge bases with a completed index (§17.4 step 3). */
  knowledgeBases: Array<Pick<KnowledgeBaseRecord, 'id' | 'name' | 'active_index_version'>>;
  /** Trimmed, 1–4000 characters. */
  text: string;
  generationTimeoutMs?: number;
  now?: () => Date;
  /** The plan in force when the caller already read it (an API key's access check); read here otherwise. */
  plan?: PlanInForce;
}

export interface SendResult {
  session: ChatSessionRecord;
  /** The whole session, oldest first. */
  messages: ChatMessageRecord[];
}

async function generate(request: SendRequest, history: ChatMessageRecord[], passages: Passage[]) {
  const controller = new AbortController();
  const timeout = request.generationTimeoutMs ?? GENERATION_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  // The race stops waiting even for an adapter that ignores its signal.
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new GenerationTimeoutError(`No reply within ${timeout} ms`));
    }, timeout);
  });
  try {
    return await Promise.race([
      request.chatModel.answer({
        question: request.text,
        history: history.map((message) => ({ sender: message.sender, text: message.text })),
        passages,
        model: request.application.llm_model,
        signal: controller.signal,
      }),
      expired,
    ]);
  } catch (error) {
    if (error instanceof GenerationTimeoutError || controller.signal.aborted) throw new GenerationTimeoutError(`No reply within ${timeout} ms`);
    throw new GenerationFailedError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A reply's sources (issue 17): every passage the answer was made from, in retrieval's order, so
 * `[n]` in the reply is `sources[n - 1]` and nothing retrieval found relevant is left out; none
 * when the reply says nothing relevant was found (§17.4).
 */
function sourcesOf(passages: Passage[], replyText: string): Citation[] {
  if (passages.length === 0 || saysNothingRelevant(replyText)) return [];
  return citationsFrom(passages).map((citation) => ({ ...citation, url: citation.url ?? null }));
}

/** A later instant than `after`, so the reply always sorts after its question. */
function laterThan(after: string, now: Date): string {
  const time = Math.max(now.getTime(), Date.parse(after) + 1);
  return new Date(time).toISOString();
}

/**
 * One exchange of §17.4, in its order: the session's room and, for its first message, the
 * conversation quota; retrieval over the given knowledge bases; generation with the last 10
 * stored messages; then the question and the reply stored atomically, with the conversation
 * counted in the same transaction. Any failure stores nothing and counts nothing.
 */
export async function sendMessage(request: SendRequest): Promise<SendResult> {
  const warm = warmSessionsOf(request.ports.database);
  try {
    const result = await exchange(request);
    warm?.remember(result);
    return result;
  } catch (error) {
    warm?.forget(sessionSortKey(request.session));
    throw error;
  }
}

async function exchange(request: SendRequest): Promise<SendResult> {
  const { database } = request.ports;
  const now = request.now ?? (() => new Date());
  const sessions = new SessionRepository(database);
  const receivedAt = now().toISOString();
  if (request.session.message_count + 2 > CHAT_LIMITS.sessionMaxMessages) throw new SessionFullError();

  const plan = request.plan ?? (await planInForce(database, request.organization, now()));
  const limit = plan.plan?.conversations_limit ?? null;
  if (request.session.message_count === 0 && limit !== null) await assertConversationRoom(database, request.organization.id, plan.periodStart, limit);

  let passages: Passage[];
  try {
    passages = await retrievePassages(request.ports, {
      organizationId: request.organization.id,
      knowledgeBases: request.knowledgeBases.map((knowledgeBase) => ({ id: knowledgeBase.id, name: knowledgeBase.name, active_index_version: knowledgeBase.active_index_version })),
      query: request.text,
      topK: CHAT_LIMITS.passages,
    });
  } catch (error) {
    throw new RetrievalFailedError(error);
  }
  // The whole session is read once: its last 10 are the model's context, and when the exchange is
  // stored against the same message count, it plus the two new messages is the session as written.
  // A session with no message has none to fetch, and one this process last wrote is held warm with
  // its messages (warm-sessions.ts); a send racing either is caught by the store's condition.
  const held = warmSessionsOf(database)?.get(sessionSortKey(request.session));
  const earlier =
    request.session.message_count === 0
      ? []
      : held && held.session.message_count === request.session.message_count && held.messages.length === request.session.message_count
        ? held.messages
        : await sessions.messages(request.organization.id, request.session.id);
  const history = earlier.slice(-CHAT_LIMITS.contextMessages);
  // The answer is made from, and cites, the passages that pass the relevance floor, numbered as
  // retrieval ranked them; with none, the answerer is told none was found.
  const relevant = relevantPassages({ question: request.text, history }, passages);
  const reply = await generate(request, history, relevant);
  const sources = sourcesOf(relevant, reply.text);

  const user: ChatMessageRecord = { id: newMessageId(), session_id: request.session.id, sender: 'user', text: request.text, timestamp: receivedAt };
  const assistant: ChatMessageRecord = {
    id: newMessageId(),
    session_id: request.session.id,
    sender: 'assistant',
    // Markers keep their numbers (sources are the passages, in order); one naming no source goes.
    text: renumberMarkers(reply.text, sources.map((_source, index) => index)),
    timestamp: laterThan(receivedAt, now()),
    sources,
    generator: reply.generator,
  };

  let session = request.session;
  // A send racing another on the same session re-reads it; only one of them can be the first.
  for (let attempt = 1; ; attempt++) {
    const first = session.message_count === 0;
    try {
      const stored = await sessions.storeExchange(session, {
        user,
        assistant,
        name: first ? sessionNameFromMessage(request.text) : undefined,
        alongside: first ? [conversationIncrement(database, request.organization.id, plan.periodStart, limit)] : [],
      });
      if (first) conversationCounted(database, request.organization.id, plan.periodStart);
      const unchanged = session === request.session && earlier.length === session.message_count;
      return { session: stored, messages: unchanged ? [...earlier, user, assistant] : await sessions.messages(request.organization.id, session.id) };
    } catch (error) {
      if (error instanceof ExchangeRefusedError && error.position === 3 && limit !== null) {
        throw new ConversationLimitError(limit, await freshConversationCount(database, request.organization.id, plan.periodStart));
      }
      if (!(error instanceof SessionChangedError) || attempt >= 3) throw error;
      const current = await sessions.get({ organizationId: session.organization_id, applicationId: session.rag_application_id, channel: session.channel, userId: session.user_id }, session.id);
      if (!current) throw new SessionGoneError('The session was deleted while the reply was being made');
      session = current;
    }
  }
}
