import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_UI } from './chat-constants';

export type SidebarMode = 'hidden' | 'hover' | 'pinned';

/**
 * The fullscreen history sidebar's states (spec 01 §4.2: hidden, hover-visible, pinned). While
 * `active`, the mouse opens it within 40 px of the left edge and closes it 300 ms after it moves
 * beyond 380 px; coming back in time cancels the close. A pinned sidebar ignores the mouse.
 */
export function useHoverSidebar(active: boolean) {
  const [mode, setMode] = useState<SidebarMode>('hidden');
  const closeTimer = useRef<number | undefined>(undefined);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const cancelClose = () => {
    if (closeTimer.current !== undefined) window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };

  useEffect(() => {
    if (!active) {
      cancelClose();
      setMode((current) => (current === 'pinned' ? current : 'hidden'));
      return;
    }
    const onMove = (event: MouseEvent) => {
      if (modeRef.current === 'pinned') return;
      if (event.clientX <= CHAT_UI.sidebarOpenZonePx) {
        cancelClose();
        setMode('hover');
      } else if (event.clientX > CHAT_UI.sidebarCloseBeyondPx) {
        if (modeRef.current === 'hover' && closeTimer.current === undefined) {
          closeTimer.current = window.setTimeout(() => {
            closeTimer.current = undefined;
            setMode((current) => (current === 'hover' ? 'hidden' : current));
          }, CHAT_UI.sidebarCloseDelayMs);
        }
      } else {
        cancelClose();
      }
    };
    window.addEventListener('mousemove', onMove);
    return () => {
      window.removeEventListener('mousemove', onMove);
      cancelClose();
    };
  }, [active]);

  const togglePin = useCallback(() => {
    cancelClose();
    setMode((current) => (current === 'pinned' ? 'hover' : 'pinned'));
  }, []);

  /**
   * The header button, the keyboard's way in: it shows the sidebar pinned, and hides it again. Not a
   * hover toggle: the button sits inside the 40 px zone, so a mouse reaching it has already opened the
   * hover sidebar, and toggling that would hide what the user clicked "Show" for. Pinned also keeps it
   * open for someone on the keyboard whose idle mouse happens to move.
   */
  const toggle = useCallback(() => {
    cancelClose();
    setMode((current) => (current === 'pinned' ? 'hidden' : 'pinned'));
  }, []);

  return { mode, visible: mode !== 'hidden', pinned: mode === 'pinned', togglePin, toggle };
}
