import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { ActionsPanel } from '../../components/list-page/ActionsPanel';
import { chatHintOf } from './access-rules';
import type { RagApplication } from './types';

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
  const act = (handler: (application: RagApplication) => void) => () => application && handler(application);
  return (
    <ActionsPanel
      title="Admin Actions"
      testId="admin-actions"
      selection={application?.name}
      noun="application"
      actions={[
        { label: 'Chat', icon: <ChatBubbleOutlineIcon />, hint: application && chatHintOf(application), disabled: !application?.enabled, onClick: act(onChat) },
        { label: 'Edit', icon: <EditOutlinedIcon />, hint: application && `Edit ${application.name}`, onClick: act(onEdit) },
        { label: 'Access', icon: <GroupOutlinedIcon />, hint: 'Choose the groups that can use it', onClick: act(onAccess) },
        {
          label: application && !application.enabled ? 'Enable' : 'Disable',
          icon: <PowerSettingsNewIcon />,
          color: application?.enabled ? 'warning' : 'success',
          hint: application?.enabled ? 'Turn the application off' : 'Turn the application on',
          disabled: busy,
          onClick: act(onToggle),
        },
      ]}
    />
  );
}
