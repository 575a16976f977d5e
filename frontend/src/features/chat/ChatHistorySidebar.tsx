import AddIcon from '@mui/icons-material/Add';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { Box, Button, IconButton, List, ListItemButton, ListItemText, Tooltip, Typography } from '@mui/material';
import { CHAT_UI, NO_CHATS_TEXT } from './chat-constants';
import { sessionDateLabel, sidebarName } from './session-rules';
import type { ChatSessionsState } from './useChatSessions';

interface ChatHistorySidebarProps {
  chat: ChatSessionsState;
  pinned: boolean;
  onTogglePin: () => void;
}

/** The fullscreen view's session list (spec 01 §2.7): New Chat, Recent Chats newest first, paging. */
export function ChatHistorySidebar({ chat, pinned, onTogglePin }: ChatHistorySidebarProps) {
  return (
    <Box
      component="aside"
      aria-label="Chat History"
      sx={{
        width: CHAT_UI.sidebarWidthPx,
        flexShrink: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        boxShadow: pinned ? 'none' : 6,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Chat History
        </Typography>
        <Tooltip title={pinned ? 'Unpin sidebar' : 'Pin sidebar'}>
          <IconButton size="small" aria-label={pinned ? 'Unpin sidebar' : 'Pin sidebar'} aria-pressed={pinned} onClick={onTogglePin}>
            {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Button fullWidth variant="outlined" startIcon={<AddIcon />} onClick={() => void chat.newChat()}>
          New Chat
        </Button>
      </Box>
      <Typography variant="overline" color="text.secondary" sx={{ px: 2 }}>
        Recent Chats
      </Typography>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 1, pb: 2 }}>
        {chat.visibleSessions.length === 0 && !chat.initialising ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }}>
            {NO_CHATS_TEXT}
          </Typography>
        ) : (
          <List dense aria-label="Recent Chats">
            {chat.visibleSessions.map((session) => (
              <ListItemButton key={session.id} selected={session.id === chat.selected?.id} onClick={() => chat.selectSession(session.id)} title={session.name} sx={{ borderRadius: 1 }}>
                <ListItemText
                  primary={sidebarName(session.name)}
                  secondary={sessionDateLabel(session.updated_at)}
                  slotProps={{ primary: { noWrap: true, variant: 'body2' }, secondary: { variant: 'caption' } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {(chat.canShowMore || chat.canShowLess) && (
          <Box sx={{ display: 'flex', gap: 1, px: 1 }}>
            {chat.canShowMore && (
              <Button size="small" onClick={() => void chat.showMore()}>
                Show More
              </Button>
            )}
            {chat.canShowLess && (
              <Button size="small" onClick={chat.showLess}>
                Show Less
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
