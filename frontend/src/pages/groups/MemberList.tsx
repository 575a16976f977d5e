import { Avatar, Box, Button, CircularProgress, List, ListItem, ListItemAvatar, ListItemText, Paper, Typography } from '@mui/material';
import type { User } from '../../api/entities';
import { MEMBER_MODAL_TOP } from '../../config/ui-constants';

interface MemberListProps {
  title: string;
  users: User[] | undefined;
  total: number | undefined;
  loading: boolean;
  emptyText: string;
  /** Label of the row action ('Add' or 'Remove'); absent for a read-only list. */
  actionLabel?: string;
  onAction?: (user: User) => void;
  processing: ReadonlySet<string>;
  /** While a confirmation is open or a change runs, other rows wait. */
  disabled: boolean;
  testId: string;
}

const initials = (user: User) =>
  (user.full_name || user.email)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** One side of the member modal: the top 5 users by full name (spec 03 Groups page). */
export function MemberList({ title, users, total, loading, emptyText, actionLabel, onAction, processing, disabled, testId }: MemberListProps) {
  const shown = (users ?? []).slice(0, MEMBER_MODAL_TOP);
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid={testId} aria-label={title} component="section">
      <Box sx={{ px: 2, py: 1.25, display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {total ?? 0}
        </Typography>
      </Box>
      <Box sx={{ minHeight: 200 }}>
        {loading && !users ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={24} aria-label={`Loading ${title.toLowerCase()}`} />
          </Box>
        ) : shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((user) => {
              const busy = processing.has(user.id);
              const name = user.full_name || user.email;
              return (
                <ListItem
                  key={user.id}
                  divider
                  data-testid={`${testId}-row`}
                  secondaryAction={
                    actionLabel && onAction ? (
                      busy ? (
                        <CircularProgress size={20} aria-label={`Updating ${name}`} />
                      ) : (
                        <Button size="small" onClick={() => onAction(user)} disabled={disabled} aria-label={`${actionLabel} ${name}`} color={actionLabel === 'Remove' ? 'error' : 'primary'}>
                          {actionLabel}
                        </Button>
                      )
                    ) : undefined
                  }
                  sx={{ opacity: busy ? 0.6 : 1, pr: actionLabel ? 12 : 2 }}
                >
                  <ListItemAvatar sx={{ minWidth: 44 }}>
                    <Avatar sx={{ width: 30, height: 30, fontSize: 13, bgcolor: 'primary.light' }}>{initials(user)}</Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={name} secondary={user.email} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
      {total !== undefined && total > shown.length && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
          Showing {shown.length} of {total}. Search to find others.
        </Typography>
      )}
    </Paper>
  );
}
