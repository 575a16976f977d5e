import { sessionNameFromMessage } from '../../../../../shared/rules/chat';
import { bodyOf, errorResponse, fakeRoutes, type FakeRoute } from '../../../__fixtures__/fake-api';
import { jsonResponse } from '../../../__fixtures__/test-auth';
import type { ChatApplication, ChatMessage, ChatSession, Citation, Generator } from '../types';

/**
 * The chat endpoints (contract §16.2, §16.10, §17) over in-memory state, for the chat tests. It keeps
 * the server's rules that the client relies on: sessions newest updated first and paged, the
 * whole session in every send answer, and the first message naming the session.
 */
export interface ChatBackendState {
  applications: Record<string, ChatApplication>;
  sessions: ChatSession[];
  messages: Record<string, ChatMessage[]>;
  /** What the assistant answers; 'fail' answers 502. */
  reply: (text: string) => { text: string; sources: Citation[]; generator: Generator } | 'fail';
  /** Reply to these paths with a server error instead. */
  failing: Set<'list-sessions' | 'create-session' | 'list-messages'>;
  nextId: number;
}

export const HANDBOOK_CITATION: Citation = {
  documentId: 'fil_handbook',
  name: 'handbook.pdf',
  knowledgeBaseId: 'kb_hr',
  snippet: 'Employees get 25 days of paid leave.',
  score: 0.91,
  sourceType: 'file',
  url: null,
};

export function chatState(overrides: Partial<ChatBackendState> = {}): ChatBackendState {
  return {
    applications: {
      'app-1': {
        id: 'app-1',
        name: 'HR Assistant',
        llm_model: 'claude-3-sonnet',
        integrations: [],
        knowledge_bases: [{ id: 'kb_hr', name: 'HR Policies' }],
      },
      'app-2': { id: 'app-2', name: 'IT Helpdesk', llm_model: 'gpt-4', integrations: [], knowledge_bases: [] },
      'app-3': { id: 'app-3', name: 'Sales Desk', llm_model: 'gpt-4', integrations: [], knowledge_bases: [] },
    },
    sessions: [],
    messages: {},
    reply: () => ({ text: 'You get 25 days of paid leave.', sources: [HANDBOOK_CITATION], generator: { kind: 'extractive', model: 'claude-3-sonnet' } }),
    failing: new Set(),
    nextId: 1,
    ...overrides,
  };
}

export function storedSession(id: string, appId: string, created: string, updated = created, name = 'New chat'): ChatSession {
  return {
    id,
    name,
    created,
    created_at: created,
    updated_at: updated,
    organization_id: 'org-1',
    user_id: 'user-1',
    rag_application_id: appId,
    metadata: { isNewSession: false, channel: 'web' },
  };
}

const serverError = () => errorResponse(502, 'Failed to generate a response', 'UPSTREAM_ERROR');

export function chatRoutes(state: ChatBackendState, extra: FakeRoute[] = []): FakeRoute[] {
  const now = () => new Date(Date.UTC(2025, 2, 12, 12, 0, state.nextId)).toISOString();
  return [
    ...extra,
    {
      method: 'GET',
      path: /^\/api\/rag\/([^/]+)$/,
      reply: ([, id]) => {
        const application = state.applications[decodeURIComponent(id ?? '')];
        return application ? jsonResponse(application) : errorResponse(404, 'Application not found', 'NOT_FOUND');
      },
    },
    {
      method: 'GET',
      path: /^\/api\/chat\/sessions\/([^/]+)$/,
      reply: ([, appId], url) => {
        if (state.failing.has('list-sessions')) return serverError();
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const mine = state.sessions.filter((session) => session.rag_application_id === appId).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
        const totalPages = Math.ceil(mine.length / limit);
        return jsonResponse({ sessions: mine.slice((page - 1) * limit, page * limit), pagination: { page, limit, total: mine.length, totalPages, hasMore: page < totalPages } });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/chat\/sessions\/([^/]+)$/,
      reply: ([, appId], _url, init) => {
        if (state.failing.has('create-session')) return errorResponse(403, 'Application is disabled', 'FORBIDDEN');
        const body = bodyOf(init);
        const created = now();
        const session = { ...storedSession(`ses-${state.nextId++}`, appId ?? '', created, created, String(body.name ?? 'New chat')), metadata: { ...(body.metadata as object), isNewSession: true, channel: 'web' } };
        state.sessions.push(session);
        return jsonResponse({ session }, 201);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/chat\/messages\/([^/]+)\/sessions\/([^/]+)$/,
      reply: ([, , sessionId]) => (state.failing.has('list-messages') ? serverError() : jsonResponse({ messages: state.messages[sessionId ?? ''] ?? [] })),
    },
    {
      method: 'POST',
      path: /^\/api\/chat\/messages\/([^/]+)\/sessions\/([^/]+)$/,
      reply: ([, , sessionId], _url, init) => {
        const session = state.sessions.find((entry) => entry.id === sessionId);
        if (!session) return errorResponse(404, 'Session not found', 'NOT_FOUND');
        const text = String((bodyOf(init).message as { text?: string }).text ?? '').trim();
        const answer = state.reply(text);
        if (answer === 'fail') return serverError();
        const list = (state.messages[session.id] ??= []);
        const stamp = now();
        list.push({ id: `msg-${state.nextId++}`, sessionId: session.id, text, sender: 'user', timestamp: stamp });
        list.push({ id: `msg-${state.nextId++}`, sessionId: session.id, sender: 'assistant', timestamp: stamp, ...answer });
        if (session.metadata.isNewSession) Object.assign(session, { name: sessionNameFromMessage(text), metadata: { ...session.metadata, isNewSession: false } });
        session.updated_at = stamp;
        return jsonResponse({ messages: list, session });
      },
    },
    { method: 'POST', path: /^\/api\/rag\/integrations\/([^/]+)\/notify$/, reply: () => jsonResponse({ results: [] }) },
  ];
}

export const chatBackend = (state: ChatBackendState, extra: FakeRoute[] = []) => fakeRoutes(chatRoutes(state, extra));
