import { Alert, Box, Checkbox, CircularProgress, FormControlLabel, FormGroup, FormLabel, Typography } from '@mui/material';
import type { Group } from '../../api/entities';

interface GroupPickerProps {
  groups: Group[] | undefined;
  loading: boolean;
  error: unknown;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Admins are in the Administrators group by role (contract §1.3); the picker says so. */
  isAdmin: boolean;
}

/** The user form's groups: every non-admin group as a checkbox, in the fixed 200 px list of spec 03 §9. */
export function GroupPicker({ groups, loading, error, selected, onChange, disabled, isAdmin }: GroupPickerProps) {
  const choices = (groups ?? []).filter((group) => !group.is_admin_group);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((value) => value !== id));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Groups
      </FormLabel>
      {isAdmin && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          Admins are always members of Administrators.
        </Typography>
      )}
      {error ? (
        <Alert severity="error">Failed to load groups</Alert>
      ) : loading && !groups ? (
        <CircularProgress size={20} aria-label="Loading groups" />
      ) : choices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No groups yet. Create groups on the Groups page.
        </Typography>
      ) : (
        <FormGroup sx={{ maxHeight: 200, overflowY: 'auto', flexWrap: 'nowrap', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
          {choices.map((group) => (
            <FormControlLabel
              key={group.id}
              control={<Checkbox size="small" checked={selected.includes(group.id)} onChange={(event) => toggle(group.id, event.target.checked)} disabled={disabled} />}
              label={group.name}
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}
