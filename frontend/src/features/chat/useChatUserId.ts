import { useEffect, useState } from 'react';
import { useSession } from '../../auth/SessionProvider';
import { CHAT_UI } from './chat-constants';
import { chatStorageKeys, newTemporaryUserId, readStoredUserId, TEMP_USER_ID_PREFIX, writeStoredUserId } from './chat-storage';

/**
 * The user id that keys the chat's browser copies and goes out as `X-User-ID` (spec 01 §4.2). It is
 * the signed-in product user's id (SessionProvider stores it under `userId`); with none stored a
 * `temp-` id is made up. The stored value is read again every second and on storage events from other
 * tabs, and a change re-initialises the sessions of every open chat.
 */
export function useChatUserId(): string {
  const { user } = useSession();
  const [userId, setUserId] = useState(() => ensureStoredUserId(user?.id));

  useEffect(() => {
    const refresh = () => setUserId(ensureStoredUserId(user?.id));
    refresh();
    const timer = window.setInterval(refresh, CHAT_UI.userIdPollMs);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === chatStorageKeys.userId) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [user?.id]);

  return userId;
}

/**
 * The stored id, written first when missing: the signed-in user's id when known, else a temporary
 * one. A temporary id is replaced as soon as a signed-in user is known, so the copies follow the user.
 */
export function ensureStoredUserId(signedInUserId: string | undefined): string {
  const stored = readStoredUserId();
  if (signedInUserId && (!stored || stored.startsWith(TEMP_USER_ID_PREFIX))) {
    writeStoredUserId(signedInUserId);
    return signedInUserId;
  }
  if (stored) return stored;
  const temporary = newTemporaryUserId();
  writeStoredUserId(temporary);
  return temporary;
}
