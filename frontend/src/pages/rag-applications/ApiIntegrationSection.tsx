import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { INTEGRATION_LIMITS } from '../../../../shared/rules/application-form';
import { CopyButton } from '../../components/CopyButton';
import { generateApiToken, type ApiFieldErrors, type ApiIntegrationForm } from './integration-form';

interface ApiIntegrationSectionProps {
  value: ApiIntegrationForm;
  errors: ApiFieldErrors;
  disabled: boolean;
  onChange: (value: ApiIntegrationForm) => void;
}

/**
 * Spec 03 §3 API integration: the `rag_` token external clients send as `X-API-Key` (contract
 * §17.5), its rate limit and allowed origins. A token generated here is stored only when the
 * application is saved; an enabled integration saved without one gets a server-generated token.
 */
export function ApiIntegrationSection({ value, errors, disabled, onChange }: ApiIntegrationSectionProps) {
  const set = (patch: Partial<ApiIntegrationForm>) => onChange({ ...value, ...patch });
  const regenerated = Boolean(value.storedToken) && value.token !== value.storedToken;
  return (
    <Paper variant="outlined" component="section" aria-label="API integration" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            API integration
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Let other systems chat with this application using an API token.
          </Typography>
        </Box>
        <FormControlLabel control={<Switch checked={value.enabled} onChange={(event) => set({ enabled: event.target.checked })} disabled={disabled} />} label="Enable API access" />
      </Stack>
      {(value.enabled || value.existed) && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="API token"
              value={value.token}
              placeholder={value.enabled ? 'Generated when you save' : 'No token yet'}
              fullWidth
              size="small"
              error={Boolean(errors.token)}
              helperText={errors.token ?? 'Send it as the X-API-Key header. Keep it secret.'}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } }, inputLabel: { shrink: true } }}
            />
            {value.token && <CopyButton value={value.token} label="Copy token" />}
            <Button
              variant="outlined"
              size="small"
              startIcon={<AutorenewIcon />}
              disabled={disabled}
              onClick={() => set({ token: generateApiToken() })}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {value.token ? 'Regenerate token' : 'Generate token'}
            </Button>
          </Stack>
          {regenerated && (
            <Alert severity="warning" action={<Button color="inherit" size="small" onClick={() => set({ token: value.storedToken })}>Undo</Button>}>
              When you save, the new token replaces the current one, which stops working at once.
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Rate limit (requests per minute)"
              type="number"
              value={value.rateLimit}
              onChange={(event) => set({ rateLimit: event.target.value })}
              size="small"
              disabled={disabled}
              error={Boolean(errors.rateLimit)}
              helperText={errors.rateLimit ?? `Default ${INTEGRATION_LIMITS.rateLimitDefault}`}
              slotProps={{ htmlInput: { min: INTEGRATION_LIMITS.rateLimitMin, max: INTEGRATION_LIMITS.rateLimitMax, step: 1 } }}
              sx={{ width: { sm: 260 } }}
            />
            <TextField
              label="Allowed origins"
              value={value.allowedOrigins}
              onChange={(event) => set({ allowedOrigins: event.target.value })}
              size="small"
              fullWidth
              disabled={disabled}
              error={Boolean(errors.allowedOrigins)}
              helperText={errors.allowedOrigins ?? 'Comma-separated, e.g. https://shop.example.com. * allows any origin.'}
            />
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
