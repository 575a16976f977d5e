import { Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CRAWL_DEPTH, CRAWL_FREQUENCIES, type CreateWebSourceRequest } from '../../../../shared/api/schemas/web-sources';
import { fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { serverFieldErrors, validateWebSource, type WebSourceField, type WebSourceFormErrors, type WebSourceFormValues } from './web-source-rules';

const FREQUENCY_LABELS: Record<(typeof CRAWL_FREQUENCIES)[number], string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

interface WebSourceFormProps {
  initial: WebSourceFormValues;
  /** 'Create Web Source' or 'Save'. */
  submitLabel: string;
  busyLabel: string;
  /** Throws on failure: a 400's details show beside their fields, the rest above the form. */
  onSubmit: (body: CreateWebSourceRequest) => Promise<void>;
  onCancel: () => void;
  /** The alert title of a failed save (spec 02 §8: 'Failed to add website', 'Failed to update web source'). */
  failureTitle: string;
  /** The edit page's Delete button, on the left of the button row. */
  extraActions?: ReactNode;
}

/**
 * Spec 02 New and Edit Web Source: name, Website URL, description, crawl frequency, crawl depth and
 * sitemap URL, judged by the contract's own schema before sending (§5 "Web source form").
 */
export function WebSourceForm({ initial, submitLabel, busyLabel, onSubmit, onCancel, failureTitle, extraActions }: WebSourceFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WebSourceFormErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const set = (field: WebSourceField, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    // The field changed since it was judged: its message no longer applies.
    setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const judged = validateWebSource(values);
    setFailure(undefined);
    if (judged.errors) {
      setErrors(judged.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(judged.body);
    } catch (error) {
      const byField = serverFieldErrors(fieldErrors(error));
      setErrors(byField);
      // Beside its field is enough for a field's message; anything else shows above the form.
      if (Object.keys(byField).length === 0) setFailure(error);
      setBusy(false);
    }
  };

  const field = (name: WebSourceField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: busy,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Web source">
      {failure !== undefined && <ErrorAlert title={failureTitle} error={failure} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <TextField label="Name" required {...field('name')} />
          <TextField label="Website URL" required type="url" placeholder="https://docs.example.com/" {...field('url')} helperText={errors.url ?? 'The crawl starts here and stays on this host.'} />
          <TextField label="Description" multiline minRows={2} {...field('description')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Crawl frequency" required {...field('crawl_frequency')}>
              {CRAWL_FREQUENCIES.map((frequency) => (
                <MenuItem key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Crawl depth"
              type="number"
              required
              {...field('crawl_depth')}
              helperText={errors.crawl_depth ?? `${CRAWL_DEPTH.min} is the start page only; up to ${CRAWL_DEPTH.max} links away.`}
              slotProps={{ htmlInput: { min: CRAWL_DEPTH.min, max: CRAWL_DEPTH.max, step: 1 } }}
            />
          </Stack>
          <TextField label="Sitemap URL" type="url" placeholder="https://docs.example.com/sitemap.xml" {...field('sitemap_url')} helperText={errors.sitemap_url ?? 'Optional: its pages on the same host are crawled too.'} />
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1.5} sx={{ mt: 2.5, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
        <Box>{extraActions}</Box>
        <Stack direction="row" spacing={1.5}>
          <Button color="inherit" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
