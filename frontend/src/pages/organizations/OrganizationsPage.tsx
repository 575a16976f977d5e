import AddBusinessIcon from '@mui/icons-material/AddBusinessOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import type { Organization } from '../../api/entities';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
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
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const answer = useOrganizationList(page, query);
  const { items, list } = organizationsOf(answer.data);
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<Organization | undefined>();
  const searching = query.trim() !== '';

  const newButton = (
    <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setCreating(true)}>
      New Organization
    </Button>
  );

  return (
    <Box>
      <PageHeader title="Organizations" subtitle="Every tenant of this installation." action={newButton} />
      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <SearchField
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            label="Search organizations"
            placeholder="Search by name or domain"
          />
        </Box>
        {answer.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading organizations" />}
        {answer.error ? (
          <ErrorAlert title="Failed to load organizations" error={answer.error} sx={{ m: 2 }} />
        ) : answer.isLoading && !answer.data ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        ) : items.length === 0 ? (
          <Box sx={{ p: 6, textAlign: 'center' }} data-testid="organizations-empty">
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
        ) : (
          <OrganizationsTable organizations={items} onManage={setManaging} />
        )}
        <ListPager pagination={list?.pagination} page={page} onPageChange={setPage} noun="organizations" />
      </Paper>
      {creating && <CreateOrganizationDialog onClose={() => setCreating(false)} />}
      {managing && <ManageOrganizationDialog key={managing.id} organizationId={managing.id} initial={managing} onClose={() => setManaging(undefined)} />}
    </Box>
  );
}
