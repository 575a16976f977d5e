// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse, type FakeRoute } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { actionButton, selectRow } from '../../__fixtures__/list-page';
import { filesBackend, filesState, installFakeXhr } from '../files/__fixtures__/fake-files-backend';

resetBrowserStateAfterEachTest();
/** Each action here waits for a few fake round trips; a loaded test machine needs more than 1 s. */
const LATER = { timeout: 5000 };

const STORED = { configured: true, endpoint: 'https://s3.example.com', accessKey: 'AKIA1', secretKey: '********wxyz', bucket: 'team-docs', updated_at: '2025-03-01T09:30:00.000Z' };

function backend(role: string, extra: FakeRoute[] = []) {
  return filesBackend(filesState(), [
    ...extra,
    { method: 'GET', path: /^\/api\/users\/user-1\/role$/, reply: () => jsonResponse({ role }) },
    { method: 'GET', path: /^\/api\/storage-credentials\/user-1$/, reply: () => jsonResponse(STORED) },
    { method: 'PUT', path: /^\/api\/storage-credentials\/user-1$/, reply: (_m, _u, init) => jsonResponse({ ...STORED, ...bodyOf(init), secretKey: '********' + String(bodyOf(init).secretKey ?? 'wxyz').slice(-4) }) },
  ]);
}

async function openMyFiles(role: string, extra: FakeRoute[] = []) {
  const fetchMock = stubApi('admin', backend(role, extra));
  renderApp('/data-sources/uploaded');
  await screen.findByText('handbook.pdf', undefined, LATER);
  return fetchMock;
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'tr *' }, LATER)).closest('tr') as HTMLElement;

describe('My Uploaded Files', () => {
  it("lists the caller's own uploads with the contract's preset query", async () => {
    const fetchMock = await openMyFiles('admin');
    const query = new URL(String(apiCalls(fetchMock, 'GET', '/api/data-sources')[0]?.[0])).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ source: 'file_upload', created_by: 'me', recursive: 'true', all: 'true' });
    expect(screen.queryByText('new.txt')).toBeNull();
    expect(screen.getByRole('heading', { name: 'My Uploaded Files' })).toBeTruthy();
  });

  it('enables details, download and delete only when the role the server reports is admin', async () => {
    await openMyFiles('user');
    await selectRow('handbook.pdf');
    expect((await row('handbook.pdf')).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(actionButton('Delete').disabled).toBe(true), LATER);
    expect(actionButton('Details').disabled).toBe(true);
    expect(actionButton('Download').disabled).toBe(true);
    cleanup();

    const fetchMock = await openMyFiles('admin');
    await selectRow('handbook.pdf');
    await waitFor(() => expect(actionButton('Delete').disabled).toBe(false), LATER);
    fireEvent.click(actionButton('Delete'));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' }, LATER);
    expect(confirm.textContent).toContain('Are you sure you want to delete "handbook.pdf"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'DELETE', '/api/data-sources/d-handbook')).toHaveLength(1);
  });

  it('limits uploads to 10 MB on this page', async () => {
    const fetchMock = await openMyFiles('admin');
    installFakeXhr();
    const file = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
    expect(await screen.findByText('File size exceeds 10MB limit', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/data-sources/upload-url')).toHaveLength(0);
  });
});

describe('an upload refused by the plan (402)', () => {
  it('names the storage limit with its figures and links an admin to the plans', async () => {
    const storageFull = errorResponse(402, 'Storage limit reached for your plan', 'QUOTA_EXCEEDED', { resource: 'storage', limit: 1024 ** 3, used: 1024 ** 3 });
    await openMyFiles('admin', [{ method: 'POST', path: /^\/api\/data-sources\/upload-url$/, reply: () => storageFull }]);
    installFakeXhr();
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] } });
    const notice = await screen.findByTestId('quota-notice', undefined, LATER);
    expect(notice.textContent).toContain('Plan limit reached: storage (1 GB of 1 GB used).');
    expect(within(notice).getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/organization/settings/billing');
    expect(screen.getByText('Storage limit reached for your plan')).toBeTruthy();
  });
});

describe('Object storage settings', () => {
  async function openSettings(extra: FakeRoute[] = []) {
    const fetchMock = await openMyFiles('admin', extra);
    fireEvent.click(screen.getByRole('button', { name: 'Storage settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Object Storage Settings' }, LATER);
    await waitFor(() => expect((within(dialog).getByTestId('storage-endpoint') as HTMLInputElement).value).toBe('https://s3.example.com'), LATER);
    return { fetchMock, dialog };
  }

  it('keeps the stored secret by sending its masked value back', async () => {
    const { fetchMock, dialog } = await openSettings();
    expect((within(dialog).getByTestId('storage-secret-key') as HTMLInputElement).value).toBe('********wxyz');
    expect(within(dialog).getByText('The stored secret is kept unless you enter a new one')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('storage-bucket'), { target: { value: 'team-docs-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Storage settings saved successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/storage-credentials/user-1')[0]?.[1])).toEqual({
      endpoint: 'https://s3.example.com',
      accessKey: 'AKIA1',
      secretKey: '********wxyz',
      bucket: 'team-docs-2',
    });
  });

  it('tests the connection only with endpoint, access key and secret key, and shows the answer', async () => {
    const { fetchMock, dialog } = await openSettings([
      {
        method: 'POST',
        path: /^\/api\/storage-credentials\/test$/,
        reply: (_m, _u, init) =>
          bodyOf(init).secretKey === 'wrong'
            ? errorResponse(400, 'Failed to connect to Minio server. Please check your credentials.')
            : jsonResponse({ success: true, message: 'Connection successful! All credentials are valid.' }),
      },
    ]);
    const testButton = within(dialog).getByRole('button', { name: 'Test Connection' }) as HTMLButtonElement;
    fireEvent.click(testButton);
    expect(await within(dialog).findByText('Connection successful! All credentials are valid.', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/storage-credentials/test')[0]?.[1])).toEqual({ endpoint: 'https://s3.example.com', accessKey: 'AKIA1', secretKey: '********wxyz', bucket: 'team-docs' });

    fireEvent.change(within(dialog).getByTestId('storage-secret-key'), { target: { value: 'wrong' } });
    fireEvent.click(testButton);
    expect(await within(dialog).findByText('Failed to connect to Minio server. Please check your credentials.', undefined, LATER)).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('storage-access-key'), { target: { value: '' } });
    expect(testButton.disabled).toBe(true);
  });

  it('says so when the test cannot reach the server', async () => {
    const { dialog } = await openSettings([
      {
        method: 'POST',
        path: /^\/api\/storage-credentials\/test$/,
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    expect(await within(dialog).findByText('Network error occurred while testing connection.', undefined, LATER)).toBeTruthy();
  });

  it('fills the form from a credentials file, and rejects a malformed one', async () => {
    const { dialog } = await openSettings();
    const input = within(dialog).getByTestId('credentials-file-input');
    fireEvent.change(input, { target: { files: [new File(['{ not json'], 'credentials.json', { type: 'application/json' })] } });
    expect(await within(dialog).findByText('Invalid JSON data-source format. Please check the data-source and try again.', undefined, LATER)).toBeTruthy();

    const good = JSON.stringify({ url: 'http://minio.internal:9000', accessKey: 'minio-user', secretKey: 'minio-secret', api: 's3v4' });
    fireEvent.change(input, { target: { files: [new File([good], 'credentials.json', { type: 'application/json' })] } });
    await waitFor(() => expect((within(dialog).getByTestId('storage-endpoint') as HTMLInputElement).value).toBe('http://minio.internal:9000'), LATER);
    expect((within(dialog).getByTestId('storage-access-key') as HTMLInputElement).value).toBe('minio-user');
    expect((within(dialog).getByTestId('storage-secret-key') as HTMLInputElement).value).toBe('minio-secret');
    expect((within(dialog).getByTestId('storage-bucket') as HTMLInputElement).value).toBe('team-docs');
  });

  it("shows the server's reason when saving fails", async () => {
    const { dialog } = await openSettings([
      { method: 'PUT', path: /^\/api\/storage-credentials\/user-1$/, reply: () => errorResponse(400, 'Bucket name is invalid', 'VALIDATION_ERROR', [{ field: 'bucket', message: 'Bucket name is invalid' }]) },
    ]);
    fireEvent.change(within(dialog).getByTestId('storage-bucket'), { target: { value: 'Bad_Bucket' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to save credentials. Please try again.', undefined, LATER)).toBeTruthy();
    expect(within(dialog).getAllByText('Bucket name is invalid').length).toBeGreaterThan(0);
  });
});
