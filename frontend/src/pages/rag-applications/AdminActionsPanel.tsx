import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { Box, Button, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { chatHintOf } from './access-rules';
import type { RagApplication } from './types';

export const NO_SELECTION_HINT = 'Select an application first';

/** Like TooltipAction, but the wrapper is a block so the panel's buttons span its width. */
function PanelAction({ title, children }: { title: string; children: ReactNode }) {
  // Chat and Access open a window or dialog, and focus comes back to the button when it closes: with
  // the focus listener the tooltip then reopened and stayed over the page (issue 21). A click closes
  // it; the buttons are worded, so the tooltip adds nothing keyboard users need.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={title} describeChild placement="left" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} disableFocusListener>
      <Box component="span" sx={{ display: 'block' }} onClickCapture={() => setOpen(false)}>
        {children}
      </Box>
    </Tooltip>
  );
}

interface AdminActionsPanelProps {
  application: RagApplication | undefined;
  busy: boolean;
  onChat: (application: RagApplication) => void;
  onEdit: (application: RagApplication) => void;
  onAccess: (application: RagApplication) => void;
  onToggle: (application: RagApplication) => void;
}

/** Spec 03 list: the side panel titled Admin Actions; every button acts on the selected row. */
export function AdminActionsPanel({ application, busy, onChat, onEdit, onAccess, onToggle }: AdminActionsPanelProps) {
  const headingId = useId();
  const none = !application;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="admin-actions">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Admin Actions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="admin-actions-selection">
        {application ? application.name : 'No application selected'}
      </Typography>
      <Stack spacing={1}>
        <PanelAction title={application ? chatHintOf(application) : NO_SELECTION_HINT}>
          <Button fullWidth variant="contained" startIcon={<ChatBubbleOutlineIcon />} disabled={none || !application.enabled} onClick={() => application && onChat(application)}>
            Chat
          </Button>
        </PanelAction>
        <PanelAction title={application ? `Edit ${application.name}` : NO_SELECTION_HINT}>
          <Button fullWidth variant="outlined" startIcon={<EditOutlinedIcon />} disabled={none} onClick={() => application && onEdit(application)}>
            Edit
          </Button>
        </PanelAction>
        <PanelAction title={application ? 'Choose the groups that can use it' : NO_SELECTION_HINT}>
          <Button fullWidth variant="outlined" startIcon={<GroupOutlinedIcon />} disabled={none} onClick={() => application && onAccess(application)}>
            Access
          </Button>
        </PanelAction>
        <PanelAction title={application ? (application.enabled ? 'Turn the application off' : 'Turn the application on') : NO_SELECTION_HINT}>
          <Button
            fullWidth
            variant="outlined"
            color={application?.enabled ? 'warning' : 'success'}
            startIcon={<PowerSettingsNewIcon />}
            disabled={none || busy}
            onClick={() => application && onToggle(application)}
          >
            {application && !application.enabled ? 'Enable' : 'Disable'}
          </Button>
        </PanelAction>
      </Stack>
    </Paper>
  );
}
