/**
 * The chat entities as contract §2 returns them (ChatSession, ChatMessage, Citation) and the parts of
 * the Application the chat surface reads (§16.2). Only the fields the surface uses are typed.
 */

export interface ChatSession {
  id: string;
  name: string;
  created?: string;
  created_at: string;
  updated_at: string;
  organization_id?: string;
  user_id?: string;
  rag_application_id: string;
  metadata: { isNewSession?: boolean; channel?: string; [key: string]: unknown };
  /** Spec 01 §3: kept on the client only, the text of the session's first message. */
  firstMessage?: string;
}

export interface Citation {
  documentId: string;
  name: string;
  knowledgeBaseId: string;
  snippet: string;
  score: number;
  sourceType: 'file' | 'web' | 'api';
  url?: string | null;
}

export interface Generator {
  kind: 'llm' | 'extractive';
  model: string;
}

export type ChatSender = 'user' | 'assistant';

export interface ChatMessage {
  /** Server messages carry an id; a message shown before the server answered does not. */
  id?: string;
  text: string;
  sender: ChatSender;
  timestamp: string;
  sessionId: string;
  sources?: Citation[];
  generator?: Generator;
  /** Client-only: the apology of spec 01 §4.3, never sent as history and never stored. */
  failed?: boolean;
}

export interface SessionPage {
  sessions: ChatSession[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
}

export interface ApplicationIntegration {
  type: 'api' | 'messaging';
  platform?: string | null;
  enabled: boolean;
  settings?: Record<string, unknown>;
}

export interface ChatApplication {
  id: string;
  name: string;
  llm_model?: string;
  integrations?: ApplicationIntegration[];
  knowledge_bases?: Array<{ id: string; name: string }>;
}
