import FileOpenOutlinedIcon from '@mui/icons-material/FileOpenOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import {
  canSave,
  canTestConnection,
  EMPTY_FORM,
  formFromCredentials,
  isMaskedSecret,
  LOAD_FAILED,
  parseCredentialsFile,
  SAVE_FAILED,
  TEST_FAILED,
  TEST_NETWORK_ERROR,
  TEST_SUCCESS,
  type StorageForm,
} from './storage-credentials';
import { useStorageCredentials } from './useStorageCredentials';

interface StorageSettingsDialogProps {
  open: boolean;
  userId: string | undefined;
  onClose: () => void;
  onSaved: () => void;
}

type TestResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Spec 02 object-storage settings dialog (contract §11): the caller's own S3-compatible bucket for new
 * uploads. The stored secret never comes back in clear; its masked form is kept in the field and sent
 * back as is, which the server reads as "keep the stored secret".
 */
export function StorageSettingsDialog({ open, userId, onClose, onSaved }: StorageSettingsDialogProps) {
  const credentials = useStorageCredentials(userId, open);
  const [form, setForm] = useState<StorageForm>(EMPTY_FORM);
  const [showSecret, setShowSecret] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const fileInput = useRef<HTMLInputElement>(null);
  const loadedFor = useRef<unknown>(undefined);

  // Fill the form once per opening, from what the server holds; later revalidations must not wipe
  // edits. Closing forgets everything typed, so a cancelled edit never reappears.
  useEffect(() => {
    if (!open) {
      loadedFor.current = undefined;
      setForm(EMPTY_FORM);
      setResult(undefined);
      setFileError(undefined);
      setSaveError(undefined);
      setShowSecret(false);
      return;
    }
    if (credentials.data && loadedFor.current !== credentials.data) {
      loadedFor.current = credentials.data;
      setForm(formFromCredentials(credentials.data));
    }
  }, [open, credentials.data]);

  const configured = credentials.data?.configured === true;
  const change = (field: keyof StorageForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setResult(undefined);
  };

  const loadFile = async (file: File) => {
    setFileError(undefined);
    try {
      const values = parseCredentialsFile(await file.text());
      setForm((current) => ({ ...current, ...values }));
      setResult(undefined);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };

  const test = async () => {
    setTesting(true);
    setResult(undefined);
    try {
      const answer = await credentials.test(form);
      setResult(answer?.success === false ? { ok: false, message: answer.message || TEST_FAILED } : { ok: true, message: answer?.message || TEST_SUCCESS });
    } catch (error) {
      const network = error instanceof ApiError && (error.status === 0 || error.code === 'NETWORK_ERROR');
      setResult({ ok: false, message: network ? TEST_NETWORK_ERROR : error instanceof Error && error.message ? error.message : TEST_FAILED });
    } finally {
      setTesting(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave(form, configured)) return;
    setSaving(true);
    setSaveError(undefined);
    try {
      const saved = await credentials.save(form);
      loadedFor.current = saved;
      setForm(formFromCredentials(saved));
      onSaved();
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  const errors = fieldErrors(saveError);
  const busy = saving || testing;
  const loading = open && Boolean(userId) && !credentials.data && !credentials.error;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="storage-settings-title">
      <form onSubmit={save} noValidate>
        <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          {/* The dialog is named by the title text alone, not by the status chip beside it. */}
          <span id="storage-settings-title">Object Storage Settings</span>
          {credentials.data &&
            (configured ? (
              <Chip size="small" color="success" variant="outlined" label={`Configured${credentials.data.updated_at ? ` · ${formatDate(credentials.data.updated_at)}` : ''}`} />
            ) : (
              <Chip size="small" variant="outlined" label="Not configured" />
            ))}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              Store your new uploads in your own S3-compatible bucket. Files uploaded before keep their place.
            </Typography>
            {credentials.error !== undefined && <ErrorAlert title={LOAD_FAILED} error={credentials.error} />}
            {saveError !== undefined && <ErrorAlert title={SAVE_FAILED} error={saveError} onClose={() => setSaveError(undefined)} />}
            {fileError && (
              <Alert severity="error" onClose={() => setFileError(undefined)} data-testid="credentials-file-error">
                {fileError}
              </Alert>
            )}
            {loading ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
                <CircularProgress size={28} aria-label="Loading credentials" />
              </Box>
            ) : (
              <>
                <TextField
                  label="Endpoint"
                  value={form.endpoint}
                  onChange={(event) => change('endpoint')(event.target.value)}
                  placeholder="https://s3.example.com"
                  required
                  fullWidth
                  disabled={busy}
                  error={Boolean(errors.endpoint)}
                  helperText={errors.endpoint ?? 'The URL of your S3-compatible service'}
                  slotProps={{ htmlInput: { 'data-testid': 'storage-endpoint', inputMode: 'url' } }}
                />
                <TextField
                  label="Access Key"
                  value={form.accessKey}
                  onChange={(event) => change('accessKey')(event.target.value)}
                  required
                  fullWidth
                  disabled={busy}
                  autoComplete="off"
                  error={Boolean(errors.accessKey)}
                  helperText={errors.accessKey}
                  slotProps={{ htmlInput: { 'data-testid': 'storage-access-key', maxLength: 128 } }}
                />
                <TextField
                  label="Secret Key"
                  type={showSecret ? 'text' : 'password'}
                  value={form.secretKey}
                  onChange={(event) => change('secretKey')(event.target.value)}
                  // Typing over a masked secret replaces it rather than appending to the mask.
                  onFocus={(event) => {
                    if (isMaskedSecret(event.target.value)) event.target.select();
                  }}
                  required={!configured}
                  fullWidth
                  disabled={busy}
                  autoComplete="new-password"
                  error={Boolean(errors.secretKey)}
                  helperText={errors.secretKey ?? (isMaskedSecret(form.secretKey) ? 'The stored secret is kept unless you enter a new one' : undefined)}
                  slotProps={{
                    htmlInput: { 'data-testid': 'storage-secret-key', maxLength: 256 },
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton size="small" aria-label={showSecret ? 'Hide secret key' : 'Show secret key'} onClick={() => setShowSecret((value) => !value)} edge="end">
                            {showSecret ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <TextField
                  label="Bucket"
                  value={form.bucket}
                  onChange={(event) => change('bucket')(event.target.value)}
                  required
                  fullWidth
                  disabled={busy}
                  error={Boolean(errors.bucket)}
                  helperText={errors.bucket ?? '3–63 characters: lowercase letters, digits, dots and hyphens'}
                  slotProps={{ htmlInput: { 'data-testid': 'storage-bucket', maxLength: 63 } }}
                />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <Button variant="outlined" startIcon={<FileOpenOutlinedIcon />} onClick={() => fileInput.current?.click()} disabled={busy}>
                    Load Credentials File
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={testing ? <CircularProgress size={16} /> : <NetworkCheckIcon />}
                    onClick={() => void test()}
                    disabled={busy || !canTestConnection(form)}
                  >
                    {testing ? 'Testing...' : 'Test Connection'}
                  </Button>
                  <input
                    ref={fileInput}
                    type="file"
                    hidden
                    accept=".json,application/json"
                    aria-label="Credentials file"
                    data-testid="credentials-file-input"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) void loadFile(file);
                    }}
                  />
                </Stack>
                {result && (
                  <Alert severity={result.ok ? 'success' : 'error'} data-testid="storage-test-result" onClose={() => setResult(undefined)}>
                    {result.message}
                  </Alert>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || loading || !canSave(form, configured)}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
