import { describe, expect, it } from 'vitest';
import { defaultAuthSettings, type AuthSettings } from '../../rules/organization-settings';
import {
  authSettingsRequestSchema,
  parseCreateOrganizationRequest,
  securitySettingsCandidateSchema,
  securitySettingsRequestSchema,
  systemInviteRequestSchema,
  updateOrganizationRequestSchema,
} from './organizations';

const valid = { name: ' Acme ', domain: 'Acme.com', adminEmail: 'Boss@Acme.com', adminFullName: ' Bo Ss ', adminPassword: 'long-enough' };
const messages = (body: unknown) => parseCreateOrganizationRequest(body).problems.map((problem) => problem.message);

describe('the create-organization body (§6.2), shared by the server and the web client', () => {
  it('normalizes a valid body and defaults the provider and type', () => {
    expect(parseCreateOrganizationRequest(valid)).toEqual({
      value: { name: 'Acme', domain: 'acme.com', type: 'business', adminEmail: 'boss@acme.com', adminFullName: 'Bo Ss', adminPassword: 'long-enough', cloudProvider: 'aws' },
      problems: [],
    });
  });

  it('reports every missing field in the contract order, whatever the body is', () => {
    const missing = ['Name is required', 'Domain is required', 'Admin full name is required', 'Admin email is required', 'Admin password is required'];
    for (const body of [{}, null, [], 'text']) expect(messages(body)).toEqual(missing);
  });

  it('reports bad values in the contract order', () => {
    expect(messages({ name: 'x'.repeat(256), domain: 'not a domain', adminFullName: 'A', adminEmail: 'nope', adminPassword: 'short', cloudProvider: 'gcp', type: 'charity' })).toEqual([
      'Name must be at most 255 characters',
      'Domain must be a valid domain name',
      'Please enter a valid email address',
      'Password must be at least 8 characters long',
      'Unsupported cloud provider: gcp',
      'Type must be one of consumer, business',
    ]);
  });

  it('keeps the admin on the domain unless the organization is consumer, even when other fields fail', () => {
    expect(messages({ ...valid, adminEmail: 'boss@elsewhere.com' })).toEqual(['Admin email must be from the acme.com domain']);
    expect(messages({ ...valid, adminEmail: 'boss@elsewhere.com', type: 'charity', adminPassword: 'x' })).toEqual([
      'Admin email must be from the acme.com domain',
      'Password must be at least 8 characters long',
      'Type must be one of consumer, business',
    ]);
    expect(parseCreateOrganizationRequest({ ...valid, adminEmail: 'boss@elsewhere.com', type: 'consumer' }).value?.type).toBe('consumer');
    expect(parseCreateOrganizationRequest({ ...valid, domain: 'consumer-club.com', adminEmail: 'me@gmail.com' }).value?.type).toBe('consumer');
  });

  it('reads a capitalized provider as itself and names the value sent', () => {
    expect(parseCreateOrganizationRequest({ ...valid, cloudProvider: 'AWS' }).value?.cloudProvider).toBe('aws');
    expect(parseCreateOrganizationRequest({ ...valid, cloudProvider: null }).value?.cloudProvider).toBe('aws');
    expect(messages({ ...valid, cloudProvider: 'Azure' })).toEqual(['Unsupported cloud provider: Azure']);
  });

  it('reads values of the wrong type as missing', () => {
    expect(messages({ ...valid, name: 5, domain: 7, adminEmail: true, adminPassword: 12 })).toEqual([
      'Name is required',
      'Domain is required',
      'Admin email is required',
      'Admin password is required',
    ]);
  });
});

const problemsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
const messagesOf = (result: Parameters<typeof problemsOf>[0]) => problemsOf(result).map((problem) => problem.message);

describe('organization changes (§6.4)', () => {
  const schema = updateOrganizationRequestSchema({ isSystemOrganization: false });

  it('checks each sent field, normalized, and leaves the rest alone', () => {
    expect(schema.parse({ name: ' Renamed ' })).toEqual({ name: 'Renamed' });
    expect(schema.parse({ domain: ' Moved.Example.com ', status: ' Suspended', type: 'CONSUMER' })).toEqual({ domain: 'moved.example.com', status: 'suspended', type: 'consumer' });
    expect(schema.parse({})).toEqual({});
  });

  it('reports every problem in the order of §6.2 then status and type', () => {
    expect(messagesOf(schema.safeParse({ name: '', domain: 'bad', status: 'gone', type: 'x' }))).toEqual([
      'Name is required',
      'Domain must be a valid domain name',
      'Status must be one of active, inactive, suspended',
      'Type must be one of consumer, business',
    ]);
    expect(messagesOf(schema.safeParse({ name: 'x'.repeat(256), domain: '' }))).toEqual(['Name must be at most 255 characters', 'Domain is required']);
    // A sent null is a value, and not a valid one.
    expect(messagesOf(schema.safeParse({ name: null, domain: null, status: null, type: null }))).toEqual([
      'Name is required',
      'Domain is required',
      'Status must be one of active, inactive, suspended',
      'Type must be one of consumer, business',
    ]);
  });

  it('never deactivates the system organization', () => {
    const system = updateOrganizationRequestSchema({ isSystemOrganization: true });
    for (const status of ['inactive', 'suspended']) {
      expect(problemsOf(system.safeParse({ status }))).toEqual([{ field: 'status', message: 'The system organization cannot be deactivated' }]);
    }
    expect(system.parse({ status: 'Active' })).toEqual({ status: 'active' });
    expect(messagesOf(system.safeParse({ status: 'gone' }))).toEqual(['Status must be one of active, inactive, suspended']);
    // Without a context (the OpenAPI document) only the values are checked.
    expect(updateOrganizationRequestSchema().parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
  });
});

describe('a system invitation (§6.7)', () => {
  it('uses its own wording and defaults the role to user', () => {
    expect(systemInviteRequestSchema.parse({ email: ' New@Acme.com ', fullName: ' N ' })).toEqual({ email: 'new@acme.com', fullName: 'N', role: 'user' });
    expect(systemInviteRequestSchema.parse({ email: 'a@acme.com', fullName: 'A', role: null })).toMatchObject({ role: 'user' });
    expect(systemInviteRequestSchema.parse({ email: 'a@acme.com', fullName: 'A', role: ' ADMIN' })).toMatchObject({ role: 'admin' });
    expect(problemsOf(systemInviteRequestSchema.safeParse({ role: 'rag_user' }))).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'fullName', message: 'Please enter a full name' },
      { field: 'role', message: 'Role must be user or admin' },
    ]);
    expect(messagesOf(systemInviteRequestSchema.safeParse({ email: 'nope', fullName: 'x'.repeat(256), role: 5 }))).toEqual([
      'Please enter a valid email address',
      'Full name must be at most 255 characters',
      'Role must be user or admin',
    ]);
  });

  it('reads a body that is no object as an empty one', () => {
    for (const body of [null, [], 'text']) {
      expect(messagesOf(systemInviteRequestSchema.safeParse(body))).toEqual(['Please enter a valid email address', 'Please enter a full name']);
    }
  });
});

describe('auth settings PUT (§6.13)', () => {
  const current = { ...defaultAuthSettings(false), invitationExpiryDays: 10 };
  /** The server gives its domain's merge; this one does the same for these cases. */
  const over = (saved: AuthSettings) =>
    authSettingsRequestSchema({
      merged: (body) => ({ ...saved, ...Object.fromEntries(Object.entries(body).map(([field, value]) => [field, value ?? defaultAuthSettings(false)[field as keyof AuthSettings]])) }),
    });

  it('normalizes the sent fields, null meaning the default', () => {
    expect(over(current).parse({ defaultRole: ' RAG_USER ', allowSelfSignup: true })).toEqual({ defaultRole: 'rag_user', allowSelfSignup: true });
    expect(over(current).parse({ invitationExpiryDays: null, passwordLoginEnabled: null })).toEqual({ invitationExpiryDays: null, passwordLoginEnabled: null });
  });

  it('reports every problem of the merged settings in the contract order', () => {
    expect(messagesOf(over(current).safeParse({ invitationExpiryDays: 31, defaultRole: 'admin', passwordLoginEnabled: false, googleLoginEnabled: false }))).toEqual([
      'At least one login method must be enabled',
      'defaultRole must be one of user, rag_user',
      'Invitation expiry must be between 1 and 30 days',
    ]);
    // The saved settings count: turning off the one login method left is refused.
    expect(problemsOf(over({ ...current, googleLoginEnabled: false }).safeParse({ passwordLoginEnabled: false }))).toEqual([
      { field: 'passwordLoginEnabled', message: 'At least one login method must be enabled' },
    ]);
    for (const invitationExpiryDays of [0, 1.5, 1e20]) {
      expect(problemsOf(over(current).safeParse({ invitationExpiryDays }))).toEqual([{ field: 'invitationExpiryDays', message: 'Invitation expiry must be between 1 and 30 days' }]);
    }
  });

  it('refuses values of the wrong kind without applying them, the merged problems still in field order', () => {
    expect(messagesOf(over(current).safeParse({ passwordLoginEnabled: 'yes', invitationExpiryDays: 'soon' }))).toEqual([
      'passwordLoginEnabled must be true or false',
      'Invitation expiry must be between 1 and 30 days',
    ]);
    expect(messagesOf(over(current).safeParse({ passwordLoginEnabled: false, googleLoginEnabled: false, allowSelfSignup: 'x', defaultRole: 7 }))).toEqual([
      'At least one login method must be enabled',
      'allowSelfSignup must be true or false',
      'defaultRole must be one of user, rag_user',
    ]);
    // A login method of the wrong kind is not applied, so the saved one still counts.
    expect(messagesOf(over(current).safeParse({ passwordLoginEnabled: 'no', googleLoginEnabled: false }))).toEqual(['passwordLoginEnabled must be true or false']);
  });

  it('checks only the sent fields without a context (the OpenAPI document)', () => {
    expect(authSettingsRequestSchema().parse({ passwordLoginEnabled: false, googleLoginEnabled: false })).toEqual({ passwordLoginEnabled: false, googleLoginEnabled: false });
  });
});

describe('security settings candidates (§6.15, §6.16)', () => {
  it('accepts a valid candidate, trimming the ranges', () => {
    expect(securitySettingsRequestSchema.parse({ passwordPolicy: { minLength: 12, requireSymbol: true }, ipAllowlist: [' 10.0.0.0/8 ', '::1'], apiTokensEnabled: false })).toEqual({
      passwordPolicy: { minLength: 12, requireSymbol: true },
      ipAllowlist: ['10.0.0.0/8', '::1'],
      apiTokensEnabled: false,
    });
  });

  it('reports every range problem in the order §6.16 lists them', () => {
    const result = securitySettingsRequestSchema.safeParse({
      ipAllowlist: Array.from({ length: 51 }, (_, index) => (index === 0 ? 'nonsense' : `10.0.0.${index}`)),
      sessionMaxAgeHours: 0,
      lockoutMinutes: 2000,
      maxLoginAttempts: 2,
      passwordPolicy: { minLength: 4 },
    });
    expect(problemsOf(result)).toEqual([
      { field: 'passwordPolicy.minLength', message: 'Minimum password length must be between 8 and 128' },
      { field: 'maxLoginAttempts', message: 'Max login attempts must be between 3 and 20' },
      { field: 'lockoutMinutes', message: 'Lockout minutes must be between 1 and 1440' },
      { field: 'sessionMaxAgeHours', message: 'Session max age must be between 1 and 720 hours' },
      { field: 'ipAllowlist', message: 'Invalid CIDR: nonsense' },
      { field: 'ipAllowlist', message: 'At most 50 IP ranges are allowed' },
    ]);
  });

  it('names each bad range once, as sent, and a list that is no list', () => {
    expect(messagesOf(securitySettingsRequestSchema.safeParse({ ipAllowlist: [' bad ', 7, ' bad ', '10.0.0.0/33'] }))).toEqual(['Invalid CIDR:  bad ', 'Invalid CIDR: 7', 'Invalid CIDR: 10.0.0.0/33']);
    expect(messagesOf(securitySettingsRequestSchema.safeParse({ ipAllowlist: '10.0.0.0/8' }))).toEqual(['Invalid CIDR: 10.0.0.0/8']);
  });

  it('checks the kinds the ranges do not cover', () => {
    expect(problemsOf(securitySettingsRequestSchema.safeParse({ passwordPolicy: { requireNumber: 'yes' }, apiTokensEnabled: 1 }))).toEqual([
      { field: 'passwordPolicy.requireNumber', message: 'requireNumber must be true or false' },
      { field: 'apiTokensEnabled', message: 'apiTokensEnabled must be true or false' },
    ]);
    for (const passwordPolicy of ['strict', [], 8]) {
      expect(problemsOf(securitySettingsRequestSchema.safeParse({ passwordPolicy }))).toEqual([{ field: 'passwordPolicy', message: 'Password policy must be an object' }]);
    }
    expect(messagesOf(securitySettingsRequestSchema.safeParse({ maxLoginAttempts: '5', lockoutMinutes: 2.5 }))).toEqual([
      'Max login attempts must be between 3 and 20',
      'Lockout minutes must be between 1 and 1440',
    ]);
  });

  it('takes null as the default, which is always valid', () => {
    const nulls = { passwordPolicy: { minLength: null }, maxLoginAttempts: null, ipAllowlist: null, apiTokensEnabled: null };
    expect(securitySettingsRequestSchema.parse(nulls)).toEqual(nulls);
    expect(securitySettingsRequestSchema.parse({ passwordPolicy: null })).toEqual({ passwordPolicy: null });
  });

  it('answers a candidate with its verdict, never refusing it (§6.16)', () => {
    expect(securitySettingsCandidateSchema.parse({ passwordPolicy: { minLength: 128 }, ipAllowlist: ['10.0.0.0/8'] })).toEqual({ valid: true, errors: [] });
    expect(securitySettingsCandidateSchema.parse({ passwordPolicy: { minLength: 7 }, ipAllowlist: ['x', 'x'] })).toEqual({
      valid: false,
      errors: [
        { field: 'passwordPolicy.minLength', message: 'Minimum password length must be between 8 and 128' },
        { field: 'ipAllowlist', message: 'Invalid CIDR: x' },
      ],
    });
  });
});
