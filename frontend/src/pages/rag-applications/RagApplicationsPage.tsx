import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Grid, LinearProgress, Paper, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { useNotifier } from '../../components/useNotifier';
import { useChatLauncher } from '../../features/chat/ChatLauncher';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { AdminActionsPanel } from './AdminActionsPanel';
import { AdminApplicationsTable } from './AdminApplicationsTable';
import { ApplicationCard } from './ApplicationCard';
import { GroupAccessDialog } from './GroupAccessDialog';
import type { RagApplication } from './types';
import { useApplicationActions, useApplicationList } from './useRagApplications';

/** Spec 03 §9: applications per page on desktop and under the 768 px breakpoint. */
export const APPLICATIONS_PAGE_SIZE = { desktop: 10, mobile: 5 } as const;
/** Spec 03 §9: the application search waits this long; Enter searches at once. */
export const APPLICATION_SEARCH_DEBOUNCE_MS = 500;

/** A success text handed over by the create and edit pages, shown once on arrival. */
export interface ListNotice {
  notice?: string;
}

/**
 * Spec 03 "RAG Applications list" (/rag-applications; admin, user, rag_user). Admins get the list
 * with the Admin Actions panel; everyone else gets cards with access badges and a Chat button.
 */
export function RagApplicationsPage() {
  const session = useSession();
  const user = session.user;
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const location = useLocation();
  const { openChat, occupiedRightPx } = useChatLauncher();
  const { notify, snackbar } = useNotifier();
  const actions = useApplicationActions();

  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(search, APPLICATION_SEARCH_DEBOUNCE_MS);
  useEffect(() => setQuery(settled), [settled]);
  const [page, setPage] = useState(1);
  const limit = mobile ? APPLICATIONS_PAGE_SIZE.mobile : APPLICATIONS_PAGE_SIZE.desktop;
  const list = useApplicationList(page, limit, query, Boolean(user));

  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [access, setAccess] = useState<RagApplication | undefined>();
  const [toggling, setToggling] = useState(false);
  const [toggleError, setToggleError] = useState<unknown>();

  const notice = (location.state as ListNotice | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    notify(notice);
    // Once shown, the notice must not come back on a reload or a back navigation.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, notify, navigate, location.pathname, location.search]);

  // A page size change (crossing the breakpoint) starts from the first page again.
  useEffect(() => setPage(1), [limit]);

  const applications = list.data?.applications ?? [];
  const emptyPastEnd = Boolean(list.data) && applications.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastEnd]);

  // Spec 03: pages render nothing without a user.
  if (!user) return null;
  const isAdmin = satisfiesRoleWord('admin', { role: user.role, isSystemOrg: user.isSystemOrg });
  const selected = applications.find((application) => application.id === selectedId);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search);
    setPage(1);
  };
  const chat = (application: RagApplication) => openChat({ id: application.id, name: application.name });

  const toggle = async (application: RagApplication) => {
    const enabled = !application.enabled;
    setToggling(true);
    setToggleError(undefined);
    try {
      await actions.setEnabled(application.id, enabled);
      notify(enabled ? 'Application enabled successfully' : 'Application disabled successfully');
    } catch (error) {
      setToggleError(error);
    } finally {
      setToggling(false);
    }
  };

  const listBody = list.error ? (
    <ErrorAlert title="Failed to load applications" error={list.error} sx={{ m: 2 }} />
  ) : list.isLoading && !list.data ? (
    <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
      Loading...
    </Typography>
  ) : applications.length === 0 ? (
    <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="applications-empty">
      {query.trim() ? 'No applications match your search' : isAdmin ? 'No applications yet. Create one to get started.' : 'No applications have been shared with you yet.'}
    </Typography>
  ) : isAdmin ? (
    <AdminApplicationsTable applications={applications} selectedId={selected?.id} onSelect={(application) => setSelectedId(application.id)} compact={mobile} />
  ) : (
    <Grid container spacing={2} sx={{ p: 2 }}>
      {applications.map((application) => (
        <Grid key={application.id} size={mobile ? 12 : { md: 6, lg: 4 }}>
          <ApplicationCard application={application} compact={mobile} onChat={chat} />
        </Grid>
      ))}
    </Grid>
  );

  return (
    <Box>
      <PageHeader
        title="RAG Applications"
        subtitle={isAdmin ? 'Chat applications over your knowledge bases, and who may use them.' : 'The applications shared with you.'}
        action={
          isAdmin ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/rag-applications/create')}>
              New Application
            </Button>
          ) : undefined
        }
      />
      {toggleError !== undefined && <ErrorAlert title="Failed to update application status" error={toggleError} onClose={() => setToggleError(undefined)} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Box component="form" role="search" onSubmit={searchNow} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <SearchField value={search} onChange={changeSearch} label="Search applications" placeholder="Search by name or description" testId="applications-search" />
          </Box>
          {list.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading applications" />}
          {listBody}
          <ListPager
            pagination={list.data ? { page: list.data.page, limit: list.data.limit, total: list.data.total, totalPages: list.data.totalPages } : undefined}
            page={page}
            onPageChange={setPage}
            noun="applications"
          />
        </Paper>
        {isAdmin && (
          <Box
            data-testid="admin-actions-column"
            // Kept clear of open chat windows, which float over the right edge where this panel sits.
            sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 88 }, mr: `${occupiedRightPx}px`, transition: 'margin 150ms' }}
          >
            <AdminActionsPanel
              application={selected}
              busy={toggling}
              onChat={chat}
              onEdit={(application) => navigate(`/rag-applications/${encodeURIComponent(application.id)}/edit`)}
              onAccess={setAccess}
              onToggle={(application) => void toggle(application)}
            />
          </Box>
        )}
      </Box>
      {access && (
        <GroupAccessDialog
          key={access.id}
          application={access}
          onClose={() => setAccess(undefined)}
          onSaved={(message) => {
            setAccess(undefined);
            notify(message);
          }}
        />
      )}
      {snackbar}
    </Box>
  );
}
