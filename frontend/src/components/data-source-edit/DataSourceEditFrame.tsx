import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorAlert } from '../ErrorAlert';
import { PageHeader } from '../PageHeader';
import { TooltipAction } from '../TooltipAction';
import type { useConfirmedDelete } from '../useConfirmedDelete';

/** 'Back to Websites', 'Back to APIs': the header action of a data source's create and edit pages. */
export function BackToListButton({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(path)} color="inherit">
      {label}
    </Button>
  );
}

/** Delete, disabled with the knowledge bases that use the source named in its tooltip while any does (the server refuses it then too). */
export function InUseDeleteButton({ usedBy, inUseHint, idleHint, onClick }: { usedBy: ReadonlyArray<{ name: string }>; inUseHint: (usedBy: ReadonlyArray<{ name: string }>) => string; idleHint: string; onClick: () => void }) {
  const inUse = usedBy.length > 0;
  return (
    <TooltipAction title={inUse ? inUseHint(usedBy) : idleHint}>
      <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} disabled={inUse} onClick={onClick}>
        Delete
      </Button>
    </TooltipAction>
  );
}

interface DataSourceEditFrameProps {
  title: string;
  /** The source's name once loaded. */
  name: string | undefined;
  back: ReactNode;
  maxWidth: number;
  /** Whether the source has loaded; until then a spinner, or `loadError` under `loadFailedTitle`. */
  loaded: boolean;
  loadError: unknown;
  loadFailedTitle: string;
  loadingLabel: string;
  deletion: ReturnType<typeof useConfirmedDelete>;
  deleteFailedTitle: string;
  resourceType: string;
  deleteQuestion: (name: string) => string;
  /** The form and what goes with it, shown once the source has loaded. */
  children: ReactNode;
}

/**
 * The frame of a data source's edit page (websites, APIs): the header, the source loading or why it
 * could not, a failed delete above the form, and the delete confirmation.
 */
export function DataSourceEditFrame(props: DataSourceEditFrameProps) {
  const { deletion } = props;
  let body: ReactNode;
  if (!props.loaded) {
    body = props.loadError ? (
      <ErrorAlert title={props.loadFailedTitle} error={props.loadError} />
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={props.loadingLabel} />
      </Box>
    );
  } else {
    body = (
      <>
        {deletion.error !== undefined && <ErrorAlert title={props.deleteFailedTitle} error={deletion.error} onClose={deletion.clearError} sx={{ mb: 2 }} />}
        {props.children}
      </>
    );
  }
  return (
    <Box sx={{ maxWidth: props.maxWidth }}>
      <PageHeader title={props.title} subtitle={props.name} action={props.back} />
      {body}
      <ConfirmDialog
        open={deletion.open}
        title={`Delete ${props.resourceType}`}
        message={props.deleteQuestion(props.name ?? '')}
        confirmLabel={deletion.busy ? 'Deleting...' : 'Delete'}
        destructive
        busy={deletion.busy}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </Box>
  );
}
