import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { useSession } from '../../auth/SessionProvider';
import { canDeployStatus, isLockedStatus } from '../../../../shared/rules/knowledge-base-form';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ActionsPanel, type ListAction } from '../../components/list-page/ActionsPanel';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { TooltipAction } from '../../components/TooltipAction';
import { useNotifier } from '../../components/useNotifier';
import { DeleteKnowledgeBaseDialog } from './DeleteKnowledgeBaseDialog';
import { GroupAccessDialog } from './GroupAccessDialog';
import { KB_MESSAGES, LOCKED_HINT, toDraft } from './knowledge-base-rules';
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
  const list = useListPage();
  const answer = useKnowledgeBaseList(list.page, list.query);
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

  const deploy = async (kb: KnowledgeBase) => {
    setDeployError(undefined);
    try {
      const answer = await actions.deploy(kb.id);
      notify(answer.message || KB_MESSAGES.deployStarted);
    } catch (error) {
      setDeployError(error);
    }
  };

  const knowledgeBases = answer.data?.knowledgeBases ?? [];
  const selection = useListRows(list, Boolean(answer.data), knowledgeBases);
  const pagination = answer.data ? { page: answer.data.page, limit: answer.data.limit, total: answer.data.total, totalPages: answer.data.totalPages } : undefined;
  const kb = selection.selected;

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
      <ListPanel
        list={list}
        search={{ label: 'Search knowledge bases', placeholder: 'Search knowledge bases...', testId: 'kb-search' }}
        loadingLabel="Loading knowledge bases"
        answer={answer}
        errorTitle={KB_MESSAGES.fetchListFailed}
        count={knowledgeBases.length}
        empty={KB_MESSAGES.empty}
        emptyTestId="kb-empty"
        pagination={pagination}
        actions={
          <ActionsPanel
            selection={kb?.name}
            noun="knowledge base"
            actions={kbActions(kb, canManage, {
              edit: (item) => void navigate(`/knowledge-bases/${encodeURIComponent(item.id)}/edit`),
              access: setAccess,
              deploy: (item) => void deploy(item),
              clone: (item) => void navigate('/knowledge-bases/create', { state: { clone: toDraft(item) } }),
              remove: setDeleting,
            })}
          />
        }
      >
        <KnowledgeBasesTable knowledgeBases={knowledgeBases} selection={selection} />
      </ListPanel>

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

function deployHint(status: string): string {
  if (status === 'processing') return 'Being processed';
  if (status === 'ready') return 'Already deployed';
  return 'Deploy';
}

type KbHandlers = Record<'edit' | 'access' | 'deploy' | 'clone' | 'remove', (kb: KnowledgeBase) => void>;

/**
 * Spec 02 Actions panel: Edit, Access, Deploy and Clone (and Delete), on the selected row. Writes,
 * deploy and group access are admin-only (contract §15); Deploy is for drafts and failed ones, and a
 * processing one cannot be deleted.
 */
function kbActions(kb: KnowledgeBase | undefined, canManage: boolean, on: KbHandlers): ListAction[] {
  const adminOnly = canManage ? undefined : KB_MESSAGES.adminOnly;
  const processing = kb?.status === 'processing';
  const act = (handler: (kb: KnowledgeBase) => void) => () => kb && handler(kb);
  return [
    { label: 'Edit', icon: <EditOutlinedIcon />, variant: 'outlined', hint: adminOnly ?? (kb && isLockedStatus(kb.status) ? LOCKED_HINT : 'Edit'), disabled: !canManage, onClick: act(on.edit) },
    { label: 'Access', icon: <GroupOutlinedIcon />, hint: adminOnly ?? 'Group access', disabled: !canManage, onClick: act(on.access) },
    // An undeployed draft answers no chat, so Deploy is the row's next step: the one filled button.
    { label: 'Deploy', icon: <RocketLaunchOutlinedIcon />, variant: 'contained', hint: adminOnly ?? deployHint(kb?.status ?? ''), disabled: !canManage || !kb || !canDeployStatus(kb.status), onClick: act(on.deploy) },
    { label: 'Clone', icon: <ContentCopyIcon />, hint: adminOnly ?? 'Clone', disabled: !canManage, onClick: act(on.clone) },
    { label: 'Delete', icon: <DeleteOutlineIcon />, color: 'error', hint: adminOnly ?? (processing ? KB_MESSAGES.deleteWhileProcessing : 'Delete'), disabled: !canManage || processing, onClick: act(on.remove) },
  ];
}
