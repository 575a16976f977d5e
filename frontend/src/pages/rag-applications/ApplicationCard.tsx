import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { LLM_MODEL_LABELS } from '../../../../shared/rules/chat';
import { TooltipAction } from '../../components/TooltipAction';
import { OFFLINE_MODEL_NOTE, useOfflineModels } from '../../config/model-mode';
import { accessBadgeOf, accessInfoOf, canChat, chatHintOf } from './access-rules';
import { ApplicationDescription } from './ApplicationDescription';
import type { RagApplication } from './types';
import { useAccessCheck } from './useRagApplications';

interface ApplicationCardProps {
  application: RagApplication;
  /** The mobile layout (under 768 px): one column, compact. */
  compact: boolean;
  onChat: (application: RagApplication) => void;
}

/**
 * A non-admin's application card (spec 03 list): access badge from the access check and a Chat
 * button when the user can chat. While the check runs, and when it failed, no badge is shown; a
 * failed check leaves the Chat button to the server's own access rules (spec 03 §8).
 */
export function ApplicationCard({ application, compact, onChat }: ApplicationCardProps) {
  const check = useAccessCheck(application.id, true);
  const offline = useOfflineModels();
  const info = check.data ? accessInfoOf(check.data, application) : undefined;
  const badge = info ? accessBadgeOf(info) : undefined;
  const checking = !check.data && !check.error;
  const showChat = info ? canChat(info) : !checking;
  const hint = chatHintOf(application);

  return (
    <Card variant="outlined" component="article" aria-label={application.name} data-testid={compact ? 'application-card-mobile' : 'application-card'} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant={compact ? 'subtitle1' : 'h6'} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {application.name}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            {!application.enabled && <Chip size="small" label="Disabled" variant="outlined" />}
            {badge && (
              <Tooltip title={badge.hint} describeChild>
                <Chip size="small" label={badge.label} color={badge.color} data-testid="access-badge" />
              </Tooltip>
            )}
          </Stack>
        </Stack>
        <ApplicationDescription name={application.name} description={application.description} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {LLM_MODEL_LABELS[application.llm_model] ?? application.llm_model}
          {offline ? ` · ${OFFLINE_MODEL_NOTE}` : ''}
          {info && badge?.label === 'Partial Access' ? ` · ${badge.hint}` : ''}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Box sx={{ flex: 1 }} />
        {showChat && (
          <TooltipAction title={hint}>
            <Button
              variant="contained"
              size={compact ? 'small' : 'medium'}
              startIcon={<ChatBubbleOutlineIcon />}
              disabled={!application.enabled}
              aria-label={`Chat with ${application.name}`}
              onClick={() => onChat(application)}
            >
              Chat
            </Button>
          </TooltipAction>
        )}
        {checking && (
          <Typography variant="caption" color="text.secondary">
            Checking access…
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
