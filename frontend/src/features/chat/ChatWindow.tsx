import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import HistoryIcon from '@mui/icons-material/History';
import MinimizeIcon from '@mui/icons-material/Minimize';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { CHAT_UI, windowRightOffset } from './chat-constants';
import { ChatConversation } from './ChatConversation';
import { ChatHistorySidebar } from './ChatHistorySidebar';
import type { ChatTarget } from './types';
import { useChatApplication } from './useChatApplication';
import { useChatSessions } from './useChatSessions';
import { useHoverSidebar } from './useHoverSidebar';

/** Spec 01 §4.2: a chat window is normal, minimized or fullscreen. */
export type ChatWindowMode = 'normal' | 'minimized' | 'fullscreen';

/** The chat's own tab (spec 01 §2.7). */
export const chatPagePath = (applicationId: string) => `/chat/${encodeURIComponent(applicationId)}`;

/** Seam for tests: opening the chat's own tab. */
export const chatTabs = {
  open: (path: string) => void window.open(path, '_blank', 'noopener'),
};

interface ChatWindowProps {
  target: ChatTarget;
  index: number;
  mode: ChatWindowMode;
  userId: string;
  onMode: (mode: ChatWindowMode) => void;
  onClose: () => void;
}

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  // These buttons reshape the window or open a tab: the focus they keep afterwards (or get back) must
  // not reopen the tooltip over the chat, and a click closes it. The aria-label names the button.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={label} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} disableFocusListener>
      <IconButton
        size="small"
        aria-label={label}
        onClick={() => {
          setOpen(false);
          onClick();
        }}
        sx={{ color: 'inherit' }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * One desktop chat window (spec 01 §2.7): floating at the right edge, 420 px further left per window,
 * or fullscreen with the Chat History sidebar. The chat state lives here, so switching modes never
 * reloads the conversation.
 */
export function ChatWindow({ target, index, mode, userId, onMode, onClose }: ChatWindowProps) {
  const { data: application } = useChatApplication(target.id);
  const chat = useChatSessions({ appId: target.id, userId, application, storage: window.localStorage });
  const fullscreen = mode === 'fullscreen';
  const sidebar = useHoverSidebar(fullscreen);
  const name = application?.name ?? target.name;

  // Offsets go inline: they differ per window and are what tests and users measure.
  const placement = fullscreen
    ? { top: 0, right: 0, bottom: 0, left: 0 }
    : { bottom: CHAT_UI.windowBaseOffsetPx, right: windowRightOffset(index), width: CHAT_UI.windowWidthPx, height: mode === 'minimized' ? 'auto' : CHAT_UI.windowHeightPx };

  return (
    <Paper
      role="dialog"
      aria-label={target.name}
      data-testid="chat-window"
      data-mode={mode}
      elevation={12}
      style={{ position: 'fixed', ...placement }}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: fullscreen ? 0 : 2,
        maxHeight: fullscreen ? undefined : `calc(100vh - ${2 * CHAT_UI.windowBaseOffsetPx}px)`,
        zIndex: (theme) => (fullscreen ? theme.zIndex.modal - 10 : theme.zIndex.drawer + 1),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.75, bgcolor: 'primary.main', color: 'primary.contrastText', flexShrink: 0 }}>
        {fullscreen && (
          <HeaderButton label={sidebar.pinned ? 'Hide chat history' : 'Show chat history'} onClick={sidebar.toggle}>
            <HistoryIcon fontSize="small" />
          </HeaderButton>
        )}
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 600, minWidth: 0 }} title={name}>
          {name}
        </Typography>
        <HeaderButton label={mode === 'minimized' ? 'Expand chat' : 'Minimize chat'} onClick={() => onMode(mode === 'minimized' ? 'normal' : 'minimized')}>
          {mode === 'minimized' ? <ExpandLessIcon fontSize="small" /> : <MinimizeIcon fontSize="small" />}
        </HeaderButton>
        <HeaderButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={() => onMode(fullscreen ? 'normal' : 'fullscreen')}>
          {fullscreen ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
        </HeaderButton>
        <HeaderButton label="Open in new tab" onClick={() => chatTabs.open(chatPagePath(target.id))}>
          <OpenInNewIcon fontSize="small" />
        </HeaderButton>
        <HeaderButton label="New chat" onClick={() => void chat.newChat()}>
          <AddCommentOutlinedIcon fontSize="small" />
        </HeaderButton>
        <HeaderButton label="Close chat" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </HeaderButton>
      </Box>
      {mode !== 'minimized' && (
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0, position: 'relative', bgcolor: 'background.paper' }}>
          {fullscreen && sidebar.visible && (
            // A pinned sidebar takes its place beside the chat; a hover one floats over it.
            <Box sx={sidebar.pinned ? { display: 'flex' } : { position: 'absolute', top: 0, bottom: 0, left: 0, zIndex: 2, display: 'flex' }}>
              <ChatHistorySidebar chat={chat} pinned={sidebar.pinned} onTogglePin={sidebar.togglePin} />
            </Box>
          )}
          <ChatConversation chat={chat} application={application ?? { id: target.id, name: target.name }} wide={fullscreen} />
        </Box>
      )}
    </Paper>
  );
}
