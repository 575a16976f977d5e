import { Box, Stack } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { BackToListButton, DataSourceEditFrame, InUseDeleteButton } from '../../components/data-source-edit/DataSourceEditFrame';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageHeader } from '../../components/PageHeader';
import { CrawlReportPanel } from './CrawlReportPanel';
import { deleteQuestion, EMPTY_WEB_SOURCE, inUseHint, valuesOf, WEB_SOURCES_LIST_PATH, WEB_TEXTS } from './web-source-rules';
import { WebSourceForm } from './WebSourceForm';
import type { WebListNotice } from './WebSourcesPage';
import { useWebSource, useWebSourceActions } from './useWebSources';

function BackToWebsites() {
  return <BackToListButton path={WEB_SOURCES_LIST_PATH} label="Back to Websites" />;
}

/** Spec 02 New Web Source (/data-sources/web/create): success 'Web source created successfully', then the list. */
export function CreateWebSourcePage() {
  const navigate = useNavigate();
  const actions = useWebSourceActions();
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title={WEB_TEXTS.newTitle} subtitle="A website whose pages are crawled and indexed." action={<BackToWebsites />} />
      <WebSourceForm
        initial={EMPTY_WEB_SOURCE}
        submitLabel={WEB_TEXTS.createButton}
        busyLabel="Creating..."
        failureTitle={WEB_TEXTS.createFailed}
        onSubmit={async (body) => {
          const answer = await actions.create(body);
          await navigate(WEB_SOURCES_LIST_PATH, { state: { notice: answer.message || WEB_TEXTS.created } satisfies WebListNotice });
        }}
        onCancel={() => void navigate(WEB_SOURCES_LIST_PATH)}
      />
    </Box>
  );
}

/**
 * Spec 02 Edit Web Source (/data-sources/web/{id}/edit): loads the source first; Save and Delete return
 * to the list with their success texts. Below the form, the last crawl's report (re-read while crawling).
 */
export function EditWebSourcePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const stored = useWebSource(id);
  const actions = useWebSourceActions();
  const source = stored.data?.webSource;
  const deletion = useConfirmedDelete(
    async () => {
      if (!source) return;
      await actions.remove(source.id);
      await navigate(WEB_SOURCES_LIST_PATH, { state: { notice: WEB_TEXTS.deleted } satisfies WebListNotice });
    },
    { closeOnFailure: true },
  );

  return (
    <DataSourceEditFrame
      title={WEB_TEXTS.editTitle}
      name={source?.name}
      back={<BackToWebsites />}
      maxWidth={900}
      loaded={source !== undefined}
      loadError={stored.error}
      loadFailedTitle={WEB_TEXTS.fetchOneFailed}
      loadingLabel="Loading web source"
      deletion={deletion}
      deleteFailedTitle={WEB_TEXTS.deleteFailed}
      resourceType={WEB_TEXTS.resourceType}
      deleteQuestion={deleteQuestion}
    >
      {source && (
        <Stack spacing={3}>
          <WebSourceForm
            // The crawl's re-reads must not reset what is being typed: the form starts once per source.
            key={source.id}
            initial={valuesOf(source)}
            submitLabel={WEB_TEXTS.saveButton}
            busyLabel="Saving..."
            failureTitle={WEB_TEXTS.updateFailed}
            onSubmit={async (changes) => {
              const answer = await actions.update(source.id, changes);
              await navigate(WEB_SOURCES_LIST_PATH, { state: { notice: answer.message || WEB_TEXTS.updated } satisfies WebListNotice });
            }}
            onCancel={() => void navigate(WEB_SOURCES_LIST_PATH)}
            extraActions={<InUseDeleteButton usedBy={source.used_by_kbs} inUseHint={inUseHint} idleHint="Delete this web source" onClick={deletion.ask} />}
          />
          <CrawlReportPanel source={source} />
        </Stack>
      )}
    </DataSourceEditFrame>
  );
}
