import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CloseIcon from '@mui/icons-material/Close';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, AlertTitle, Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrors } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TooltipAction } from '../../components/TooltipAction';
import {
  formatPayloadTemplate,
  isAcceptable,
  judgeApiSource,
  payloadOf,
  serverProblems,
  type ApiSourceField,
  type ApiSourceFormErrors,
  type ApiSourceFormValues,
  type PerformanceField,
} from './api-source-form';
import { API_TEXTS } from './api-source-rules';
import { testFromBrowser, TEST_TEXTS, type TestOutcome } from './direct-test';
import { canAddHeader, canAddMapping, MAPPING_MESSAGES, mappingProblems, type MappingRow } from './mapping-rules';
import { lookupPath, previewValue, selectRecords } from './response-paths';
import { suggestMappings } from './suggest-mappings';
import { TestResultPanel } from './TestResultPanel';
import { AUTH_TYPES, DEFAULT_API_KEY_HEADER, HTTP_METHODS, PERFORMANCE_LIMITS, RESPONSE_TYPES, type SaveApiSourceBody } from './types';

const AUTH_LABELS: Record<(typeof AUTH_TYPES)[number], string> = { none: 'None', bearer: 'Bearer token', basic: 'Basic (username and password)', api_key: 'API key' };
const RESPONSE_LABELS: Record<(typeof RESPONSE_TYPES)[number], string> = { json: 'JSON', xml: 'XML', csv: 'CSV', text: 'Text' };
const PERFORMANCE_LABELS: Record<PerformanceField, string> = {
  requests_per_minute: 'Requests per minute',
  retry_count: 'Retry count',
  timeout_seconds: 'Timeout (seconds)',
  max_response_size_mb: 'Max response size (MB)',
};

export interface SubmitOptions {
  /** Create and test on the server: the create page's answer to a call the browser could not make. */
  thenTestOnServer: boolean;
}

interface ApiSourceFormProps {
  initial: ApiSourceFormValues;
  /** 'Create API Source' or 'Save'. */
  submitLabel: string;
  /** 'Creating...' or 'Saving...'. */
  busyLabel: string;
  /** Throws on failure: a 400's details show beside their fields, the rest above the form. */
  onSubmit: (body: SaveApiSourceBody, options: SubmitOptions) => Promise<void>;
  onCancel: () => void;
  failureTitle: string;
  /** The edit page's Delete button, on the left of the button row. */
  extraActions?: ReactNode;
  /** The saved source's server-side test (contract §14.7); a new source has none yet. */
  serverTest?: () => Promise<TestOutcome>;
  /** Runs the server-side test once on arrival (after 'Create and test on the server'). */
  testOnArrival?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `api-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

/**
 * Spec 02 New and Edit API Source: one form in four sections (API Source Information, API
 * Configuration, Response Parsing, Rate Limiting & Performance), judged with the contract's messages
 * (§14) before sending. Test API calls the target from the browser; when the browser cannot, the
 * outcome says so and offers the server-side test (docs/contract-decisions.md).
 */
export function ApiSourceForm({ initial, submitLabel, busyLabel, onSubmit, onCancel, failureTitle, extraActions, serverTest, testOnArrival }: ApiSourceFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ApiSourceFormErrors>({});
  const [otherProblems, setOtherProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [newHeader, setNewHeader] = useState({ key: '', value: '' });
  const [newMapping, setNewMapping] = useState<MappingRow>({ source: '', target: '' });
  const [testing, setTesting] = useState<'browser' | 'server' | undefined>();
  const [result, setResult] = useState<{ outcome: TestOutcome; origin: 'browser' | 'server' } | undefined>();
  const [testError, setTestError] = useState<unknown>();
  const [suggestNote, setSuggestNote] = useState<string | undefined>();

  const set = <K extends keyof ApiSourceFormValues>(field: K, value: ApiSourceFormValues[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    // The field changed since it was judged: its message no longer applies.
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const setPerformance = (field: PerformanceField, value: string) => {
    setValues((before) => ({ ...before, performance: { ...before.performance, [field]: value } }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const mappingMessages = mappingProblems(values.mappings);
  const endpointMissing = values.endpoint.trim() === '';

  const runServerTest = async () => {
    if (!serverTest) return;
    setTesting('server');
    setTestError(undefined);
    try {
      setResult({ outcome: await serverTest(), origin: 'server' });
    } catch (error) {
      setResult(undefined);
      setTestError(error);
    } finally {
      setTesting(undefined);
    }
  };
  const arrived = useRef(false);
  useEffect(() => {
    if (!testOnArrival || arrived.current) return;
    arrived.current = true;
    void runServerTest();
    // Once on arrival only (the ref guards against a second effect run in development).
  }, [testOnArrival]);

  const runBrowserTest = async () => {
    if (endpointMissing) {
      setErrors((before) => ({ ...before, endpoint: TEST_TEXTS.endpointRequired }));
      return;
    }
    setTesting('browser');
    setTestError(undefined);
    setSuggestNote(undefined);
    // A Content-Security-Policy refusal looks like any failed fetch; its violation event tells it apart.
    let refusedByPolicy = false;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'connect-src') refusedByPolicy = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    try {
      const environment = { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init), pageProtocol: window.location.protocol, policyBlocked: () => refusedByPolicy };
      setResult({ outcome: await testFromBrowser(values, environment), origin: 'browser' });
    } catch (error) {
      setResult(undefined);
      setTestError(error);
    } finally {
      document.removeEventListener('securitypolicyviolation', onViolation);
      setTesting(undefined);
    }
  };

  const save = async (options: SubmitOptions) => {
    const judged = judgeApiSource(values);
    setFailure(undefined);
    setErrors(judged.errors);
    setOtherProblems(judged.other);
    if (!isAcceptable(judged)) return;
    setBusy(true);
    try {
      await onSubmit(payloadOf(values), options);
    } catch (error) {
      const found = serverProblems(fieldErrors(error));
      setErrors(found.errors);
      setOtherProblems(found.other);
      // Beside its field is enough for a field's message; anything else shows above the form.
      if (Object.keys(found.errors).length === 0 && found.other.length === 0) setFailure(error);
      setBusy(false);
    }
  };

  /** 'Suggest from Response': mappings (and the array path, if it had to be found) from the last test. */
  const suggest = () => {
    if (result?.outcome.data === undefined) return;
    const suggestion = suggestMappings(result.outcome.data, { type: values.responseType, path: values.path, array_path: values.arrayPath });
    if (suggestion.mappings.length === 0) {
      setSuggestNote('No fields to map were found in the response.');
      return;
    }
    setValues((before) => ({ ...before, arrayPath: suggestion.arrayPath ?? before.arrayPath, mappings: suggestion.mappings }));
    setSuggestNote(`${suggestion.mappings.length} mappings suggested${suggestion.arrayPath ? ` from the records at '${suggestion.arrayPath}'` : ''}. Check them before saving.`);
  };

  const field = (name: ApiSourceField & keyof ApiSourceFormValues) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: busy,
    fullWidth: true,
  });

  // The first record of the last tested response, for each mapping's preview (spec 02 §5).
  const sample = result?.outcome.data === undefined ? undefined : selectRecords(result.outcome.data, { type: values.responseType, path: values.path, array_path: values.arrayPath }).records[0];
  const preview = (source: string) => {
    if (sample === undefined || source.trim() === '') return undefined;
    const found = lookupPath(sample, source);
    return found.found ? { text: previewValue(found.value), error: false } : { text: found.error, error: true };
  };

  const serverTestOffer = serverTest
    ? { label: 'Test on the server', note: 'The server calls the saved settings: save your changes first.', busy: testing === 'server', run: () => void runServerTest() }
    : { label: 'Create and test on the server', note: 'Creates the API source, then the server calls it.', busy, run: () => void save({ thenTestOnServer: true }) };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save({ thenTestOnServer: false });
      }} aria-label="API source">
      {failure !== undefined && <ErrorAlert title={failureTitle} error={failure} onClose={() => setFailure(undefined)} sx={{ mb: 2 }} />}
      {otherProblems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setOtherProblems([])}>
          <AlertTitle>{failureTitle}</AlertTitle>
          {otherProblems.join('\n')}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <Section title="API Source Information">
          <TextField label="Name" required {...field('name')} />
          <TextField label="Description" multiline minRows={2} {...field('description')} />
        </Section>

        <Section title="API Configuration">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField select label="HTTP method" required {...field('method')} sx={{ minWidth: 140 }} fullWidth={false}>
              {HTTP_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {method}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Endpoint URL" required type="url" placeholder="https://api.example.com/v1/items" {...field('endpoint')} />
            <TooltipAction title={endpointMissing ? TEST_TEXTS.endpointRequired : 'Call the endpoint from your browser with these settings'}>
              <Button variant="outlined" startIcon={<PlayArrowIcon />} disabled={endpointMissing || testing !== undefined || busy} onClick={() => void runBrowserTest()} sx={{ whiteSpace: 'nowrap', height: 56 }}>
                {testing === 'browser' ? 'Testing...' : 'Test API'}
              </Button>
            </TooltipAction>
          </Stack>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Authentication" required {...field('authType')} onChange={(event) => set('authType', event.target.value as ApiSourceFormValues['authType'])}>
              {AUTH_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {AUTH_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            {values.authType === 'bearer' && <TextField label="Token" required type="password" autoComplete="off" {...field('token')} />}
            {values.authType === 'basic' && (
              <>
                <TextField label="Username" required autoComplete="off" {...field('username')} />
                <TextField label="Password" required type="password" autoComplete="new-password" {...field('password')} />
              </>
            )}
            {values.authType === 'api_key' && (
              <>
                <TextField label="API key" required type="password" autoComplete="off" {...field('apiKey')} />
                <TextField label="Header name" placeholder={DEFAULT_API_KEY_HEADER} value={values.apiKeyHeader} onChange={(event) => set('apiKeyHeader', event.target.value)} disabled={busy} fullWidth />
              </>
            )}
          </Stack>

          <Box role="group" aria-label="Headers">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Headers
            </Typography>
            <Stack spacing={1}>
              {values.headers.map((header, index) => (
                <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="api-header-row">
                  <TextField size="small" label="Header name" value={header.key} disabled={busy} onChange={(event) => set('headers', values.headers.map((row, at) => (at === index ? { ...row, key: event.target.value } : row)))} fullWidth />
                  <TextField size="small" label="Header value" value={header.value} disabled={busy} onChange={(event) => set('headers', values.headers.map((row, at) => (at === index ? { ...row, value: event.target.value } : row)))} fullWidth />
                  <Button color="inherit" size="small" disabled={busy} onClick={() => set('headers', values.headers.filter((_, at) => at !== index))} aria-label={`Remove header ${header.key}`}>
                    Remove
                  </Button>
                </Stack>
              ))}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField size="small" label="New header name" placeholder="Accept" value={newHeader.key} disabled={busy} onChange={(event) => setNewHeader({ ...newHeader, key: event.target.value })} fullWidth />
                <TextField size="small" label="New header value" placeholder="application/json" value={newHeader.value} disabled={busy} onChange={(event) => setNewHeader({ ...newHeader, value: event.target.value })} fullWidth />
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  disabled={busy || !canAddHeader(newHeader.key)}
                  onClick={() => {
                    set('headers', [...values.headers, { key: newHeader.key.trim(), value: newHeader.value }]);
                    setNewHeader({ key: '', value: '' });
                  }}
                >
                  Add
                </Button>
              </Stack>
              {errors.headers && (
                <Typography variant="caption" color="error">
                  {errors.headers}
                </Typography>
              )}
            </Stack>
          </Box>

          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2">Payload template</Typography>
              <Button
                size="small"
                disabled={busy || values.payloadTemplate.trim() === ''}
                onClick={() => {
                  const formatted = formatPayloadTemplate(values.payloadTemplate);
                  if (formatted.error !== undefined) setErrors((before) => ({ ...before, payloadTemplate: formatted.error }));
                  else set('payloadTemplate', formatted.text);
                }}
              >
                Format
              </Button>
            </Stack>
            <TextField
              label="Payload template"
              multiline
              minRows={3}
              placeholder='{ "query": "..." }'
              {...field('payloadTemplate')}
              helperText={errors.payloadTemplate ?? 'Leave empty for GET requests.'}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </Box>

          {testError !== undefined && <ErrorAlert title={API_TEXTS.testFailed} error={testError} onClose={() => setTestError(undefined)} />}
          {result && <TestResultPanel outcome={result.outcome} origin={result.origin} serverTest={serverTestOffer} onClose={() => setResult(undefined)} />}
          {testing === 'server' && !result && (
            <Typography variant="body2" color="text.secondary" role="status">
              Testing from the server...
            </Typography>
          )}
        </Section>

        <Section title="Response Parsing">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Response type" {...field('responseType')} onChange={(event) => set('responseType', event.target.value as ApiSourceFormValues['responseType'])} sx={{ minWidth: 160 }} fullWidth={false}>
              {RESPONSE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {RESPONSE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Data path" placeholder="data" value={values.path} disabled={busy} onChange={(event) => set('path', event.target.value)} helperText="Optional: where the data sits in the response." fullWidth />
            <TextField label="Array path" placeholder="items" value={values.arrayPath} disabled={busy} onChange={(event) => set('arrayPath', event.target.value)} helperText="Optional: the list of records; dots and [index]." fullWidth />
          </Stack>

          <Box role="group" aria-label="Field mappings">
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle2">Field mappings</Typography>
              <TooltipAction title={result?.outcome.data === undefined ? 'Test the API first' : 'Map the fields of the tested response'}>
                <Button size="small" startIcon={<AutoFixHighIcon />} disabled={busy || result?.outcome.data === undefined} onClick={suggest}>
                  Suggest from Response
                </Button>
              </TooltipAction>
            </Stack>
            {suggestNote && (
              <Typography variant="caption" color="text.secondary" component="p" role="status" sx={{ mb: 1 }} data-testid="api-suggest-note">
                {suggestNote}
              </Typography>
            )}
            <Stack spacing={1}>
              {values.mappings.map((mapping, index) => {
                const shown = preview(mapping.source);
                return (
                  <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="api-mapping-row">
                    <TextField size="small" label="Source path" value={mapping.source} disabled={busy} onChange={(event) => set('mappings', values.mappings.map((row, at) => (at === index ? { ...row, source: event.target.value } : row)))} fullWidth />
                    <TextField size="small" label="Target field" value={mapping.target} disabled={busy} onChange={(event) => set('mappings', values.mappings.map((row, at) => (at === index ? { ...row, target: event.target.value } : row)))} fullWidth />
                    {shown && (
                      <Typography variant="caption" color={shown.error ? 'error' : 'text.secondary'} sx={{ fontFamily: 'monospace', minWidth: 120, maxWidth: 260, overflowWrap: 'anywhere' }} data-testid="api-mapping-preview">
                        {shown.text}
                      </Typography>
                    )}
                    <IconButton size="small" disabled={busy} onClick={() => set('mappings', values.mappings.filter((_, at) => at !== index))} aria-label={`Remove mapping ${mapping.source}`}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                );
              })}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField size="small" label="New source path" placeholder="author.name" value={newMapping.source} disabled={busy} onChange={(event) => setNewMapping({ ...newMapping, source: event.target.value })} fullWidth />
                <TextField size="small" label="New target field" placeholder="author_name" value={newMapping.target} disabled={busy} onChange={(event) => setNewMapping({ ...newMapping, target: event.target.value })} fullWidth />
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  disabled={busy || !canAddMapping(newMapping)}
                  onClick={() => {
                    set('mappings', [...values.mappings, { source: newMapping.source.trim(), target: newMapping.target.trim() }]);
                    setNewMapping({ source: '', target: '' });
                  }}
                >
                  Add
                </Button>
              </Stack>
            </Stack>
            {mappingMessages.length > 0 && (
              <Alert severity="error" sx={{ mt: 1.5 }} data-testid="api-mapping-problems">
                <AlertTitle>{MAPPING_MESSAGES.heading}</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {mappingMessages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </Box>
              </Alert>
            )}
          </Box>
        </Section>

        <Section title="Rate Limiting & Performance">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(Object.keys(PERFORMANCE_LIMITS) as PerformanceField[]).map((name) => (
              <TextField
                key={name}
                label={PERFORMANCE_LABELS[name]}
                type="number"
                name={name}
                value={values.performance[name]}
                onChange={(event) => setPerformance(name, event.target.value)}
                error={Boolean(errors[name])}
                helperText={errors[name] ?? `${PERFORMANCE_LIMITS[name].min}–${PERFORMANCE_LIMITS[name].max}`}
                disabled={busy}
                fullWidth
                slotProps={{ htmlInput: { min: PERFORMANCE_LIMITS[name].min, max: PERFORMANCE_LIMITS[name].max, step: 1 } }}
              />
            ))}
          </Stack>
        </Section>
      </Stack>

      <Stack direction="row" spacing={1.5} sx={{ mt: 2.5, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
        <Box>{extraActions}</Box>
        <Stack direction="row" spacing={1.5}>
          <Button color="inherit" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || mappingMessages.length > 0}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
