import { createFamilyHandler } from '../../http/family-handler';
import { listMessages, sendChatMessage } from './message-routes';
import { createSession, listSessions } from './session-routes';

/** Chat (contract §17): bearer callers on the `web` channel, API-key callers on `api` (§17.5). */
export const handler = createFamilyHandler('chat', {
  'chat.listSessions': listSessions,
  'chat.createSession': createSession,
  'chat.listMessages': listMessages,
  'chat.sendMessage': sendChatMessage,
});
