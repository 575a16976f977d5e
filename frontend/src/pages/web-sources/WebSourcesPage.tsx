import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { WebSource } from '../../../../shared/api/schemas/web-sources';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ActionsPanel, type ListAction } from '../../components/list-page/ActionsPanel';
import { DeleteConfirmation, DeleteErrorAlert, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { deleteQuestion, inUseHint, isCrawling, WEB_SOURCES_CREATE_PATH, WEB_TEXTS, webSourceEditPath } from './web-source-rules';
import { WebSourcesTable } from './WebSourcesTable';
import { useWebSourceActions, useWebSourceList } from './useWebSources';

/** What the form pages hand back when they return here: the success text to show (spec 02 §8). */
export interface WebListNotice {
  notice?: string;
}

/** Spec 02 Websites (/data-sources/web). */
export function WebSourcesPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Typography color="text.secondary" sx={{ p: 4 }} data-testid="login-needed">
        {WEB_TEXTS.loggedOut}
      </Typography>
    );
  }
  return <WebSources />;
}

function WebSources() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage();
  const answer = useWebSourceList(list.page, list.query);
  const actions = useWebSourceActions();
  const { notify, snackbar } = useNotifier();
  const [syncError, setSyncError] = useState<unknown>();
  const [syncing, setSyncing] = useState<string | undefined>();

  // A success from a form page, shown once; the state is cleared so a reload does not repeat it.
  const { notice } = (location.state as WebListNotice | null) ?? {};
  useEffect(() => {
    if (!notice) return;
    notify(notice);
    void navigate(location.pathname, { replace: true, state: null });
  }, [notice, notify, navigate, location.pathname]);

  const sources = answer.data?.webSources ?? [];
  const selection = useListRows(list, Boolean(answer.data), sources);
  const deletion = useDeleteConfirmation<WebSource>({
    remove: (source) => actions.remove(source.id),
    onDeleted: () => {
      selection.clear();
      notify(WEB_TEXTS.deleted);
    },
  });
  const pagination = answer.data ? { page: answer.data.page, limit: answer.data.limit, total: answer.data.total, totalPages: answer.data.totalPages } : undefined;

  const sync = async (source: WebSource) => {
    setSyncError(undefined);
    setSyncing(source.id);
    try {
      const result = await actions.sync(source.id);
      notify(result.message || WEB_TEXTS.syncStarted);
    } catch (error) {
      setSyncError(error);
    } finally {
      setSyncing(undefined);
    }
  };

  const selected = selection.selected;
  return (
    <Box>
      <PageHeader
        title={WEB_TEXTS.title}
        subtitle="Websites that are crawled and indexed for knowledge bases."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(WEB_SOURCES_CREATE_PATH)}>
            {WEB_TEXTS.add}
          </Button>
        }
      />
      {syncError !== undefined && <ErrorAlert title={WEB_TEXTS.syncFailed} error={syncError} onClose={() => setSyncError(undefined)} sx={{ mb: 2 }} />}
      <DeleteErrorAlert state={deletion} title={WEB_TEXTS.deleteFailed} />
      <ListPanel
        list={list}
        search={{ label: 'Search websites', placeholder: WEB_TEXTS.searchPlaceholder, testId: 'web-search' }}
        loadingLabel="Loading websites"
        answer={answer}
        errorTitle={WEB_TEXTS.fetchListFailed}
        count={sources.length}
        empty={WEB_TEXTS.empty}
        emptyTestId="web-empty"
        pagination={pagination}
        actions={
          <ActionsPanel
            selection={selected?.name}
            noun="website"
            actions={webActions(selected, syncing, {
              sync: (source) => void sync(source),
              edit: (source) => void navigate(webSourceEditPath(source.id)),
              remove: deletion.ask,
            })}
          />
        }
      >
        <WebSourcesTable sources={sources} selection={selection} />
      </ListPanel>
      <DeleteConfirmation state={deletion} title={`Delete ${WEB_TEXTS.resourceType}`} message={(source) => deleteQuestion(source.name)} />
      {snackbar}
    </Box>
  );
}

type WebHandlers = Record<'sync' | 'edit' | 'remove', (source: WebSource) => void>;

/** Spec 02 Actions panel: Sync, Edit, Delete on the selected row. */
function webActions(source: WebSource | undefined, syncing: string | undefined, on: WebHandlers): ListAction[] {
  const act = (handler: (source: WebSource) => void) => () => source && handler(source);
  const running = isCrawling(source?.status) || (source !== undefined && syncing === source.id);
  const inUse = source !== undefined && source.used_by_kbs.length > 0;
  return [
    { label: 'Sync', icon: <SyncIcon />, variant: 'contained', hint: running ? WEB_TEXTS.syncRunning : 'Crawl the website again now', disabled: running, onClick: act(on.sync) },
    { label: 'Edit', icon: <EditOutlinedIcon />, variant: 'outlined', hint: 'Edit', onClick: act(on.edit) },
    { label: 'Delete', icon: <DeleteOutlineIcon />, color: 'error', hint: inUse ? inUseHint(source.used_by_kbs) : 'Delete', disabled: inUse, onClick: act(on.remove) },
  ];
}
