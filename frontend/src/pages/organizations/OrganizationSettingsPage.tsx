import { Box, Stack } from '@mui/material';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';
import { AuthSettingsForm } from './settings/AuthSettingsForm';
import { SecuritySettingsForm } from './settings/SecuritySettingsForm';
import { useOrganization } from './useOrganizations';

/**
 * /organization/settings: the signed-in admin's own organization. The name is editable (contract §6.4
 * lets an admin send the name only); the auth and security forms are those of the Manage modal.
 */
export function OrganizationSettingsPage() {
  const { user } = useSession();
  const organizationId = user?.organizationId;
  const organization = useOrganization(organizationId);

  return (
    <Box>
      <PageHeader title="Settings" subtitle={organization.data ? organization.data.name : undefined} />
      {!organizationId ? (
        <ErrorAlert title="Organization ID not found" />
      ) : (
        <Stack spacing={2.5} sx={{ maxWidth: 960 }}>
          {organization.error ? (
            <ErrorAlert title="Failed to load organization data" error={organization.error} />
          ) : (
            organization.data && <OrganizationDetailsForm organization={organization.data} nameOnly />
          )}
          <AuthSettingsForm organizationId={organizationId} />
          <SecuritySettingsForm organizationId={organizationId} />
        </Stack>
      )}
    </Box>
  );
}
