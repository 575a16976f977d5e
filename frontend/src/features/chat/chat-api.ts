import { withQuery } from '../../api/query';
import type { ApiFetch } from '../../api/client';
import { DEFAULT_SESSION_NAME } from '../../../../shared/rules/chat';
import { CHAT_UI } from './chat-constants';
import { historyOf, normalizeSession } from './session-rules';
import type { ChatApplication, ChatMessage, ChatSession, SessionPage } from './types';

/** The chat calls of spec 01 §7 against contract §16.2, §16.10 and §17. */

const segment = (value: string) => encodeURIComponent(value);

export const applicationPath = (appId: string) => `/api/rag/${segment(appId)}`;

export async function fetchSessionPage(apiFetch: ApiFetch, appId: string, page: number): Promise<SessionPage> {
  const answer = await apiFetch<SessionPage>(withQuery(`/api/chat/sessions/${segment(appId)}`, { page, limit: CHAT_UI.sessionsPageSize }));
  return {
    sessions: (answer?.sessions ?? []).map(normalizeSession),
    pagination: answer?.pagination ?? { page, limit: CHAT_UI.sessionsPageSize, total: 0, totalPages: 0, hasMore: false },
  };
}

/** §17.2; spec 01 §4.2: a new session is marked isNewSession. */
export async function createSession(apiFetch: ApiFetch, appId: string): Promise<ChatSession> {
  const answer = await apiFetch<{ session: ChatSession }>(`/api/chat/sessions/${segment(appId)}`, {
    method: 'POST',
    body: { name: DEFAULT_SESSION_NAME, metadata: { isNewSession: true } },
  });
  if (!answer?.session?.id) throw new Error('Invalid response format');
  return normalizeSession({ ...answer.session, rag_application_id: answer.session.rag_application_id ?? appId });
}

export async function fetchMessages(apiFetch: ApiFetch, appId: string, sessionId: string): Promise<ChatMessage[]> {
  const answer = await apiFetch<{ messages: ChatMessage[] }>(`/api/chat/messages/${segment(appId)}/sessions/${segment(sessionId)}`);
  return answer?.messages ?? [];
}

/**
 * Spec 01 §6: an application's API token, when its `api` integration is enabled, goes along as
 * X-API-Key. Only admins can read the token (contract §2), and a bearer token always wins (§17.5),
 * so for the signed-in web client the header is informational.
 */
function apiKeyOf(application: ChatApplication | undefined): string | undefined {
  const api = application?.integrations?.find((integration) => integration.type === 'api' && integration.enabled);
  const token = api?.settings?.token;
  return typeof token === 'string' && token ? token : undefined;
}

export async function sendMessage(
  apiFetch: ApiFetch,
  request: { appId: string; session: ChatSession; message: ChatMessage; prior: ChatMessage[]; userId: string; application: ChatApplication | undefined },
): Promise<{ messages: ChatMessage[]; session?: ChatSession }> {
  const apiKey = apiKeyOf(request.application);
  const answer = await apiFetch<{ messages: ChatMessage[]; session?: ChatSession }>(
    `/api/chat/messages/${segment(request.appId)}/sessions/${segment(request.session.id)}`,
    {
      method: 'POST',
      headers: { 'X-User-ID': request.userId, ...(apiKey ? { 'X-API-Key': apiKey } : {}) },
      body: {
        message: { text: request.message.text, sender: 'user', timestamp: request.message.timestamp, sessionId: request.session.id },
        history: historyOf(request.prior),
      },
    },
  );
  if (!Array.isArray(answer?.messages)) throw new Error('Invalid response format');
  return answer;
}

/** The application's enabled messaging integrations, as the notify call's filter (§16.10). */
export function enabledMessaging(application: ChatApplication | undefined): Array<{ type: 'messaging'; platform: string }> {
  return (application?.integrations ?? [])
    .filter((integration) => integration.type === 'messaging' && integration.enabled)
    .map((integration) => ({ type: 'messaging' as const, platform: integration.platform ?? 'slack' }));
}

/**
 * Spec 01 §4.3: after a reply, the exchange goes to the enabled messaging integrations. The spec
 * leaves the outcome unshown; the chat is the user's conversation and a Slack post is the
 * organisation's side effect, so a failure is only logged and never interrupts the chat.
 */
export function notifyIntegrations(apiFetch: ApiFetch, application: ChatApplication | undefined, query: string, response: string): void {
  const integrations = enabledMessaging(application);
  if (!application || integrations.length === 0 || !query.trim() || !response.trim()) return;
  apiFetch(`/api/rag/integrations/${segment(application.id)}/notify`, { method: 'POST', body: { query, response, integrations } }).catch((error: unknown) => {
    console.warn('Could not forward the chat exchange to the messaging integrations', error);
  });
}
