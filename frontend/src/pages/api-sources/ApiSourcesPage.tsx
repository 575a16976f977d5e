import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ActionsPanel, type ListAction } from '../../components/list-page/ActionsPanel';
import { DeleteConfirmation, DeleteErrorAlert, useDeleteConfirmation } from '../../components/list-page/DeleteConfirmation';
import { ListPanel } from '../../components/list-page/ListPanel';
import { useListPage, useListRows } from '../../components/list-page/useListPage';
import { PageHeader } from '../../components/PageHeader';
import { useNotifier } from '../../components/useNotifier';
import { API_SOURCES_CREATE_PATH, API_TEXTS, apiSourceEditPath, deleteQuestion, inUseHint, outcomeLines, outcomeOfServerTest } from './api-source-rules';
import { ApiSourcesTable } from './ApiSourcesTable';
import type { TestOutcome } from './direct-test';
import type { ApiSource } from './types';
import { useApiSourceActions, useApiSourceList } from './useApiSources';

/** What the form pages hand back when they return here: the success text to show (spec 02 §8). */
export interface ApiListNotice {
  notice?: string;
}

/** Spec 02 APIs (/data-sources/api). */
export function ApiSourcesPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Typography color="text.secondary" sx={{ p: 4 }} data-testid="login-needed">
        {API_TEXTS.loggedOut}
      </Typography>
    );
  }
  return <ApiSources />;
}

function ApiSources() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListPage();
  const answer = useApiSourceList(list.page, list.query);
  const actions = useApiSourceActions();
  const { notify, snackbar } = useNotifier();
  const [testing, setTesting] = useState<string | undefined>();
  const [tested, setTested] = useState<{ name: string; outcome: TestOutcome } | undefined>();
  const [testError, setTestError] = useState<unknown>();

  // A success from a form page, shown once; the state is cleared so a reload does not repeat it.
  const { notice } = (location.state as ApiListNotice | null) ?? {};
  useEffect(() => {
    if (!notice) return;
    notify(notice);
    void navigate(location.pathname, { replace: true, state: null });
  }, [notice, notify, navigate, location.pathname]);

  const sources = answer.data?.apiSources ?? [];
  const selection = useListRows(list, Boolean(answer.data), sources);
  const deletion = useDeleteConfirmation<ApiSource>({
    remove: (source) => actions.remove(source.id),
    onDeleted: () => {
      selection.clear();
      notify(API_TEXTS.deleted);
    },
  });
  const pagination = answer.data ? { page: answer.data.page, limit: answer.data.limit, total: answer.data.total, totalPages: answer.data.totalPages } : undefined;

  /** Test Connection: contract §14.7 on the stored configuration. */
  const testConnection = async (source: ApiSource) => {
    setTestError(undefined);
    setTested(undefined);
    setTesting(source.id);
    try {
      setTested({ name: source.name, outcome: outcomeOfServerTest(await actions.test(source.id)) });
    } catch (error) {
      setTestError(error);
    } finally {
      setTesting(undefined);
    }
  };

  const selected = selection.selected;
  return (
    <Box>
      <PageHeader
        title={API_TEXTS.title}
        subtitle="External API endpoints whose responses are indexed for knowledge bases."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(API_SOURCES_CREATE_PATH)}>
            {API_TEXTS.add}
          </Button>
        }
      />
      {testError !== undefined && <ErrorAlert title={API_TEXTS.testFailed} error={testError} onClose={() => setTestError(undefined)} sx={{ mb: 2 }} />}
      {tested && (
        <Alert severity={tested.outcome.success ? 'success' : 'warning'} onClose={() => setTested(undefined)} sx={{ mb: 2 }} data-testid="api-test-result">
          <AlertTitle>{tested.name}</AlertTitle>
          {[tested.outcome.message, ...outcomeLines(tested.outcome), ...(tested.outcome.recordCount !== undefined ? [`Records: ${tested.outcome.recordCount}`] : [])].map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Alert>
      )}
      <DeleteErrorAlert state={deletion} title={API_TEXTS.deleteFailed} />
      <ListPanel
        list={list}
        search={{ label: 'Search API services', placeholder: API_TEXTS.searchPlaceholder, testId: 'api-search' }}
        loadingLabel="Loading API sources"
        answer={answer}
        errorTitle={API_TEXTS.fetchListFailed}
        count={sources.length}
        empty={API_TEXTS.empty}
        emptyTestId="api-empty"
        pagination={pagination}
        actions={
          <ActionsPanel
            selection={selected?.name}
            noun="API source"
            actions={apiActions(selected, testing, {
              test: (source) => void testConnection(source),
              edit: (source) => void navigate(apiSourceEditPath(source.id)),
              remove: deletion.ask,
            })}
          />
        }
      >
        <ApiSourcesTable sources={sources} selection={selection} />
      </ListPanel>
      <DeleteConfirmation state={deletion} title={`Delete ${API_TEXTS.resourceType}`} message={(source) => deleteQuestion(source.name)} />
      {snackbar}
    </Box>
  );
}

type ApiHandlers = Record<'test' | 'edit' | 'remove', (source: ApiSource) => void>;

/** Spec 02 Actions: Test Connection, Edit, Delete on the selected row. */
function apiActions(source: ApiSource | undefined, testing: string | undefined, on: ApiHandlers): ListAction[] {
  const act = (handler: (source: ApiSource) => void) => () => source && handler(source);
  const running = source !== undefined && testing === source.id;
  const usedBy = source?.used_by_kbs ?? [];
  return [
    { label: 'Test Connection', icon: <NetworkCheckIcon />, variant: 'contained', hint: running ? 'Testing...' : 'Call the API once from the server with its saved settings', disabled: running, onClick: act(on.test) },
    { label: 'Edit', icon: <EditOutlinedIcon />, variant: 'outlined', hint: 'Edit', onClick: act(on.edit) },
    { label: 'Delete', icon: <DeleteOutlineIcon />, color: 'error', hint: usedBy.length > 0 ? inUseHint(usedBy) : 'Delete', disabled: usedBy.length > 0, onClick: act(on.remove) },
  ];
}
