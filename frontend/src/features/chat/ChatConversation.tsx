import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, CircularProgress, IconButton, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { QuotaNotice } from '../../components/QuotaNotice';
import { MESSAGE_PLACEHOLDER } from './chat-constants';
import { ChatMessageBubble } from './ChatMessageBubble';
import type { ChatApplication } from './types';
import type { ChatSessionsState } from './useChatSessions';

interface ChatConversationProps {
  chat: ChatSessionsState;
  application: ChatApplication | undefined;
  /** Fullscreen and the chat tab give the messages more room and a centred column. */
  wide?: boolean;
}

/**
 * The messages and the input, shared by every chat surface (spec 01 §2.7 "Common"): the message list
 * scrolls to the latest, the send button is off while the trimmed input is empty, and a pending reply
 * shows a loading indicator.
 */
export function ChatConversation({ chat, application, wide = false }: ChatConversationProps) {
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const empty = draft.trim() === '';
  const knowledgeBaseName = (id: string) => application?.knowledge_bases?.find((knowledgeBase) => knowledgeBase.id === id)?.name ?? 'Knowledge base';

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.messages, chat.sending]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || chat.sending || !chat.selected) return;
    const text = draft;
    setDraft('');
    void chat.send(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const column = wide ? { maxWidth: 860, width: '100%', mx: 'auto' } : {};

  return (
    // minWidth 0: a reply's code block scrolls sideways in its bubble rather than widening the conversation past its window.
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, minWidth: 0 }}>
      <Box ref={scroller} role="log" aria-label="Messages" aria-live="polite" sx={{ flex: 1, overflowY: 'auto', px: 2, py: 2 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, ...column }}>
          {chat.initialising || (chat.loadingMessages && chat.messages.length === 0) ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={24} aria-label="Loading chat" />
            </Box>
          ) : chat.messages.length === 0 && !chat.error ? (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
              Ask a question about {application?.name ?? 'this application'}'s knowledge.
            </Typography>
          ) : (
            chat.messages.map((message, index) => <ChatMessageBubble key={message.id ?? `${message.timestamp}-${index}`} message={message} knowledgeBaseName={knowledgeBaseName} />)
          )}
          {chat.sending && (
            <Box role="status" aria-label="Waiting for the reply" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <CircularProgress size={16} />
              <Typography variant="body2">Thinking…</Typography>
            </Box>
          )}
          {chat.error && <Alert severity="error">Could not start a chat: {chat.error}</Alert>}
          {chat.quotaError !== undefined && (
            <Alert severity="warning">
              <QuotaNotice error={chat.quotaError} />
            </Alert>
          )}
        </Box>
      </Box>
      <Box component="form" onSubmit={submit} sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, ...column }}>
          <TextField
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={MESSAGE_PLACEHOLDER}
            multiline
            maxRows={5}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
          />
          <IconButton type="submit" color="primary" aria-label="Send message" disabled={empty || chat.sending || !chat.selected}>
            <SendIcon />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
