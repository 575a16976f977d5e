import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiFetch } from '../../api/ApiProvider';
import { quotaDetails } from '../../components/QuotaNotice';
import { createSession, fetchMessages, fetchSessionPage, notifyIntegrations, sendMessage } from './chat-api';
import { CHAT_FAILURE_TEXT, CHAT_UI } from './chat-constants';
import { readStoredMessages, readStoredSessions, writeStoredMessages, writeStoredSessions } from './chat-storage';
import { afterFirstMessage, mostRecentlyCreated, sendBlocked, sessionsOfApplication, upsertSession } from './session-rules';
import type { ChatApplication, ChatMessage, ChatSession } from './types';

export interface ChatSessionsState {
  sessions: ChatSession[];
  selected: ChatSession | undefined;
  messages: ChatMessage[];
  /** Opening: sessions being read or the first one created. */
  initialising: boolean;
  loadingMessages: boolean;
  /** A reply is pending. */
  sending: boolean;
  /** Why no chat could be started; sending stays blocked until a session exists. */
  error: string | undefined;
  /** The 402 of the last send (the month's conversations used up, §1.9): the window names the limit. */
  quotaError: unknown;
  /** The history list's entries: the first 10, or more after Show More. */
  visibleSessions: ChatSession[];
  canShowMore: boolean;
  canShowLess: boolean;
  send: (text: string) => Promise<void>;
  newChat: () => Promise<void>;
  selectSession: (sessionId: string) => void;
  showMore: () => Promise<void>;
  showLess: () => void;
}

export interface ChatSessionsOptions {
  appId: string;
  userId: string;
  /** The application as read from §16.2; undefined while it loads (sending only needs the id). */
  application: ChatApplication | undefined;
  /** Where the browser copies live: local storage for the windows, session storage for the chat tab. */
  storage: Storage;
}

/**
 * One application's chat for one user (spec 01 §4.2, §4.3): the session list with its local
 * fallback, the selected session's messages, sending and paging. Each window, the overlay and the
 * chat page own one; a change of application or user id starts over.
 */
export function useChatSessions({ appId, userId, application, storage }: ChatSessionsOptions): ChatSessionsState {
  const apiFetch = useApiFetch();
  const [sessions, setSessions] = useState<ChatSession[]>([]);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [initialising, setInitialising] = useState(true);
  const [loadingMessages, setLoadingMessages] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [quotaError, setQuotaError] = useState<unknown>();
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [visibleCount, setVisibleCount] = useState<number>(CHAT_UI.sessionsPageSize);

  // Answers that arrive after the user moved on (another session, another user id) must not land
  // on the screen; these refs say what is current when they arrive.
  const generation = useRef(0);
  const selectedRef = useRef<string | undefined>(undefined);
  const sessionsRef = useRef<ChatSession[]>([]);
  const messagesRef = useRef<ChatMessage[]>([]);
  const applicationRef = useRef(application);
  applicationRef.current = application;

  const commitSessions = useCallback(
    (next: ChatSession[]) => {
      sessionsRef.current = next;
      setSessions(next);
      writeStoredSessions(storage, appId, userId, next);
    },
    [storage, appId, userId],
  );
  const showMessages = useCallback((next: ChatMessage[]) => {
    messagesRef.current = next;
    setMessages(next);
  }, []);

  /** §4.2: the server's messages, or the local copy when the fetch fails or returns none. */
  const loadMessages = useCallback(
    async (sessionId: string) => {
      const current = generation.current;
      selectedRef.current = sessionId;
      setSelectedId(sessionId);
      showMessages(readStoredMessages(storage, appId, userId, sessionId));
      setLoadingMessages(true);
      let loaded: ChatMessage[];
      try {
        loaded = await fetchMessages(apiFetch, appId, sessionId);
      } catch {
        loaded = [];
      }
      if (current !== generation.current || selectedRef.current !== sessionId) return;
      if (loaded.length > 0) {
        writeStoredMessages(storage, appId, userId, sessionId, loaded);
        showMessages(loaded);
      } else {
        showMessages(readStoredMessages(storage, appId, userId, sessionId));
      }
      setLoadingMessages(false);
    },
    [apiFetch, appId, userId, storage, showMessages],
  );

  const startSession = useCallback(async () => {
    const current = generation.current;
    const session = await createSession(apiFetch, appId);
    if (current !== generation.current) return;
    commitSessions(upsertSession(sessionsRef.current, session));
    selectedRef.current = session.id;
    setSelectedId(session.id);
    showMessages([]);
    setLoadingMessages(false);
  }, [apiFetch, appId, commitSessions, showMessages]);

  // §4.2 on opening: read the sessions (the local copy if that fails); none → create one, else
  // select the most recently created and load its messages.
  useEffect(() => {
    const current = ++generation.current;
    sessionsRef.current = [];
    selectedRef.current = undefined;
    setSessions([]);
    setSelectedId(undefined);
    showMessages([]);
    setInitialising(true);
    setError(undefined);
    setPage(1);
    setHasMore(false);
    setVisibleCount(CHAT_UI.sessionsPageSize);

    void (async () => {
      const stored = readStoredSessions(storage, appId, userId);
      let list: ChatSession[];
      let more = false;
      try {
        const answer = await fetchSessionPage(apiFetch, appId, 1);
        // The server's copies, with what only the client keeps (firstMessage) carried over.
        list = answer.sessions.map((session) => ({ ...session, firstMessage: session.firstMessage ?? stored.find((entry) => entry.id === session.id)?.firstMessage }));
        more = answer.pagination.hasMore;
      } catch {
        list = stored;
      }
      if (current !== generation.current) return;
      list = sessionsOfApplication(list, appId);
      setHasMore(more);
      if (list.length === 0) {
        try {
          await startSession();
        } catch (startError) {
          if (current === generation.current) setError(startError instanceof Error && startError.message ? startError.message : 'Could not start a chat');
        }
      } else {
        commitSessions(list);
        const latest = mostRecentlyCreated(list);
        if (latest) void loadMessages(latest.id);
      }
      if (current === generation.current) setInitialising(false);
    })();
  }, [apiFetch, appId, userId, storage, startSession, commitSessions, loadMessages, showMessages]);

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      const session = sessionsRef.current.find((entry) => entry.id === selectedRef.current);
      if (sendBlocked(text, appId, session, sessionsRef.current) || !session) return;
      const current = generation.current;
      const prior = messagesRef.current;
      const message: ChatMessage = { text, sender: 'user', timestamp: new Date().toISOString(), sessionId: session.id };
      // §4.3: the message shows at once.
      showMessages([...prior, message]);
      setSending(true);
      setQuotaError(undefined);
      try {
        const answer = await sendMessage(apiFetch, { appId, session, message, prior, userId, application: applicationRef.current });
        if (current !== generation.current) return;
        writeStoredMessages(storage, appId, userId, session.id, answer.messages);
        // §4.3: the reply replaces the list (the server answers with the whole session).
        if (selectedRef.current === session.id) showMessages(answer.messages);
        const known = sessionsRef.current.find((entry) => entry.id === session.id) ?? session;
        commitSessions(upsertSession(sessionsRef.current, afterFirstMessage(known, text, answer.session)));
        const reply = [...answer.messages].reverse().find((entry) => entry.sender === 'assistant');
        if (reply) notifyIntegrations(apiFetch, applicationRef.current, text, reply.text);
      } catch (sendError) {
        if (current !== generation.current || selectedRef.current !== session.id) return;
        if (quotaDetails(sendError)) setQuotaError(sendError);
        showMessages([...messagesRef.current, { text: CHAT_FAILURE_TEXT, sender: 'assistant', timestamp: new Date().toISOString(), sessionId: session.id, failed: true }]);
      } finally {
        if (current === generation.current) setSending(false);
      }
    },
    [apiFetch, appId, userId, storage, commitSessions, showMessages],
  );

  const newChat = useCallback(async () => {
    setError(undefined);
    try {
      await startSession();
    } catch (startError) {
      setError(startError instanceof Error && startError.message ? startError.message : 'Could not start a chat');
    }
  }, [startSession]);

  const selectSession = useCallback(
    (sessionId: string) => {
      if (sessionId === selectedRef.current) return;
      void loadMessages(sessionId);
    },
    [loadMessages],
  );

  /**
   * Spec 01 §2.7: the next 10, read from the server while it has more; sessions already held (say,
   * after Show Less) come back without a call.
   */
  const showMore = useCallback(async () => {
    const current = generation.current;
    if (sessionsRef.current.length <= visibleCount && hasMore) {
      const next = page + 1;
      try {
        const answer = await fetchSessionPage(apiFetch, appId, next);
        if (current !== generation.current) return;
        const known = new Set(sessionsRef.current.map((session) => session.id));
        commitSessions(sessionsOfApplication([...sessionsRef.current, ...answer.sessions.filter((session) => !known.has(session.id))], appId));
        setPage(next);
        setHasMore(answer.pagination.hasMore);
      } catch {
        // The list stays as it is; the button remains for another try.
        return;
      }
    }
    setVisibleCount((count) => count + CHAT_UI.sessionsPageSize);
  }, [apiFetch, appId, page, hasMore, visibleCount, commitSessions]);

  /** Spec 01 §2.7: back to the first 10 (the others stay known, so sending to one still works). */
  const showLess = useCallback(() => setVisibleCount(CHAT_UI.sessionsPageSize), []);

  return {
    sessions,
    selected: sessions.find((session) => session.id === selectedId),
    messages,
    initialising,
    loadingMessages,
    sending,
    error,
    quotaError,
    visibleSessions: sessions.slice(0, visibleCount),
    // Spec 01 §2.7: the buttons appear once there are 10 or more sessions.
    canShowMore: sessions.length >= CHAT_UI.sessionsPageSize && (hasMore || sessions.length > visibleCount),
    canShowLess: visibleCount > CHAT_UI.sessionsPageSize,
    send,
    newChat,
    selectSession,
    showMore,
    showLess,
  };
}
