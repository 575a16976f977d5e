import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../../shared/navigation/app-routes';
import { useApiFetch } from '../../api/ApiProvider';
import { ApiError } from '../../api/client';
import { DEFAULT_PASSWORD_POLICY } from '../../api/entities';
import { useSession } from '../../auth/SessionProvider';
import { passwordPolicyError } from '../../account/password-rules';
import { PasswordPolicyHint } from '../../account/PasswordPolicyHint';
import { useOrgSettingsForEmail } from '../../account/useOrgSettings';
import { emailError } from '../users/user-form-rules';
import { PublicFrame } from '../PublicFrame';

export const SIGNUP_SUCCESS = 'Account created successfully!';
export const TERMS_REQUIRED = 'Please accept the terms and conditions';

interface Values {
  fullName: string;
  email: string;
  password: string;
  terms: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

/**
 * Spec 01 §8: the server's error, else 'Signup failed', else 'An unexpected error occurred'. 'Request
 * failed' is the API client's word for an error response without a message of its own.
 */
export function signupFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message && error.message !== 'Request failed' ? error.message : 'Signup failed';
  return 'An unexpected error occurred';
}

/** Spec 01 §2.4 and §5 (contract §4.2): the Create Account screen. */
export function SignupPage() {
  const apiFetch = useApiFetch();
  const navigate = useNavigate();
  const session = useSession();
  const [values, setValues] = useState<Values>({ fullName: '', email: '', password: '', terms: false });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const org = useOrgSettingsForEmail(values.email);
  const policy = org.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const validate = (): Errors => ({
    fullName: values.fullName.trim() ? undefined : 'Full name is required',
    email: emailError(values.email),
    password: values.password ? passwordPolicyError(values.password, policy) : 'Password is required',
    terms: values.terms ? undefined : TERMS_REQUIRED,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(undefined);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await apiFetch('/api/auth/signup', {
        method: 'POST',
        auth: false,
        body: { fullName: values.fullName.trim(), email: values.email.trim().toLowerCase(), password: values.password, termsAccepted: true },
      });
    } catch (signupError) {
      setFailure(signupFailureMessage(signupError));
      setBusy(false);
      return;
    }
    setBusy(false);
    window.alert(SIGNUP_SUCCESS);
    // A sign-in failure that brought the visitor here must not stop /login from starting a new one.
    session.clearError();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <PublicFrame>
      <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
        Create Account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Join your organization on Groundwork.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ textAlign: 'left' }}>
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" data-testid="signup-error" sx={{ whiteSpace: 'pre-line' }}>
              {failure}
            </Alert>
          )}
          <TextField
            label="Full Name"
            value={values.fullName}
            onChange={(event) => set('fullName', event.target.value)}
            autoComplete="name"
            required
            fullWidth
            disabled={busy}
            error={Boolean(errors.fullName)}
            helperText={errors.fullName}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            label="Email address"
            type="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            autoComplete="email"
            required
            fullWidth
            disabled={busy}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            autoComplete="new-password"
            required
            fullWidth
            disabled={busy}
            error={Boolean(errors.password)}
            helperText={errors.password ?? `Must be at least ${policy.minLength} characters long`}
          />
          <PasswordPolicyHint settings={org.data} />
          <Box>
            <FormControlLabel
              control={<Checkbox checked={values.terms} onChange={(event) => set('terms', event.target.checked)} disabled={busy} />}
              label="I agree to the Terms of Service and Privacy Policy"
            />
            {errors.terms && <FormHelperText error>{errors.terms}</FormHelperText>}
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={LOGIN_PATH}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </PublicFrame>
  );
}
