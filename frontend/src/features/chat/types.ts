import type { ApiIntegrationSettings, Application, ApplicationKnowledgeBase, Integration, SlackIntegrationSettings } from '../../../../shared/api/schemas/applications';
import type { ChatMessage as ServerChatMessage, ChatSession as ServerChatSession, ChatSessionPage } from '../../../../shared/api/schemas/chat';

/**
 * The chat entities of contract §2 (ChatSession, ChatMessage, Citation, Generator) come from the
 * shared schemas the server's views are typed with. What is declared here is the client's own: what
 * it adds to them, what it reads leniently, and the parts of §16.2's Application the surface reads.
 */
export type { ChatSender, Citation, Generator } from '../../../../shared/api/schemas/chat';

/**
 * A session as the client holds it. Any server session is one; besides, the client reads leniently
 * what a partial or older answer may leave out (session-rules' normalizeSession fills `created_at`
 * from `created` and defaults `isNewSession`), and builds sessions of its own in tests and fakes, so
 * those fields are optional here.
 */
export type ChatSession = Omit<ServerChatSession, 'created' | 'organization_id' | 'user_id' | 'metadata'> &
  Partial<Pick<ServerChatSession, 'created' | 'organization_id' | 'user_id'>> & {
    /** `channel` is never read by the client, so any string will do. */
    metadata: { isNewSession?: ServerChatSession['metadata']['isNewSession']; channel?: string; [key: string]: unknown };
    /** Spec 01 §3: kept on the client only, the text of the session's first message. */
    firstMessage?: string;
  };

export type ChatMessage = Omit<ServerChatMessage, 'id'> & {
  /** Server messages carry an id; a message shown before the server answered does not. */
  id?: string;
  /** Client-only: the apology of spec 01 §4.3, never sent as history and never stored. */
  failed?: boolean;
};

/** §17.1. */
export type SessionPage = Omit<ChatSessionPage, 'sessions'> & { sessions: ChatSession[] };

/**
 * What the chat surface reads of an integration (§2 Integration): which one, whether it is on, and
 * for admins the API token (spec 01 §6). Tests build integrations without settings.
 */
export type ApplicationIntegration = Pick<Integration, 'type' | 'platform' | 'enabled'> & {
  settings?: Partial<ApiIntegrationSettings & SlackIntegrationSettings>;
};

/** The parts of §16.2's Application the chat surface reads; any Application is one. */
export type ChatApplication = Pick<Application, 'id' | 'name'> &
  Partial<Pick<Application, 'llm_model'>> & {
    integrations?: ApplicationIntegration[];
    knowledge_bases?: Array<Pick<ApplicationKnowledgeBase, 'id' | 'name'>>;
  };

/** The application a chat surface is opened for (the chat launcher, its windows and overlay). */
export interface ChatTarget {
  id: string;
  name: string;
}
