import AddIcon from '@mui/icons-material/Add';
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListPager } from '../../components/ListPager';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { TooltipAction } from '../../components/TooltipAction';
import { useNotifier } from '../../components/useNotifier';
import { SEARCH_DEBOUNCE_MS } from '../../config/ui-constants';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { DeleteKnowledgeBaseDialog } from './DeleteKnowledgeBaseDialog';
import { GroupAccessDialog } from './GroupAccessDialog';
import { KB_MESSAGES, toDraft } from './knowledge-base-rules';
import { KnowledgeBasesTable } from './KnowledgeBasesTable';
import { useKnowledgeBaseActions, useKnowledgeBaseList } from './useKnowledgeBases';
import type { KnowledgeBase } from './types';

/** Contract §15: writes are admin-only (a system admin counts inside the system organization). */
export function useCanManageKnowledgeBases(): boolean {
  const { user } = useSession();
  return Boolean(user && satisfiesRoleWord('admin', user));
}

/** What the form hands back when it returns here: the success text to show (spec 02 §8). */
export interface ListNotice {
  notice?: string;
  /** "Create and deploy" created the knowledge base but its deploy was refused. */
  deployFailure?: { name: string; reason: string };
}

/** Spec 02 Knowledge base list (/knowledge-bases). */
export function KnowledgeBasesPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useCanManageKnowledgeBases();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const list = useKnowledgeBaseList(page, query);
  const actions = useKnowledgeBaseActions();
  const { notify, snackbar } = useNotifier();

  const [access, setAccess] = useState<KnowledgeBase | undefined>();
  const [deleting, setDeleting] = useState<KnowledgeBase | undefined>();
  const [deployError, setDeployError] = useState<unknown>();

  // A success from the form, shown once; the state is cleared so a reload does not repeat it.
  const { notice, deployFailure } = (location.state as ListNotice | null) ?? {};
  useEffect(() => {
    if (!notice) return;
    notify(notice);
    if (deployFailure) setDeployError(new Error([KB_MESSAGES.deployFailedAfterCreate(deployFailure.name), deployFailure.reason].filter(Boolean).join('\n')));
    void navigate(location.pathname, { replace: true, state: null });
  }, [notice, deployFailure, notify, navigate, location.pathname]);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const deploy = async (kb: KnowledgeBase) => {
    setDeployError(undefined);
    try {
      const answer = await actions.deploy(kb.id);
      notify(answer.message || KB_MESSAGES.deployStarted);
    } catch (error) {
      setDeployError(error);
    }
  };

  const knowledgeBases = list.data?.knowledgeBases ?? [];
  const emptyPastEnd = Boolean(list.data) && knowledgeBases.length === 0 && page > 1;
  // After deleting the last row of the last page, show the page before instead of an empty one.
  useEffect(() => {
    if (emptyPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [emptyPastEnd]);

  const pagination = list.data ? { page: list.data.page, limit: list.data.limit, total: list.data.total, totalPages: list.data.totalPages } : undefined;

  return (
    <Box>
      <PageHeader
        title="Knowledge Bases"
        subtitle="Collections of files, websites or APIs that chat applications answer from."
        action={
          <TooltipAction title={canManage ? 'Create a knowledge base' : KB_MESSAGES.adminOnly}>
            <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => void navigate('/knowledge-bases/create')}>
              New Knowledge Base
            </Button>
          </TooltipAction>
        }
      />
      {deployError !== undefined && <ErrorAlert title={KB_MESSAGES.deployFailed} error={deployError} onClose={() => setDeployError(undefined)} sx={{ mb: 2 }} />}
      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <SearchField value={search} onChange={changeSearch} label="Search knowledge bases" placeholder="Search knowledge bases..." testId="kb-search" />
        </Box>
        {list.isValidating && <LinearProgress sx={{ height: 2 }} aria-label="Loading knowledge bases" />}
        {list.error ? (
          <ErrorAlert title={KB_MESSAGES.fetchListFailed} error={list.error} sx={{ m: 2 }} />
        ) : list.isLoading && !list.data ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        ) : knowledgeBases.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="kb-empty">
            {KB_MESSAGES.empty}
          </Typography>
        ) : (
          <KnowledgeBasesTable
            knowledgeBases={knowledgeBases}
            canManage={canManage}
            onEdit={(kb) => void navigate(`/knowledge-bases/${encodeURIComponent(kb.id)}/edit`)}
            onClone={(kb) => void navigate('/knowledge-bases/create', { state: { clone: toDraft(kb) } })}
            onDeploy={(kb) => void deploy(kb)}
            onAccess={setAccess}
            onDelete={setDeleting}
          />
        )}
        <ListPager pagination={pagination} page={page} onPageChange={setPage} noun="knowledge bases" />
      </Paper>

      {access && (
        <GroupAccessDialog
          key={access.id}
          kb={access}
          onClose={() => setAccess(undefined)}
          onSaved={(message) => {
            setAccess(undefined);
            notify(message);
          }}
        />
      )}
      {deleting && (
        <DeleteKnowledgeBaseDialog
          key={deleting.id}
          kb={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            notify(KB_MESSAGES.deleted);
          }}
        />
      )}
      {snackbar}
    </Box>
  );
}
