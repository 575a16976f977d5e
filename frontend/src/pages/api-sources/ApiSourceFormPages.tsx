import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { TooltipAction } from '../../components/TooltipAction';
import { EMPTY_API_SOURCE, valuesOf } from './api-source-form';
import { API_SOURCES_LIST_PATH, API_TEXTS, apiSourceEditPath, deleteQuestion, inUseHint, outcomeOfServerTest } from './api-source-rules';
import { ApiSourceForm } from './ApiSourceForm';
import type { ApiListNotice } from './ApiSourcesPage';
import { useApiSource, useApiSourceActions } from './useApiSources';

/** What the create page hands the edit page after 'Create and test on the server'. */
interface EditArrival {
  testOnArrival?: boolean;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(API_SOURCES_LIST_PATH)} color="inherit">
      Back to APIs
    </Button>
  );
}

/** Spec 02 New API Source (/data-sources/api/create): success 'API source created successfully', then the list. */
export function CreateApiSourcePage() {
  const navigate = useNavigate();
  const actions = useApiSourceActions();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title={API_TEXTS.newTitle} subtitle="An API endpoint whose response records are indexed." action={<BackButton />} />
      <ApiSourceForm
        initial={EMPTY_API_SOURCE}
        submitLabel={API_TEXTS.createButton}
        busyLabel="Creating..."
        failureTitle={API_TEXTS.createFailed}
        onSubmit={async (body, options) => {
          const answer = await actions.create(body);
          // The browser could not make the call: the new source is tested by the server on its edit page.
          if (options.thenTestOnServer) await navigate(apiSourceEditPath(answer.apiSource.id), { state: { testOnArrival: true } satisfies EditArrival });
          else await navigate(API_SOURCES_LIST_PATH, { state: { notice: answer.message || API_TEXTS.created } satisfies ApiListNotice });
        }}
        onCancel={() => void navigate(API_SOURCES_LIST_PATH)}
      />
    </Box>
  );
}

/**
 * Spec 02 Edit API Source (/data-sources/api/{id}/edit): loads the source first; Save and Delete
 * return to the list with their success texts. Secrets arrive masked and are kept unless retyped.
 */
export function EditApiSourcePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const stored = useApiSource(id);
  const actions = useApiSourceActions();
  const { testOnArrival } = (location.state as EditArrival | null) ?? {};

  const source = stored.data?.apiSource;
  const deletion = useConfirmedDelete(
    async () => {
      if (!source) return;
      await actions.remove(source.id);
      await navigate(API_SOURCES_LIST_PATH, { state: { notice: API_TEXTS.deleted } satisfies ApiListNotice });
    },
    { closeOnFailure: true },
  );

  let body;
  if (!source) {
    body = stored.error ? (
      <ErrorAlert title={API_TEXTS.fetchOneFailed} error={stored.error} />
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading API source" />
      </Box>
    );
  } else {
    const usedBy = source.used_by_kbs ?? [];
    body = (
      <>
        {deletion.error !== undefined && <ErrorAlert title={API_TEXTS.deleteFailed} error={deletion.error} onClose={deletion.clearError} sx={{ mb: 2 }} />}
        <ApiSourceForm
          key={source.id}
          initial={valuesOf(source)}
          submitLabel={API_TEXTS.saveButton}
          busyLabel="Saving..."
          failureTitle={API_TEXTS.updateFailed}
          serverTest={async () => outcomeOfServerTest(await actions.test(source.id))}
          testOnArrival={testOnArrival}
          onSubmit={async (changes) => {
            const answer = await actions.update(source.id, changes);
            await navigate(API_SOURCES_LIST_PATH, { state: { notice: answer.message || API_TEXTS.updated } satisfies ApiListNotice });
          }}
          onCancel={() => void navigate(API_SOURCES_LIST_PATH)}
          extraActions={
            <TooltipAction title={usedBy.length > 0 ? inUseHint(usedBy) : 'Delete this API source'}>
              <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} disabled={usedBy.length > 0} onClick={deletion.ask}>
                Delete
              </Button>
            </TooltipAction>
          }
        />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title={API_TEXTS.editTitle} subtitle={source?.name} action={<BackButton />} />
      {body}
      <ConfirmDialog
        open={deletion.open}
        title={`Delete ${API_TEXTS.resourceType}`}
        message={deleteQuestion(source?.name ?? '')}
        confirmLabel={deletion.busy ? 'Deleting...' : 'Delete'}
        destructive
        busy={deletion.busy}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </Box>
  );
}
