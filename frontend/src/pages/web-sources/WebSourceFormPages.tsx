import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { TooltipAction } from '../../components/TooltipAction';
import { CrawlReportPanel } from './CrawlReportPanel';
import { deleteQuestion, EMPTY_WEB_SOURCE, inUseHint, valuesOf, WEB_SOURCES_LIST_PATH, WEB_TEXTS } from './web-source-rules';
import { WebSourceForm } from './WebSourceForm';
import type { WebListNotice } from './WebSourcesPage';
import { useWebSource, useWebSourceActions } from './useWebSources';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(WEB_SOURCES_LIST_PATH)} color="inherit">
      Back to Websites
    </Button>
  );
}

/** Spec 02 New Web Source (/data-sources/web/create): success 'Web source created successfully', then the list. */
export function CreateWebSourcePage() {
  const navigate = useNavigate();
  const actions = useWebSourceActions();
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title={WEB_TEXTS.newTitle} subtitle="A website whose pages are crawled and indexed." action={<BackButton />} />
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

  let body;
  if (!source) {
    body = stored.error ? (
      <ErrorAlert title={WEB_TEXTS.fetchOneFailed} error={stored.error} />
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading web source" />
      </Box>
    );
  } else {
    const inUse = source.used_by_kbs.length > 0;
    body = (
      <Stack spacing={3}>
        {deletion.error !== undefined && <ErrorAlert title={WEB_TEXTS.deleteFailed} error={deletion.error} onClose={deletion.clearError} />}
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
          extraActions={
            <TooltipAction title={inUse ? inUseHint(source.used_by_kbs) : 'Delete this web source'}>
              <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} disabled={inUse} onClick={deletion.ask}>
                Delete
              </Button>
            </TooltipAction>
          }
        />
        <CrawlReportPanel source={source} />
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title={WEB_TEXTS.editTitle} subtitle={source?.name} action={<BackButton />} />
      {body}
      <ConfirmDialog
        open={deletion.open}
        title={`Delete ${WEB_TEXTS.resourceType}`}
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
