import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { satisfiesRoleWord } from '../../../../shared/auth/roles';
import { DEFAULT_LLM_MODEL } from '../../../../shared/rules/chat';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../auth/SessionProvider';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useNotifier } from '../../components/useNotifier';
import { ApplicationForm, type ApplicationFormValues } from './ApplicationForm';
import { integrationsFormOf, integrationsPayload } from './integration-form';
import type { ListNotice } from './RagApplicationsPage';
import { TypedDeleteDialog } from './TypedDeleteDialog';
import type { RagApplication } from './types';
import { useApplication, useApplicationActions, type ApplicationInput } from './useRagApplications';

export const LIST_PATH = '/rag-applications';
/** Spec 03 §8: the create failure when the server gives no message. */
export const CREATE_FALLBACK_ERROR = 'An error occurred';

function inputOf(values: ApplicationFormValues): ApplicationInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    llmModel: values.llmModel,
    indexIds: values.knowledgeBases.map((kb) => kb.id),
    integrations: integrationsPayload(values.integrations),
  };
}

function valuesOf(application: RagApplication): ApplicationFormValues {
  // An index id whose knowledge base is gone has no entry in `knowledge_bases`; saving drops it.
  return {
    name: application.name,
    description: application.description ?? '',
    llmModel: application.llm_model,
    knowledgeBases: application.knowledge_bases.map((kb) => ({ ...kb, description: kb.description ?? '' })),
    integrations: integrationsFormOf(application.integrations),
  };
}

const EMPTY_VALUES: ApplicationFormValues = {
  name: '',
  description: '',
  llmModel: DEFAULT_LLM_MODEL,
  knowledgeBases: [],
  integrations: integrationsFormOf([]),
};

/**
 * Contract §25 item 23: authoring is admin-only. The guard already sends others back to the list;
 * this covers a role change while the page is open.
 */
function useIsAdmin(): boolean | undefined {
  const { user } = useSession();
  return user ? satisfiesRoleWord('admin', { role: user.role, isSystemOrg: user.isSystemOrg }) : undefined;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(LIST_PATH)} color="inherit">
      Back to applications
    </Button>
  );
}

const notAllowed = <Alert severity="warning">Only administrators can create or change applications.</Alert>;

/** Spec 03: /rag-applications/create, "New RAG Application"; success returns to the list. */
export function CreateRagApplicationPage() {
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const actions = useApplicationActions();
  const { notify, snackbar } = useNotifier();
  if (admin === undefined) return null;

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title="New RAG Application" subtitle="Answer questions from your knowledge bases with a language model." action={<BackButton />} />
      {admin ? (
        <ApplicationForm
          initial={EMPTY_VALUES}
          submitLabel="Create Application"
          onSubmit={async (values) => {
            await actions.create(inputOf(values), values.knowledgeBases.map((kb) => ({ id: kb.id, name: kb.name })));
            navigate(LIST_PATH, { state: { notice: 'Application created successfully' } satisfies ListNotice });
          }}
          onCancel={() => navigate(LIST_PATH)}
          renderFailure={(error, dismiss) => <ErrorAlert title={errorMessage(error, CREATE_FALLBACK_ERROR)} error={error} onClose={dismiss} />}
          onNotify={notify}
        />
      ) : (
        notAllowed
      )}
      {snackbar}
    </Box>
  );
}

/** Spec 03: /rag-applications/{id}/edit, "Edit RAG Application"; save or delete returns to the list. */
export function EditRagApplicationPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const application = useApplication(admin ? id : undefined);
  const actions = useApplicationActions();
  const { notify, snackbar } = useNotifier();
  const deletion = useConfirmedDelete(async () => {
    if (!id) return;
    await actions.remove(id);
    navigate(LIST_PATH, { state: { notice: 'Application deleted successfully' } satisfies ListNotice });
  });
  if (admin === undefined) return null;

  let body;
  if (!admin) body = notAllowed;
  else if (application.error) body = <ErrorAlert title="Failed to fetch application details" error={application.error} />;
  else if (!application.data) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading application" />
      </Box>
    );
  } else {
    const current = application.data;
    body = (
      <ApplicationForm
        // A reload from the server (another tab saved) starts the form again from its answer.
        key={current.updated_at ?? current.id}
        initial={valuesOf(current)}
        submitLabel="Save Changes"
        onSubmit={async (values) => {
          await actions.update(current.id, inputOf(values));
          navigate(LIST_PATH, { state: { notice: 'Application updated successfully' } satisfies ListNotice });
        }}
        onCancel={() => navigate(LIST_PATH)}
        renderFailure={(error, dismiss) => <ErrorAlert title="Failed to update application" error={error} onClose={dismiss} />}
        onNotify={notify}
        extraActions={
          <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={deletion.ask}>
            Delete Application
          </Button>
        }
      />
    );
  }

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title="Edit RAG Application" subtitle={application.data?.name} action={<BackButton />} />
      {body}
      <TypedDeleteDialog
        open={deletion.open}
        resourceType="RAG Application"
        message={`This permanently deletes "${application.data?.name ?? ''}", its integrations and API token, and every chat held with it.`}
        busy={deletion.busy}
        error={deletion.error !== undefined ? <ErrorAlert title="Failed to delete application" error={deletion.error} onClose={deletion.clearError} /> : undefined}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
      {snackbar}
    </Box>
  );
}
