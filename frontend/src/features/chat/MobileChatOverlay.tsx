import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { ChatConversation } from './ChatConversation';
import type { ChatTarget } from './types';
import { useChatApplication } from './useChatApplication';
import { useChatSessions } from './useChatSessions';

/**
 * The chat under the mobile breakpoint (spec 01 §2.7): one chat over the whole screen, a back button
 * to the applications, the application's name and a new-chat button. The page underneath does not
 * scroll while it is open.
 */
export function MobileChatOverlay({ target, userId, onClose }: { target: ChatTarget; userId: string; onClose: () => void }) {
  const { data: application } = useChatApplication(target.id);
  const chat = useChatSessions({ appId: target.id, userId, application, storage: window.localStorage });
  const name = application?.name ?? target.name;

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <Paper
      role="dialog"
      aria-label={target.name}
      data-testid="chat-mobile-overlay"
      square
      elevation={0}
      sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal - 10, display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, bgcolor: 'primary.main', color: 'primary.contrastText', flexShrink: 0 }}>
        {/* Spec 01 §2.7: the applications list is the page under the overlay, so going back closes it. */}
        <IconButton aria-label="Back to applications" onClick={onClose} sx={{ color: 'inherit' }}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 600, minWidth: 0 }}>
          {name}
        </Typography>
        <IconButton aria-label="New chat" onClick={() => void chat.newChat()} sx={{ color: 'inherit' }}>
          <AddCommentOutlinedIcon />
        </IconButton>
      </Box>
      <ChatConversation chat={chat} application={application ?? { id: target.id, name: target.name }} />
    </Paper>
  );
}
