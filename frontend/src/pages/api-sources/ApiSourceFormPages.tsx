import { Box } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { BackToListButton, DataSourceEditFrame, InUseDeleteButton } from '../../components/data-source-edit/DataSourceEditFrame';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageHeader } from '../../components/PageHeader';
import { EMPTY_API_SOURCE, valuesOf } from './api-source-form';
import { API_SOURCES_LIST_PATH, API_TEXTS, apiSourceEditPath, deleteQuestion, inUseHint, outcomeOfServerTest } from './api-source-rules';
import { ApiSourceForm } from './ApiSourceForm';
import type { ApiListNotice } from './ApiSourcesPage';
import { useApiSource, useApiSourceActions } from './useApiSources';

/** What the create page hands the edit page after 'Create and test on the server'. */
interface EditArrival {
  testOnArrival?: boolean;
}

function BackToApis() {
  return <BackToListButton path={API_SOURCES_LIST_PATH} label="Back to APIs" />;
}

/** Spec 02 New API Source (/data-sources/api/create): success 'API source created successfully', then the list. */
export function CreateApiSourcePage() {
  const navigate = useNavigate();
  const actions = useApiSourceActions();
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title={API_TEXTS.newTitle} subtitle="An API endpoint whose response records are indexed." action={<BackToApis />} />
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

  return (
    <DataSourceEditFrame
      title={API_TEXTS.editTitle}
      name={source?.name}
      back={<BackToApis />}
      maxWidth={1000}
      loaded={source !== undefined}
      loadError={stored.error}
      loadFailedTitle={API_TEXTS.fetchOneFailed}
      loadingLabel="Loading API source"
      deletion={deletion}
      deleteFailedTitle={API_TEXTS.deleteFailed}
      resourceType={API_TEXTS.resourceType}
      deleteQuestion={deleteQuestion}
    >
      {source && (
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
          extraActions={<InUseDeleteButton usedBy={source.used_by_kbs ?? []} inUseHint={inUseHint} idleHint="Delete this API source" onClick={deletion.ask} />}
        />
      )}
    </DataSourceEditFrame>
  );
}
