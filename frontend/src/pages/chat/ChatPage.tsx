import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ROOT_PATH } from '../../../../shared/navigation/app-routes';
import { LoadingScreen } from '../../layout/LoadingScreen';
import { ChatConversation } from '../../features/chat/ChatConversation';
import { readStoredUserId } from '../../features/chat/chat-storage';
import { useChatApplication } from '../../features/chat/useChatApplication';
import { useChatSessions } from '../../features/chat/useChatSessions';
import { useChatUserId } from '../../features/chat/useChatUserId';
import type { ChatApplication } from '../../features/chat/types';

/** Seam for tests: closing the tab this page was opened in. */
export const chatTab = {
  close: () => window.close(),
};

/**
 * /chat/{id}, the chat in its own tab (spec 01 §2.7): a full-height view titled 'Chat - {name}'. It
 * leaves for / when the id or the stored user id is missing or the application cannot be read.
 */
export function ChatPage() {
  const { id } = useParams();
  // Read once: the spec's redirect is about opening the page; later changes re-initialise instead.
  const [storedUserId] = useState(readStoredUserId);
  const { data: application, error } = useChatApplication(id && storedUserId ? id : undefined);

  if (!id || !storedUserId || error) return <Navigate to={ROOT_PATH} replace />;
  if (!application) return <LoadingScreen />;
  return <ChatTabView application={application} />;
}

function ChatTabView({ application }: { application: ChatApplication }) {
  const navigate = useNavigate();
  const userId = useChatUserId();
  // "How this page sends messages is not shown": it uses the same session calls as the windows, and
  // keeps its copies in session storage, per application and user, as the spec says of this page.
  const chat = useChatSessions({ appId: application.id, userId, application, storage: window.sessionStorage });

  useEffect(() => {
    const previous = document.title;
    document.title = `Chat - ${application.name}`;
    return () => {
      document.title = previous;
    };
  }, [application.name]);

  const close = () => {
    chatTab.close();
    // A tab the browser will not let a script close (one opened by hand) goes home instead.
    navigate(ROOT_PATH, { replace: true });
  };

  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}>
        <Typography variant="h6" component="h1" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {application.name}
        </Typography>
        <Button size="small" startIcon={<AddCommentOutlinedIcon />} onClick={() => void chat.newChat()}>
          New chat
        </Button>
        <IconButton title={`Close chat with ${application.name}`} aria-label={`Close chat with ${application.name}`} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <ChatConversation chat={chat} application={application} wide />
    </Box>
  );
}
