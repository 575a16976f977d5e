import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, MenuItem, Paper, Radio, RadioGroup, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  CHUNK_SIZE_RANGE,
  DEFAULT_EMBEDDING_MODEL,
  EMBEDDING_MODEL_LABELS,
  EMBEDDING_MODELS,
  isLockedStatus,
  KNOWLEDGE_BASE_DESCRIPTION_MAX,
  KNOWLEDGE_BASE_FORM_MESSAGES,
  KNOWLEDGE_BASE_NAME_MAX,
  KNOWLEDGE_BASE_SOURCE_TYPES,
  knowledgeBaseFormProblems,
  OVERLAP_RANGE,
  type EmbeddingModel,
  type KnowledgeBaseSourceType,
} from '../../../../shared/rules/knowledge-base-form';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { TooltipAction } from '../../components/TooltipAction';
import { DeleteKnowledgeBaseDialog } from './DeleteKnowledgeBaseDialog';
import { FilePickerDialog } from './FilePickerDialog';
import { KnowledgeBaseStatusChip } from './KnowledgeBaseStatusChip';
import { inUseMessage, KB_MESSAGES, LOCKED_DETAIL, LOCKED_HINT, PICKER_TITLES, readDraft, SOURCE_TYPE_LABELS, toDraft } from './knowledge-base-rules';
import { useCanManageKnowledgeBases, type ListNotice } from './KnowledgeBasesPage';
import { SelectedSourcesList, type SelectedSourceRow } from './SelectedSourcesList';
import { SourceTablePickerDialog } from './SourceTablePickerDialog';
import { useKnowledgeBase, useKnowledgeBaseActions, useKnowledgeBaseUsage, type KnowledgeBaseCreateBody, type KnowledgeBaseUpdateBody } from './useKnowledgeBases';
import { useSourceLookup } from './useSourceLookup';
import type { KnowledgeBase, KnowledgeBaseDraft, SourceSummary } from './types';

const LIST_PATH = '/knowledge-bases';

type Mode = 'create' | 'clone' | 'edit';

interface FormValues {
  name: string;
  description: string;
  sourceType: KnowledgeBaseSourceType | '';
  embeddingModel: EmbeddingModel | '';
  /** As typed, so a cleared field stays empty instead of snapping to 0. */
  chunkSize: string;
  overlap: string;
  dataSourceIds: string[];
}

const EMPTY: FormValues = {
  name: '',
  description: '',
  sourceType: '',
  embeddingModel: DEFAULT_EMBEDDING_MODEL,
  chunkSize: String(CHUNK_SIZE_RANGE.default),
  overlap: String(OVERLAP_RANGE.default),
  dataSourceIds: [],
};

function fromDraft(draft: KnowledgeBaseDraft): FormValues {
  return {
    name: draft.name,
    description: draft.description ?? '',
    sourceType: (KNOWLEDGE_BASE_SOURCE_TYPES as readonly string[]).includes(draft.sourceType) ? draft.sourceType : '',
    embeddingModel: draft.embeddingModel ?? DEFAULT_EMBEDDING_MODEL,
    chunkSize: String(draft.chunkSize ?? CHUNK_SIZE_RANGE.default),
    overlap: String(draft.overlap ?? OVERLAP_RANGE.default),
    dataSourceIds: [...draft.dataSourceIds],
  };
}

/** The edit form starts from the stored values (the clone's ' (Clone)' suffix does not apply). */
const fromStored = (kb: KnowledgeBase): FormValues => ({ ...fromDraft(toDraft(kb)), name: kb.name });

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Spec 02 knowledge base form: /knowledge-bases/create (also for cloning) and /knowledge-bases/{id}/edit. */
export function KnowledgeBaseFormPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useKnowledgeBase(id);

  if (!id) {
    const draft = readDraft(location.state);
    return <KnowledgeBaseForm key={draft ? 'clone' : 'create'} mode={draft ? 'clone' : 'create'} initial={draft ? fromDraft(draft) : EMPTY} />;
  }
  if (!stored.data) {
    return (
      <Box>
        <PageHeader title="Edit Knowledge Base" />
        {stored.error ? (
          <ErrorAlert title={KB_MESSAGES.fetchOneFailed} error={stored.error} />
        ) : (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            Loading...
          </Typography>
        )}
        <Button sx={{ mt: 2 }} onClick={() => void navigate(LIST_PATH)}>
          Back to Knowledge Bases
        </Button>
      </Box>
    );
  }
  return <KnowledgeBaseForm key={id} mode="edit" initial={fromStored(stored.data)} stored={stored.data} />;
}

interface KnowledgeBaseFormProps {
  mode: Mode;
  initial: FormValues;
  /** Edit mode: the knowledge base as the server has it now (re-read while processing). */
  stored?: KnowledgeBase;
}

function KnowledgeBaseForm({ mode, initial, stored }: KnowledgeBaseFormProps) {
  const navigate = useNavigate();
  const canManage = useCanManageKnowledgeBases();
  const actions = useKnowledgeBaseActions();
  const usage = useKnowledgeBaseUsage(mode === 'edit' ? stored?.id : undefined);
  const [values, setValues] = useState<FormValues>(initial);
  /** What the pickers told us about sources chosen in this visit, so they show by name at once. */
  const [picked, setPicked] = useState<ReadonlyMap<string, SourceSummary>>(new Map());
  const [picker, setPicker] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());
  const [saveError, setSaveError] = useState<unknown>();
  const [deleting, setDeleting] = useState(false);
  // Set by the button that submitted: implicit submission (Enter) clicks the first one, plain Create.
  const deployAfterCreate = useRef(false);

  const editing = mode === 'edit';
  const locked = editing && stored !== undefined && isLockedStatus(stored.status);
  const readOnly = !canManage;
  const settingsDisabled = locked || readOnly || busy;
  const apis = values.sourceType === 'apis';

  const lookup = useSourceLookup(values.sourceType, values.dataSourceIds);
  const rows: SelectedSourceRow[] = values.dataSourceIds.map((sourceId) => {
    const summary = lookup.found.get(sourceId) ?? picked.get(sourceId);
    return { id: sourceId, summary, orphaned: !summary && lookup.orphaned.has(sourceId) };
  });
  const orphanedIds = rows.filter((row) => row.orphaned).map((row) => row.id);
  // Loading only matters for sources not known yet: a removal re-asks, but the rest still show by name.
  const sourcesLoading = lookup.loading && values.dataSourceIds.some((sourceId) => !lookup.found.has(sourceId) && !picked.has(sourceId));

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => setValues((before) => ({ ...before, [field]: value }));
  const changeType = (type: KnowledgeBaseSourceType) =>
    // Sources of one kind mean nothing for another: a new type starts with none.
    setValues((before) => (before.sourceType === type ? before : { ...before, sourceType: type, dataSourceIds: [] }));
  const removeSource = (sourceId: string) => set('dataSourceIds', values.dataSourceIds.filter((value) => value !== sourceId));
  const confirmPicked = (sources: SourceSummary[]) => {
    setPicked((before) => new Map([...before, ...sources.map((source) => [source.id, source] as const)]));
    set('dataSourceIds', sources.map((source) => source.id));
    setPicker(false);
  };

  const title = mode === 'edit' ? 'Edit Knowledge Base' : mode === 'clone' ? 'Clone Knowledge Base' : 'New Knowledge Base';
  const submitLabel = editing ? (busy ? 'Saving...' : 'Save') : busy ? 'Creating...' : 'Create Knowledge Base';
  const submitDisabled = readOnly || busy || values.sourceType === '' || values.dataSourceIds.length === 0 || sourcesLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitDisabled || values.sourceType === '') return;
    const found = knowledgeBaseFormProblems({ ...values, chunkSize: asNumber(values.chunkSize), overlap: asNumber(values.overlap) });
    // Locked: only name and description are sent, so only their problems count.
    const relevant = locked ? found.filter((problem) => problem.field === 'name' || problem.field === 'description') : found;
    // A new knowledge base cannot reference sources that are gone (contract §15.4); an edit may keep them (§15.5).
    const orphanProblems = editing ? [] : orphanedIds.map((sourceId) => ({ field: 'data_source_ids' as const, message: KNOWLEDGE_BASE_FORM_MESSAGES.invalidSourceId(sourceId) }));
    const all = [...relevant, ...orphanProblems];
    setSaveError(undefined);
    setProblems(all.map((problem) => problem.message));
    setInvalidFields(new Set(all.map((problem) => problem.field)));
    if (all.length > 0) return;

    const name = values.name.trim();
    const description = values.description.trim();
    const settings = apis ? {} : { embedding_model: values.embeddingModel, chunk_size: asNumber(values.chunkSize), overlap: asNumber(values.overlap) };
    setBusy(true);
    try {
      let notice: string;
      if (editing && stored) {
        const body: KnowledgeBaseUpdateBody = locked ? { name, description } : { name, description, ...settings, data_source_ids: values.dataSourceIds };
        await actions.update(stored.id, body);
        notice = KB_MESSAGES.updated;
      } else {
        const body: KnowledgeBaseCreateBody = { name, description, source_type: values.sourceType, ...settings, data_source_ids: values.dataSourceIds };
        const created = await actions.create(body);
        notice = mode === 'clone' ? KB_MESSAGES.cloned : KB_MESSAGES.created;
        if (deployAfterCreate.current) {
          // The knowledge base exists whatever the deploy answers: a refusal is reported on the list,
          // where the draft can be deployed again, never as a failed create that invites a duplicate.
          try {
            const answer = await actions.deploy(created.id);
            notice = `${notice}. ${answer.message || KB_MESSAGES.deployStarted}`;
          } catch (error) {
            await navigate(LIST_PATH, { state: { notice, deployFailure: { name: created.name, reason: errorMessage(error, '') } } satisfies ListNotice });
            return;
          }
        }
      }
      await navigate(LIST_PATH, { state: { notice } satisfies ListNotice });
    } catch (error) {
      setSaveError(error);
      setInvalidFields(new Set(Object.keys(fieldErrors(error))));
      setBusy(false);
    }
  };

  const inUse = usage.data?.isInUse && !usage.error ? usage.data.applications : undefined;
  const deleteHint = inUse ? inUseMessage(inUse) : stored?.status === 'processing' ? KB_MESSAGES.deleteWhileProcessing : 'Delete this knowledge base';
  const chosenType = values.sourceType;
  const pickerInitial = rows.map((row) => row.summary ?? { id: row.id, name: row.orphaned ? `Orphaned Source (${row.id})` : row.id });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
      <PageHeader title={title} subtitle={editing && stored ? undefined : 'Build a searchable index from files, websites or APIs.'} action={editing && stored ? <KnowledgeBaseStatusChip kb={stored} /> : undefined} />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {KB_MESSAGES.adminOnly}.
        </Alert>
      )}
      {locked && stored && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="kb-locked"
          action={
            canManage ? (
              <Button color="inherit" size="small" onClick={() => void navigate('/knowledge-bases/create', { state: { clone: toDraft(stored) } })}>
                Clone
              </Button>
            ) : undefined
          }
        >
          <strong>{LOCKED_HINT}.</strong> {LOCKED_DETAIL}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblems([])} data-testid="kb-form-problems">
          <span style={{ whiteSpace: 'pre-line' }}>{problems.join('\n')}</span>
        </Alert>
      )}
      {saveError !== undefined && <ErrorAlert title={KB_MESSAGES.saveFailed} error={saveError} onClose={() => setSaveError(undefined)} sx={{ mb: 2 }} />}

      <Stack spacing={2.5}>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            1. Information
          </Typography>
          <Stack spacing={2}>
            <TextField
              label="Name"
              required
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              disabled={readOnly || busy}
              error={invalidFields.has('name')}
              slotProps={{ htmlInput: { maxLength: KNOWLEDGE_BASE_NAME_MAX } }}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              disabled={readOnly || busy}
              error={invalidFields.has('description')}
              slotProps={{ htmlInput: { maxLength: KNOWLEDGE_BASE_DESCRIPTION_MAX } }}
            />
          </Stack>
        </Paper>

        <Tooltip title={locked ? LOCKED_HINT : ''} placement="top-start">
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <FormControl error={invalidFields.has('source_type')} disabled={editing || readOnly || busy}>
              <FormLabel id="kb-source-type-label" sx={{ mb: 1 }}>
                <Typography variant="h6" component="h2" color="text.primary">
                  2. Data source type
                </Typography>
              </FormLabel>
              <RadioGroup row aria-labelledby="kb-source-type-label" value={values.sourceType} onChange={(event) => changeType(event.target.value as KnowledgeBaseSourceType)}>
                {KNOWLEDGE_BASE_SOURCE_TYPES.map((type) => (
                  <FormControlLabel key={type} value={type} control={<Radio />} label={SOURCE_TYPE_LABELS[type]} />
                ))}
              </RadioGroup>
              {editing && (
                <Typography variant="caption" color="text.secondary">
                  The source type cannot be changed after creation.
                </Typography>
              )}
            </FormControl>
          </Paper>
        </Tooltip>

        <Tooltip title={locked ? LOCKED_HINT : ''} placement="top-start">
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2">
                3. Data sources
              </Typography>
              {chosenType && (
                <Button variant="outlined" disabled={settingsDisabled} onClick={() => setPicker(true)}>
                  {PICKER_TITLES[chosenType]}
                </Button>
              )}
            </Stack>
            {invalidFields.has('data_source_ids') && (
              <Typography variant="caption" color="error" component="p" sx={{ mb: 1 }}>
                {KNOWLEDGE_BASE_FORM_MESSAGES.sourcesRequired}
              </Typography>
            )}
            {lookup.error !== undefined && values.dataSourceIds.length > 0 && (
              <Alert severity="info" sx={{ mb: 1 }}>
                The selected sources could not be looked up ({(lookup.error as Error).message || 'unavailable'}); they are listed by ID.
              </Alert>
            )}
            {sourcesLoading ? (
              <Typography variant="body2" color="text.secondary">
                Loading sources...
              </Typography>
            ) : (
              <SelectedSourcesList rows={rows} disabled={settingsDisabled} onRemove={removeSource} emptyText={chosenType ? 'No sources selected yet.' : 'Choose a data source type first.'} />
            )}
          </Paper>
        </Tooltip>

        {!apis && (
          <Tooltip title={locked ? LOCKED_HINT : ''} placement="top-start">
            <Paper variant="outlined" sx={{ p: 2.5 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                4. Processing settings
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label="Embedding model"
                  value={values.embeddingModel}
                  onChange={(event) => set('embeddingModel', event.target.value as EmbeddingModel)}
                  disabled={settingsDisabled}
                  error={invalidFields.has('embedding_model')}
                  sx={{ minWidth: 240 }}
                >
                  {EMBEDDING_MODELS.map((model) => (
                    <MenuItem key={model} value={model}>
                      {EMBEDDING_MODEL_LABELS[model]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Chunk size"
                  type="number"
                  value={values.chunkSize}
                  onChange={(event) => set('chunkSize', event.target.value)}
                  disabled={settingsDisabled}
                  error={invalidFields.has('chunk_size')}
                  helperText={`${CHUNK_SIZE_RANGE.min}–${CHUNK_SIZE_RANGE.max} characters`}
                  slotProps={{ htmlInput: { min: CHUNK_SIZE_RANGE.min, max: CHUNK_SIZE_RANGE.max, step: 50 } }}
                />
                <TextField
                  label="Overlap"
                  type="number"
                  value={values.overlap}
                  onChange={(event) => set('overlap', event.target.value)}
                  disabled={settingsDisabled}
                  error={invalidFields.has('overlap')}
                  helperText={`${OVERLAP_RANGE.min}–${OVERLAP_RANGE.max} characters`}
                  slotProps={{ htmlInput: { min: OVERLAP_RANGE.min, max: OVERLAP_RANGE.max, step: 10 } }}
                />
              </Stack>
            </Paper>
          </Tooltip>
        )}

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Box>
            {editing && stored && canManage && (
              <TooltipAction title={deleteHint}>
                <Button color="error" variant="outlined" disabled={busy || Boolean(inUse) || stored.status === 'processing'} onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              </TooltipAction>
            )}
          </Box>
          <Stack direction="row" spacing={1.5}>
            <Button color="inherit" disabled={busy} onClick={() => void navigate(LIST_PATH)}>
              Cancel
            </Button>
            {!readOnly && (
              <Button type="submit" variant={editing ? 'contained' : 'outlined'} disabled={submitDisabled} onClick={() => (deployAfterCreate.current = false)}>
                {submitLabel}
              </Button>
            )}
            {!readOnly && !editing && (
              // A new knowledge base is a draft nobody can chat with until deployed (issue 21).
              <Button type="submit" variant="contained" disabled={submitDisabled} onClick={() => (deployAfterCreate.current = true)}>
                Create and deploy
              </Button>
            )}
          </Stack>
        </Stack>
      </Stack>

      {picker && chosenType === 'files' && <FilePickerDialog initial={pickerInitial} onClose={() => setPicker(false)} onConfirm={confirmPicked} />}
      {picker && (chosenType === 'websites' || chosenType === 'apis') && <SourceTablePickerDialog type={chosenType} initial={pickerInitial} onClose={() => setPicker(false)} onConfirm={confirmPicked} />}
      {deleting && stored && (
        <DeleteKnowledgeBaseDialog
          kb={stored}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(LIST_PATH, { state: { notice: KB_MESSAGES.deleted } satisfies ListNotice })}
        />
      )}
    </Box>
  );
}
