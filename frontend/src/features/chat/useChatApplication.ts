import useSWR from 'swr';
import { applicationPath } from './chat-api';
import type { ChatApplication } from './types';

/** Contract §16.2: the application's name, model, knowledge bases and integrations, as the chat reads them. */
export function useChatApplication(appId: string | undefined) {
  return useSWR<ChatApplication>(appId ? applicationPath(appId) : null);
}
