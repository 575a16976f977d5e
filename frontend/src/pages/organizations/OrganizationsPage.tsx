import AddBusinessIcon from '@mui/icons-material/AddBusinessOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import type { Organization } from '../../api/entities';
import { useSession } from '../../auth/SessionProvider';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';
import { ManageOrganizationDialog } from './ManageOrganizationDialog';
import { OrganizationsTable } from './OrganizationsTable';
import { organizationsOf, useOrganizationList } from './useOrganizations';

export const NO_PERMISSION = 'You do not have permission to view this page.';

/** Spec 03 Organizations page (/organizations, system_admin only). */
export function OrganizationsPage() {
  const { user } = useSession();
  // The route guard already keeps other roles out; the page says so itself should it ever be reached.
  if (user?.role !== 'system_admin') {
    return (
      <Box>
        <PageHeader title="Organizations" />
        <Alert severity="error">{NO_PERMISSION}</Alert>
      </Box>
    );
  }
  return <OrganizationsList />;
}

function OrganizationsList() {
  const list = useListPage();
  const answer = useOrganizationList(list.page, list.query);
  const { items, list: page } = organizationsOf(answer.data);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<Organization | undefined>();
  const searching = list.query.trim() !== '';

  const newButton = (
    <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setCreating(true)}>
      New Organization
    </Button>
  );

  return (
    <Box>
      <PageHeader title="Organizations" subtitle="Every tenant of this installation." action={newButton} />
      {/* Spec 03 draws a Manage button on each row here, not an Actions panel. */}
      <ListPanel
        list={list}
        search={{ label: 'Search organizations', placeholder: 'Search by name or domain' }}
        loadingLabel="Loading organizations"
        answer={answer}
        errorTitle="Failed to load organizations"
        count={items.length}
        emptyTestId="organizations-empty"
        empty={
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <BusinessIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="p" sx={{ mt: 1 }}>
              No organizations found
            </Typography>
            {!searching && (
              <Button variant="contained" sx={{ mt: 2 }} onClick={() => setCreating(true)}>
                Create your first organization
              </Button>
            )}
          </Box>
        }
        pagination={page?.pagination}
      >
        <OrganizationsTable organizations={items} onManage={setManaging} />
      </ListPanel>
      {creating && <CreateOrganizationDialog onClose={() => setCreating(false)} />}
      {managing && <ManageOrganizationDialog key={managing.id} organizationId={managing.id} initial={managing} onClose={() => setManaging(undefined)} />}
    </Box>
  );
}
