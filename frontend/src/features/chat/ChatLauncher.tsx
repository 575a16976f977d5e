import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../auth/SessionProvider';
import { CHAT_UI, windowRightOffset } from './chat-constants';
import type { ChatWindowMode } from './ChatWindow';
import type { ChatTarget } from './types';
import { useChatUserId } from './useChatUserId';

// The windows (with the Markdown renderer of replies) load when the first chat opens, not with every page.
const ChatWindow = lazy(() => import('./ChatWindow').then((module) => ({ default: module.ChatWindow })));
const MobileChatOverlay = lazy(() => import('./MobileChatOverlay').then((module) => ({ default: module.MobileChatOverlay })));

/** What a chat surface needs to open: the application's id and name (spec 01 §3, "RAG application as used by chat"). */
export type { ChatTarget } from './types';

/**
 * Opens an application's chat on the surface that fits the viewport: a floating window on desktop,
 * the full-screen overlay under the mobile breakpoint (spec 01 §2.7). Pages call this; the chat
 * feature owns how and where the chat appears.
 */
export interface ChatLauncher {
  openChat(target: ChatTarget): void;
  /**
   * How far from the right edge open desktop windows reach (0 when none is open at full height): a
   * page with a right-hand panel keeps it clear of them instead of hiding it under a window.
   */
  occupiedRightPx: number;
}

export const ChatLauncherContext = createContext<ChatLauncher>({
  openChat: () => {
    throw new Error('Chat is not available here: ChatLauncherContext has no provider');
  },
  occupiedRightPx: 0,
});

export function useChatLauncher(): ChatLauncher {
  return useContext(ChatLauncherContext);
}

interface OpenChat {
  target: ChatTarget;
  mode: ChatWindowMode;
}

/**
 * Holds the open chats above the routes, so they survive page navigation, and renders them: desktop
 * windows side by side, or under 768 px the one overlay. Only a signed-in user has chats; signing out
 * closes them all.
 */
export function ChatLauncherProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const mobileRef = useRef(mobile);
  mobileRef.current = mobile;
  const [chats, setChats] = useState<OpenChat[]>([]);
  const signedIn = status === 'authenticated';

  useEffect(() => {
    if (!signedIn) setChats([]);
  }, [signedIn]);

  const openChat = useCallback((target: ChatTarget) => {
    setChats((open) => {
      // Spec 01 §2.7: one chat at a time on mobile.
      if (mobileRef.current) return [{ target, mode: 'normal' }];
      // Opening an application that already has a window brings that window back instead of a second one.
      if (open.some((chat) => chat.target.id === target.id)) {
        return open.map((chat) => (chat.target.id === target.id && chat.mode === 'minimized' ? { ...chat, mode: 'normal' } : chat));
      }
      return [...open, { target, mode: 'normal' }];
    });
  }, []);

  // A minimized window is a title bar at the bottom and a fullscreen one covers the page anyway.
  const lastNormal = chats.reduce((last, chat, index) => (chat.mode === 'normal' ? index : last), -1);
  const occupiedRightPx = signedIn && !mobile && lastNormal >= 0 ? windowRightOffset(lastNormal) + CHAT_UI.windowWidthPx + CHAT_UI.windowBaseOffsetPx : 0;
  const launcher = useMemo<ChatLauncher>(() => ({ openChat, occupiedRightPx }), [openChat, occupiedRightPx]);

  const setMode = (id: string, mode: ChatWindowMode) => setChats((open) => open.map((chat) => (chat.target.id === id ? { ...chat, mode } : chat)));
  const close = (id: string) => setChats((open) => open.filter((chat) => chat.target.id !== id));

  return (
    <ChatLauncherContext.Provider value={launcher}>
      {children}
      {signedIn && chats.length > 0 && (
        <Suspense fallback={null}>
          <OpenChats chats={chats} mobile={mobile} onMode={setMode} onClose={close} />
        </Suspense>
      )}
    </ChatLauncherContext.Provider>
  );
}

function OpenChats({ chats, mobile, onMode, onClose }: { chats: OpenChat[]; mobile: boolean; onMode: (id: string, mode: ChatWindowMode) => void; onClose: (id: string) => void }) {
  const userId = useChatUserId();
  if (mobile) {
    // A viewport that shrank with several windows open shows the latest one.
    const latest = chats[chats.length - 1];
    return latest ? <MobileChatOverlay key={latest.target.id} target={latest.target} userId={userId} onClose={() => onClose(latest.target.id)} /> : null;
  }
  return (
    <>
      {chats.map((chat, index) => (
        <ChatWindow
          key={chat.target.id}
          target={chat.target}
          index={index}
          mode={chat.mode}
          userId={userId}
          onMode={(mode) => onMode(chat.target.id, mode)}
          onClose={() => onClose(chat.target.id)}
        />
      ))}
    </>
  );
}
