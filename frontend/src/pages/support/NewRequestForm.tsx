import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { SUPPORT_MESSAGES } from '../../../../shared/api/schemas/support';
import { errorMessage } from '../../api/errors';
import { addAttachments } from './attachment-choice';
import { useSupportActions } from './useSupport';

const ACCEPT = '.png,.jpg,.jpeg,.pdf,.txt,.csv,.xls,image/png,image/jpeg,application/pdf,text/plain,text/csv,application/vnd.ms-excel';

/** Spec 03 Support page, New Request tab: subject, description, up to five attachments of 10 MB. */
export function NewRequestForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const { submit } = useSupportActions();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [problems, setProblems] = useState<{ subject?: string; description?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);

  const choose = (chosen: FileList | null) => {
    const result = addAttachments(files, Array.from(chosen ?? []));
    setFiles(result.files);
    setFileError(result.error);
    if (picker.current) picker.current.value = '';
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(subject.trim() ? {} : { subject: SUPPORT_MESSAGES.subjectRequired }),
      ...(description.trim() ? {} : { description: SUPPORT_MESSAGES.descriptionRequired }),
    };
    setProblems(found);
    setSuccess(undefined);
    setFailure(undefined);
    if (found.subject || found.description) return;
    setSubmitting(true);
    try {
      const answer = await submit({ subject: subject.trim(), description: description.trim(), files });
      setSuccess(answer.message || SUPPORT_MESSAGES.created);
      setSubject('');
      setDescription('');
      setFiles([]);
      setFileError(undefined);
      onSubmitted?.();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to submit support request'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={send} noValidate data-testid="support-form" sx={{ maxWidth: 720 }}>
      <Stack spacing={2}>
        {success && (
          <Alert severity="success" onClose={() => setSuccess(undefined)} data-testid="support-success">
            {success}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" onClose={() => setFailure(undefined)} data-testid="support-failure">
            {failure}
          </Alert>
        )}
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          disabled={submitting}
          required
          error={Boolean(problems.subject)}
          helperText={problems.subject}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'support-subject' } }}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={submitting}
          required
          multiline
          minRows={5}
          error={Boolean(problems.description)}
          helperText={problems.description}
          slotProps={{ htmlInput: { maxLength: 10000, 'data-testid': 'support-description' } }}
        />
        <Box>
          <input ref={picker} type="file" multiple hidden accept={ACCEPT} onChange={(event) => choose(event.target.files)} data-testid="support-files" />
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => picker.current?.click()} disabled={submitting}>
            Attach files
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Up to 5 files, 10 MB each: PNG, JPEG, PDF, text, CSV or Excel.
          </Typography>
          {fileError && (
            <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setFileError(undefined)} data-testid="support-file-error">
              {fileError}
            </Alert>
          )}
          {files.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              {files.map((file, index) => (
                <Chip
                  key={`${file.name}-${index}`}
                  label={file.name}
                  onDelete={submitting ? undefined : () => setFiles(files.filter((_, other) => other !== index))}
                  data-testid="support-attachment"
                />
              ))}
            </Stack>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={submitting} startIcon={submitting ? <CircularProgress size={16} /> : undefined} data-testid="support-submit">
            Submit Request
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
