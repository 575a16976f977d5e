import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import type { Organization } from '../../api/entities';
import { ErrorAlert } from '../../components/ErrorAlert';
import { CloudResourcesPanel } from './CloudResourcesPanel';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';
import { OrganizationUsersTab } from './OrganizationUsersTab';
import { AuthSettingsForm } from './settings/AuthSettingsForm';
import { SecuritySettingsForm } from './settings/SecuritySettingsForm';
import { useOrganization } from './useOrganizations';

type TabName = 'general' | 'users';

interface ManageOrganizationDialogProps {
  organizationId: string;
  /** The row the list already holds, shown until the details arrive (contract §6.3). */
  initial?: Organization;
  onClose: () => void;
}

/** Spec 03: the Manage Organization modal with its General and Users tabs. */
export function ManageOrganizationDialog({ organizationId, initial, onClose }: ManageOrganizationDialogProps) {
  const details = useOrganization(organizationId);
  const organization = details.data ?? initial;
  const [tab, setTab] = useState<TabName>('general');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="manage-organization-title" scroll="paper">
      <DialogTitle id="manage-organization-title">Manage Organization{organization ? `: ${organization.name}` : ''}</DialogTitle>
      <Box sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} aria-label="Manage organization sections">
          <Tab label="General" value="general" id="manage-tab-general" aria-controls="manage-panel-general" />
          <Tab label="Users" value="users" id="manage-tab-users" aria-controls="manage-panel-users" />
        </Tabs>
      </Box>
      <DialogContent sx={{ bgcolor: 'background.default' }}>
        {details.error && !organization ? (
          <ErrorAlert title="Failed to load organization data" error={details.error} />
        ) : !organization ? (
          'Loading...'
        ) : tab === 'general' ? (
          <Stack spacing={2} role="tabpanel" id="manage-panel-general" aria-labelledby="manage-tab-general">
            {details.error && <ErrorAlert title="Failed to load organization data" error={details.error} />}
            <OrganizationDetailsForm organization={organization} />
            <CloudResourcesPanel organizationId={organization.id} fallback={organization.cloudResources} />
            <AuthSettingsForm organizationId={organization.id} />
            <SecuritySettingsForm organizationId={organization.id} />
          </Stack>
        ) : (
          <Box role="tabpanel" id="manage-panel-users" aria-labelledby="manage-tab-users">
            <OrganizationUsersTab organization={organization} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
