import { Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { APPLICATION_FORM_MESSAGES } from '../../../../shared/rules/application-form';
import { LLM_MODEL_LABELS, LLM_MODELS } from '../../../../shared/rules/chat';
import { FIELD_MESSAGES } from '../../../../shared/rules/fields';
import { fieldErrors } from '../../api/errors';
import { OFFLINE_MODEL_NOTE, useOfflineModels } from '../../config/model-mode';
import { ApiIntegrationSection } from './ApiIntegrationSection';
import { apiIntegrationErrors, hasErrors, slackIntegrationErrors, type ApiFieldErrors, type IntegrationsForm } from './integration-form';
import { KnowledgeBaseSelection } from './KnowledgeBaseSelection';
import { SlackIntegrationDialog } from './SlackIntegrationDialog';
import type { KnowledgeBaseOption } from './types';

const NAME_MAX = 255;
const DESCRIPTION_MAX = 1000;

export interface ApplicationFormValues {
  name: string;
  description: string;
  llmModel: string;
  knowledgeBases: KnowledgeBaseOption[];
  integrations: IntegrationsForm;
}

type FieldName = 'name' | 'description' | 'llmModel' | 'indexIds';

interface ApplicationFormProps {
  initial: ApplicationFormValues;
  submitLabel: string;
  /** Throws on failure; the server's field details are shown beside their fields. */
  onSubmit: (values: ApplicationFormValues) => Promise<void>;
  onCancel: () => void;
  /** The failure alert (its text differs between create and edit). */
  renderFailure: (error: unknown, dismiss: () => void) => ReactNode;
  onNotify: (message: string, severity?: 'success' | 'error') => void;
  /** Extra actions on the left of the button row (the edit page's Delete). */
  extraActions?: ReactNode;
}

function clientErrors(values: ApplicationFormValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.name.trim()) errors.name = FIELD_MESSAGES.nameRequired;
  if (!values.llmModel) errors.llmModel = APPLICATION_FORM_MESSAGES.llmModelRequired;
  if (values.knowledgeBases.length === 0) errors.indexIds = APPLICATION_FORM_MESSAGES.indexIdsRequired;
  return errors;
}

/** The server's `integrations.api.*` details as the API section's field errors. */
function serverApiErrors(details: Record<string, string>): ApiFieldErrors {
  const errors: ApiFieldErrors = {};
  for (const field of ['token', 'rateLimit', 'allowedOrigins'] as const) {
    const message = details[`integrations.api.${field}`];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * Spec 03 "RAG application forms": name, description, model, knowledge bases and integrations.
 * Name and model are required and at least one knowledge base must be chosen (submit stays disabled
 * without one); description is optional.
 */
export function ApplicationForm({ initial, submitLabel, onSubmit, onCancel, renderFailure, onNotify, extraActions }: ApplicationFormProps) {
  const [values, setValues] = useState(initial);
  const offline = useOfflineModels();
  const [touched, setTouched] = useState(false);
  // The knowledge-base message waits for the picker: shown on an untouched new form it reads as a
  // mistake the admin has not made yet (issue 21).
  const [pickerTouched, setPickerTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [slackOpen, setSlackOpen] = useState(false);

  const set = (patch: Partial<ApplicationFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A field changed since the server answered: its message no longer applies.
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key === 'knowledgeBases' ? 'indexIds' : key];
      if ('integrations' in patch) for (const key of Object.keys(next)) if (key.startsWith('integrations')) delete next[key];
      return next;
    });
  };

  const errors = clientErrors(values);
  const apiErrors = { ...serverApiErrors(serverErrors), ...(values.integrations.api.enabled || values.integrations.api.existed ? apiIntegrationErrors(values.integrations.api) : {}) };
  const slackErrors = slackIntegrationErrors(values.integrations.slack);
  const shown = (field: FieldName) => serverErrors[field] ?? (touched || (field === 'indexIds' && pickerTouched) ? errors[field] : undefined);
  const noKnowledgeBase = values.knowledgeBases.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(errors) || hasErrors(apiIntegrationErrors(values.integrations.api)) || hasErrors(slackErrors)) return;
    setBusy(true);
    setFailure(undefined);
    setServerErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      setServerErrors(fieldErrors(error));
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const slack = values.integrations.slack;
  const slackServerError = Object.entries(serverErrors).find(([field]) => field.startsWith('integrations.slack'))?.[1];

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="RAG application">
      <Stack spacing={3}>
        {failure !== undefined && renderFailure(failure, () => setFailure(undefined))}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Details
            </Typography>
            <TextField
              label="Name"
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
              onBlur={() => values.name.trim() === '' && setTouched(true)}
              required
              fullWidth
              disabled={busy}
              error={Boolean(shown('name'))}
              helperText={shown('name')}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <TextField
              label="Description"
              value={values.description}
              onChange={(event) => set({ description: event.target.value })}
              fullWidth
              multiline
              minRows={3}
              disabled={busy}
              error={Boolean(serverErrors.description)}
              helperText={serverErrors.description ?? `${values.description.length}/${DESCRIPTION_MAX}`}
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            />
            <TextField
              select
              label="LLM Model"
              value={values.llmModel}
              onChange={(event) => set({ llmModel: event.target.value })}
              required
              fullWidth
              disabled={busy}
              error={Boolean(shown('llmModel'))}
              helperText={shown('llmModel') ?? (offline ? `The language model that writes the answers once one is configured. ${OFFLINE_MODEL_NOTE}.` : 'The language model that writes the answers.')}
            >
              {LLM_MODELS.map((model) => (
                <MenuItem key={model} value={model}>
                  {LLM_MODEL_LABELS[model]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <KnowledgeBaseSelection selected={values.knowledgeBases} onChange={(knowledgeBases) => set({ knowledgeBases })} error={shown('indexIds')} disabled={busy} onNotify={onNotify} onTouched={() => setPickerTouched(true)} />
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Integrations
            </Typography>
            <ApiIntegrationSection
              value={values.integrations.api}
              errors={apiErrors}
              disabled={busy}
              onChange={(api) => set({ integrations: { ...values.integrations, api } })}
            />
            <Paper variant="outlined" component="section" aria-label="Slack integration" sx={{ p: 2 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Box>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      Slack
                    </Typography>
                    <Chip size="small" label={slack.enabled ? 'Enabled' : slack.existed ? 'Disabled' : 'Not configured'} color={slack.enabled ? 'success' : 'default'} variant="outlined" data-testid="slack-state" />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {slack.channels ? `Answers are also posted to ${slack.channels}.` : 'Answer questions from Slack and post chat answers to channels.'}
                  </Typography>
                  {(slackServerError || hasErrors(slackErrors)) && (
                    <Typography variant="body2" color="error" data-testid="slack-error">
                      {slackServerError ?? Object.values(slackErrors)[0]}
                    </Typography>
                  )}
                </Box>
                <Button variant="outlined" onClick={() => setSlackOpen(true)} disabled={busy}>
                  Configure Slack
                </Button>
              </Stack>
            </Paper>
          </Stack>
        </Paper>

        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
          <Box>{extraActions}</Box>
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
            <Button onClick={onCancel} disabled={busy} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || noKnowledgeBase}>
              {busy ? 'Saving...' : submitLabel}
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <SlackIntegrationDialog
        open={slackOpen}
        value={slack}
        onClose={() => setSlackOpen(false)}
        onApply={(next) => {
          set({ integrations: { ...values.integrations, slack: next } });
          setSlackOpen(false);
        }}
      />
    </Box>
  );
}
