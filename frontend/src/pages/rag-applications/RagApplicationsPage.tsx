import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Grid, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { useChatLauncher } from '../../features/chat/ChatLauncher';
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

  const list = useListPage(APPLICATION_SEARCH_DEBOUNCE_MS);
  const { setPage } = list;
  const limit = mobile ? APPLICATIONS_PAGE_SIZE.mobile : APPLICATIONS_PAGE_SIZE.desktop;
  const answer = useApplicationList(list.page, limit, list.query, Boolean(user));

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
  useEffect(() => setPage(1), [limit, setPage]);

  const applications = answer.data?.applications ?? [];
  const selection = useListRows(list, Boolean(answer.data), applications);

  // Spec 03: pages render nothing without a user.
  if (!user) return null;
  const isAdmin = satisfiesRoleWord('admin', { role: user.role, isSystemOrg: user.isSystemOrg });
  const selected = selection.selected;
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

  const rows = isAdmin ? (
    <AdminApplicationsTable applications={applications} selection={selection} compact={mobile} />
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
      <ListPanel
        list={list}
        search={{ label: 'Search applications', placeholder: 'Search by name or description', testId: 'applications-search', submitOnEnter: true }}
        loadingLabel="Loading applications"
        answer={answer}
        errorTitle="Failed to load applications"
        count={applications.length}
        empty={list.query.trim() ? 'No applications match your search' : isAdmin ? 'No applications yet. Create one to get started.' : 'No applications have been shared with you yet.'}
        emptyTestId="applications-empty"
        pagination={answer.data ? { page: answer.data.page, limit: answer.data.limit, total: answer.data.total, totalPages: answer.data.totalPages } : undefined}
        // Kept clear of open chat windows, which float over the right edge where the panel sits.
        actionsOffsetPx={occupiedRightPx}
        actionsTestId="admin-actions-column"
        actions={
          isAdmin && (
            <AdminActionsPanel
              application={selected}
              busy={toggling}
              onChat={chat}
              onEdit={(application) => navigate(`/rag-applications/${encodeURIComponent(application.id)}/edit`)}
              onAccess={setAccess}
              onToggle={(application) => void toggle(application)}
            />
          )
        }
      >
        {rows}
      </ListPanel>
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
