// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { PAGES } from '../../routing/pages';
import { bodyOf, deferred, errorResponse, fakeRoutes, fakeUser, paged, type FakeRoute } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi, testConfig } from '../../__fixtures__/test-auth';
import { CLOUD_ATTENTION } from './CreateOrganizationDialog';
import { NO_PERMISSION, OrganizationsPage } from './OrganizationsPage';

const ACME = {
  id: 'org-acme',
  name: 'Acme',
  domain: 'acme.com',
  status: 'active',
  type: 'business',
  is_system_org: false,
  isConsumer: false,
  user_count: 3,
  createdAt: '2025-03-01T09:30:00.000Z',
  cloudResources: { provider: 'aws', bucketName: 'gw-acme-data', auditBucketName: 'gw-acme-audit', status: 'ready' },
};
const AUTH = { passwordLoginEnabled: true, googleLoginEnabled: true, allowSelfSignup: false, defaultRole: 'user', invitationExpiryDays: 7 };
const SECURITY = {
  passwordPolicy: { minLength: 12, requireUppercase: true, requireLowercase: false, requireNumber: false, requireSymbol: false },
  maxLoginAttempts: 5,
  lockoutMinutes: 15,
  sessionMaxAgeHours: 24,
  ipAllowlist: [],
  apiTokensEnabled: true,
};
const DEFAULTS = { ...SECURITY, passwordPolicy: { ...SECURITY.passwordPolicy, minLength: 8, requireUppercase: false }, sessionMaxAgeHours: 720 };

function backend(extra: FakeRoute[] = [], organizations = [ACME]) {
  return fakeRoutes([
    ...extra,
    { method: 'GET', path: /^\/api\/organizations$/, reply: () => jsonResponse(paged(organizations)) },
    { method: 'GET', path: /^\/api\/organizations\/org-acme$/, reply: () => jsonResponse(ACME) },
    { method: 'PUT', path: /^\/api\/organizations\/org-acme$/, reply: (_m, _u, init) => jsonResponse({ ...ACME, ...bodyOf(init) }) },
    { method: 'GET', path: /^\/api\/organizations\/org-acme\/cloud-resources$/, reply: () => jsonResponse({ ...ACME.cloudResources, region: 'local' }) },
    { method: 'GET', path: /^\/api\/organizations\/org-acme\/auth-settings$/, reply: () => jsonResponse(AUTH) },
    { method: 'GET', path: /^\/api\/organizations\/org-acme\/security-settings$/, reply: () => jsonResponse(SECURITY) },
    { method: 'GET', path: /^\/api\/organizations\/org-acme\/security-settings\/defaults$/, reply: () => jsonResponse(DEFAULTS) },
    {
      method: 'POST',
      path: /^\/api\/organizations\/org-acme\/security-settings\/validate$/,
      reply: () =>
        jsonResponse({
          valid: false,
          errors: [
            { field: 'passwordPolicy.minLength', message: 'Minimum password length must be between 8 and 128' },
            { field: 'ipAllowlist[0]', message: 'Invalid CIDR: 10.0.0.300/8' },
          ],
        }),
    },
    { method: 'GET', path: /^\/api\/organizations\/org-acme\/users$/, reply: () => jsonResponse(paged([fakeUser('u-wile', 'Wile Coyote', { email: 'wile@acme.com' })])) },
    { method: 'POST', path: /^\/api\/organizations\/org-acme\/system-invite-user$/, reply: (_m, _u, init) => jsonResponse(fakeUser('u-x', String(bodyOf(init).fullName), { invitation_pending: true }), 201) },
  ]);
}

resetBrowserStateAfterEachTest();
afterEach(() => {
  delete PAGES['/dashboard'];
});


async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Organization' }));
  return screen.findByRole('dialog', { name: 'Create Organization' });
}

function fillCreate(dialog: HTMLElement, overrides: Partial<Record<string, string>> = {}) {
  const values = { Name: 'Globex', Domain: 'globex.com', 'Admin full name': 'Hank Scorpio', 'Admin email': 'hank@globex.com', 'Admin password': 'volcano-lair-1', ...overrides };
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

describe('Organizations page', () => {
  it('lists organizations with the spec columns and a Manage button per row', async () => {
    stubApi('system_admin', backend());
    renderApp('/organizations');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Domain', 'Status', 'Users', 'Created', 'Actions']);
    const row = within(table).getByText('Acme').closest('tr') as HTMLElement;
    expect(within(row).getByText('acme.com')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Manage Acme' })).toBeTruthy();
  });

  it('shows the empty state with its create button', async () => {
    stubApi('system_admin', backend([], []));
    renderApp('/organizations');
    expect(await screen.findByText('No organizations found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create your first organization' }));
    expect(await screen.findByRole('dialog', { name: 'Create Organization' })).toBeTruthy();
  });

  it('tells other roles they may not view it', async () => {
    stubApi('admin', backend());
    PAGES['/dashboard'] = OrganizationsPage;
    renderApp('/dashboard');
    expect(await screen.findByText(NO_PERMISSION)).toBeTruthy();
    expect(NO_PERMISSION).toBe('You do not have permission to view this page.');
  });

  it("shows 'Failed to load organizations' when the list fails", async () => {
    stubApi('system_admin', fakeRoutes([{ method: 'GET', path: /^\/api\/organizations$/, reply: () => errorResponse(500, 'Internal server error', 'INTERNAL_ERROR') }]));
    renderApp('/organizations');
    expect(await screen.findByText('Failed to load organizations')).toBeTruthy();
  });
});

describe('Create Organization modal', () => {
  it('validates before calling the server', async () => {
    const fetchMock = stubApi('system_admin', backend());
    renderApp('/organizations');
    const dialog = await openCreate();
    fillCreate(dialog, { 'Admin email': 'hank@elsewhere.com', 'Admin password': 'short' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Admin email must be from the globex.com domain')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/organizations')).toHaveLength(0);
  });

  it('goes idle → creating → success and sends the contract body', async () => {
    const gate = deferred<Response>();
    const fetchMock = stubApi('system_admin', backend([{ method: 'POST', path: /^\/api\/organizations$/, reply: () => gate.promise }]));
    renderApp('/organizations');
    const dialog = await openCreate();
    const frame = screen.getByTestId('create-organization-dialog');
    expect(frame.getAttribute('data-state')).toBe('idle');
    fillCreate(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(frame.getAttribute('data-state')).toBe('creating'));
    expect((within(dialog).getByRole('button', { name: 'Creating...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/organizations')[0]?.[1])).toEqual({
      name: 'Globex',
      domain: 'globex.com',
      type: 'business',
      adminEmail: 'hank@globex.com',
      adminFullName: 'Hank Scorpio',
      adminPassword: 'volcano-lair-1',
      cloudProvider: 'aws',
    });
    gate.resolve(
      jsonResponse(
        {
          organization: { ...ACME, id: 'org-globex', name: 'Globex', domain: 'globex.com' },
          adminUser: fakeUser('u-hank', 'Hank Scorpio', { email: 'hank@globex.com', role: 'admin' }),
          cloudResources: { provider: 'aws', bucketName: 'gw-globex-data', auditBucketName: 'gw-globex-audit', status: 'ready' },
        },
        201,
      ),
    );
    await waitFor(() => expect(frame.getAttribute('data-state')).toBe('success'));
    expect(within(dialog).getByText(/gw-globex-data/)).toBeTruthy();
    expect(within(dialog).queryByText(CLOUD_ATTENTION)).toBeNull();
  });

  it('warns when the cloud resources failed', async () => {
    stubApi(
      'system_admin',
      backend([
        {
          method: 'POST',
          path: /^\/api\/organizations$/,
          reply: () =>
            jsonResponse(
              {
                organization: { ...ACME, id: 'org-globex', name: 'Globex', domain: 'globex.com' },
                adminUser: fakeUser('u-hank', 'Hank Scorpio', { email: 'hank@globex.com', role: 'admin' }),
                cloudResources: { provider: 'aws', status: 'failed', error: 'Bucket creation timed out' },
              },
              201,
            ),
        },
      ]),
    );
    renderApp('/organizations');
    const dialog = await openCreate();
    fillCreate(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText(CLOUD_ATTENTION)).toBeTruthy();
    expect(CLOUD_ATTENTION).toBe('Organization created but cloud resources may need attention');
    expect(within(dialog).getByText('Bucket creation timed out')).toBeTruthy();
    expect(screen.getByTestId('create-organization-dialog').getAttribute('data-state')).toBe('success');
  });

  it('goes to error with the server message and can try again', async () => {
    stubApi('system_admin', backend([{ method: 'POST', path: /^\/api\/organizations$/, reply: () => errorResponse(409, 'An organization with this domain already exists', 'CONFLICT') }]));
    renderApp('/organizations');
    const dialog = await openCreate();
    fillCreate(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Organization creation failed')).toBeTruthy();
    expect(within(dialog).getByText('An organization with this domain already exists')).toBeTruthy();
    expect(screen.getByTestId('create-organization-dialog').getAttribute('data-state')).toBe('error');
    expect((within(dialog).getByRole('button', { name: 'Create Organization' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Manage Organization modal', () => {
  async function openManage() {
    renderApp('/organizations');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Acme' }));
    return screen.findByRole('dialog', { name: 'Manage Organization: Acme' });
  }

  it('validates the security settings and shows each error under its field', async () => {
    stubApi('system_admin', backend());
    const dialog = await openManage();
    const section = await within(dialog).findByTestId('security-settings');
    const minLength = (await within(section).findByLabelText('Minimum password length')) as HTMLInputElement;
    expect(minLength.value).toBe('12');
    fireEvent.change(minLength, { target: { value: '4' } });
    fireEvent.change(within(section).getByLabelText('IP allowlist'), { target: { value: '10.0.0.300/8' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Validate' }));
    expect(await within(section).findByText('Minimum password length must be between 8 and 128')).toBeTruthy();
    expect(minLength.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(minLength.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Minimum password length must be between 8 and 128');
    const allowlist = within(section).getByLabelText('IP allowlist');
    expect(document.getElementById(allowlist.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Invalid CIDR: 10.0.0.300/8');
  });

  it('loads the defaults into the form', async () => {
    stubApi('system_admin', backend());
    const dialog = await openManage();
    const section = await within(dialog).findByTestId('security-settings');
    await within(section).findByLabelText('Minimum password length');
    fireEvent.click(within(section).getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() => expect((within(section).getByLabelText('Minimum password length') as HTMLInputElement).value).toBe('8'));
    expect((within(section).getByLabelText('Session max age (hours)') as HTMLInputElement).value).toBe('720');
    expect(within(section).getByText('Default values loaded. Save to apply them.')).toBeTruthy();
  });

  it('re-checks the cloud resources', async () => {
    stubApi(
      'system_admin',
      backend([
        {
          method: 'GET',
          path: /^\/api\/organizations\/org-acme\/cloud-resources\/status$/,
          reply: () => errorResponse(502, 'Failed to verify cloud resources', 'UPSTREAM_ERROR'),
        },
      ]),
    );
    const dialog = await openManage();
    const panel = await within(dialog).findByTestId('cloud-resources');
    await within(panel).findByText(/gw-acme-data/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Re-check' }));
    expect(await within(panel).findByText('Failed to verify cloud resources')).toBeTruthy();
  });

  it('lists the organization users and invites one on the domain', async () => {
    const fetchMock = stubApi('system_admin', backend());
    const dialog = await openManage();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Users' }));
    expect(await within(dialog).findByText('Wile Coyote')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reset password of Wile Coyote' })).toBeTruthy();
    const form = within(dialog).getByTestId('system-invite-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'road@runner.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Email must be from the acme.com domain')).toBeTruthy();
    expect(within(form).getByText('Please enter a full name')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'road@acme.com' } });
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Road Runner' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Invitation sent successfully')).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/organizations/org-acme/system-invite-user')[0]?.[1])).toEqual({ email: 'road@acme.com', fullName: 'Road Runner', role: 'admin' });
  });
});

describe('Organization settings page', () => {
  it("lets an admin rename the own organization, sending the name only", async () => {
    const fetchMock = stubApi(
      'admin',
      fakeRoutes([
        { method: 'GET', path: /^\/api\/organizations\/org-1$/, reply: () => jsonResponse({ ...ACME, id: 'org-1' }) },
        { method: 'PUT', path: /^\/api\/organizations\/org-1$/, reply: (_m, _u, init) => jsonResponse({ ...ACME, id: 'org-1', ...bodyOf(init) }) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/auth-settings$/, reply: () => jsonResponse(AUTH) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/security-settings$/, reply: () => jsonResponse(SECURITY) },
      ]),
    );
    renderApp('/organization/settings');
    const name = (await screen.findByTestId('organization-name')) as HTMLInputElement;
    expect(name.value).toBe('Acme');
    expect(screen.queryByLabelText('Status')).toBeNull();
    await screen.findByTestId('auth-settings');
    expect(await screen.findByLabelText('Minimum password length')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme Corporation' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Organization updated successfully')).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/organizations/org-1')[0]?.[1])).toEqual({ name: 'Acme Corporation' });
  });

  it('offers no Google switch where the identity provider has no Google sign-in, and counts password alone', async () => {
    expect(testConfig.googleSignIn).toBeUndefined();
    const fetchMock = stubApi(
      'admin',
      fakeRoutes([
        { method: 'GET', path: /^\/api\/organizations\/org-1$/, reply: () => jsonResponse({ ...ACME, id: 'org-1' }) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/auth-settings$/, reply: () => jsonResponse(AUTH) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/security-settings$/, reply: () => jsonResponse(SECURITY) },
      ]),
    );
    renderApp('/organization/settings');
    const section = await screen.findByTestId('auth-settings', {}, { timeout: 10_000 });
    await within(section).findByRole('switch', { name: 'Password sign-in' }, { timeout: 10_000 });
    expect(within(section).queryByRole('switch', { name: 'Google sign-in' })).toBeNull();
    // The stored googleLoginEnabled is true, but it leads nowhere: turning password off leaves no way in.
    fireEvent.click(within(section).getByRole('switch', { name: 'Password sign-in' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save authentication settings' }));
    expect(await within(section).findByText('At least one login method must be enabled')).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/organizations/org-1/auth-settings')).toHaveLength(0);
  });

  it('requires a login method in the auth settings', async () => {
    testConfig.googleSignIn = true;
    onTestFinished(() => {
      delete testConfig.googleSignIn;
    });
    const fetchMock = stubApi(
      'admin',
      fakeRoutes([
        { method: 'GET', path: /^\/api\/organizations\/org-1$/, reply: () => jsonResponse({ ...ACME, id: 'org-1' }) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/auth-settings$/, reply: () => jsonResponse(AUTH) },
        { method: 'PUT', path: /^\/api\/organizations\/org-1\/auth-settings$/, reply: (_m, _u, init) => jsonResponse({ ...AUTH, ...bodyOf(init) }) },
        { method: 'GET', path: /^\/api\/organizations\/org-1\/security-settings$/, reply: () => jsonResponse(SECURITY) },
      ]),
    );
    renderApp('/organization/settings');
    const section = await screen.findByTestId('auth-settings', {}, { timeout: 10_000 });
    fireEvent.click(within(section).getByRole('switch', { name: 'Password sign-in' }));
    fireEvent.click(within(section).getByRole('switch', { name: 'Google sign-in' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save authentication settings' }));
    expect(await within(section).findByText('At least one login method must be enabled')).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/organizations/org-1/auth-settings')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('switch', { name: 'Google sign-in' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save authentication settings' }));
    expect(await within(section).findByText('Authentication settings saved')).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/organizations/org-1/auth-settings')[0]?.[1])).toMatchObject({ passwordLoginEnabled: false, googleLoginEnabled: true });
  });
});
