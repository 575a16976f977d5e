// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { apiCalls, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { browserNavigation } from '../../features/files/useFiles';
import { filesBackend, filesState, installFakeXhr, type FilesState } from './__fixtures__/fake-files-backend';

resetBrowserStateAfterEachTest();
/** Each action here waits for a few fake round trips; a loaded test machine needs more than 1 s. */
const LATER = { timeout: 5000 };

type FetchMock = ReturnType<typeof stubApi>;
const lastListQuery = (fetchMock: FetchMock) => new URL(String(apiCalls(fetchMock, 'GET', '/api/data-sources').at(-1)?.[0])).searchParams;

const row = async (name: string) => (await screen.findByText(name, undefined, LATER)).closest('tr') as HTMLElement;

async function openFiles(state: FilesState = filesState(), extra: Parameters<typeof filesBackend>[1] = []) {
  const fetchMock = stubApi('admin', filesBackend(state, extra));
  renderApp('/data-sources');
  await screen.findByText('handbook.pdf', undefined, LATER);
  return { fetchMock, state };
}

describe('Files page', () => {
  it('lists folders first with their counts, and badges failed and processing files', async () => {
    const { fetchMock } = await openFiles();
    const query = lastListQuery(fetchMock);
    expect(query.get('sort_by')).toBe('updated_at');
    expect(query.get('sort_order')).toBe('desc');
    expect(query.get('limit')).toBe('10');

    const reports = await row('Reports');
    expect(within(reports).getByText(/3 total files \(1 direct\)/)).toBeTruthy();
    expect(within(reports).getByText(/1 subfolder/)).toBeTruthy();
    const failed = within(await row('broken.docx')).getByText('Failed');
    expect(failed.closest('[aria-description]')?.getAttribute('aria-description')).toBe('File could not be parsed');
    expect(within(await row('new.txt')).getByText('Processing')).toBeTruthy();
    expect(within(await row('handbook.pdf')).queryByText('Processing')).toBeNull();
    // Someone else's file: no download for a pending one, and no drag handle without canManage.
    expect((within(await row('new.txt')).getByRole('button', { name: 'Download new.txt' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('searches on Enter or the search button only, and the clear button resets', async () => {
    const { fetchMock } = await openFiles();
    const before = apiCalls(fetchMock, 'GET', '/api/data-sources').length;
    const input = screen.getByLabelText('Search files');
    fireEvent.change(input, { target: { value: 'hand' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiCalls(fetchMock, 'GET', '/api/data-sources')).toHaveLength(before);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(lastListQuery(fetchMock).get('search')).toBe('hand'), LATER);
    await waitFor(() => expect(screen.queryByText('broken.docx')).toBeNull(), LATER);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('broken.docx', undefined, LATER)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('opens a folder with breadcrumbs and goes back', async () => {
    const { fetchMock } = await openFiles();
    fireEvent.click(screen.getByRole('button', { name: 'Reports' }));
    await waitFor(() => expect(lastListQuery(fetchMock).get('folder_id')).toBe('f-reports'), LATER);
    const crumbs = await screen.findByTestId('folder-breadcrumbs', undefined, LATER);
    await within(crumbs).findByText('Reports', undefined, LATER);
    expect(await screen.findByText('Q1', undefined, LATER)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('handbook.pdf', undefined, LATER)).toBeTruthy();
  });

  it('bulk-deletes after the browser confirm with the counts', async () => {
    const { fetchMock } = await openFiles();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(await row('Archive')).getByLabelText('Select Archive'));
    fireEvent.click(within(await row('handbook.pdf')).getByLabelText('Select handbook.pdf'));
    fireEvent.click(within(await row('broken.docx')).getByLabelText('Select broken.docx'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete (3)' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete 2 file(s) and 1 folder(s)?');
    expect(apiCalls(fetchMock, 'DELETE', '/api/data-sources/d-handbook')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete (3)' }));
    expect(await screen.findByText('3 items deleted successfully', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'DELETE', '/api/folders/f-archive')).toHaveLength(1);
    expect(apiCalls(fetchMock, 'DELETE', '/api/data-sources/d-handbook')).toHaveLength(1);
    expect(apiCalls(fetchMock, 'DELETE', '/api/data-sources/d-broken')).toHaveLength(1);
  });

  it('selects all rows of the page for an admin', async () => {
    await openFiles();
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByRole('button', { name: 'Move Items (5)' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
  });

  it("refuses moving a folder into itself or its child, and moves it elsewhere", async () => {
    const { fetchMock } = await openFiles();
    fireEvent.click(within(await row('Reports')).getByLabelText('Select Reports'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Items (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Destination Folder' }, LATER);
    const target = async (name: string) => (await within(dialog).findAllByTestId('move-target', undefined, LATER)).find((element) => element.dataset.folderName === name) as HTMLElement;

    for (const refused of ['Reports', 'Q1']) {
      const element = await target(refused);
      expect(element.getAttribute('aria-disabled')).toBe('true');
      expect(within(element).getByText("Can't move to this folder")).toBeTruthy();
    }
    expect((await target('Archive')).getAttribute('aria-disabled')).toBeNull();
    const moveHere = within(dialog).getByRole('button', { name: 'Move Here' }) as HTMLButtonElement;
    expect(moveHere.disabled).toBe(true);
    fireEvent.click(await target('Home'));
    expect(moveHere.disabled).toBe(true);
    fireEvent.click(await target('Archive'));
    fireEvent.click(moveHere);
    expect(await screen.findByText('Moved "Reports" to "Archive"', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/folders/move')[0]?.[1])).toEqual({ sourceId: 'f-reports', folderId: 'f-archive' });
  });

  it("says 'Some items could not be moved' when only part of a move succeeds", async () => {
    const { fetchMock } = await openFiles(filesState(), [
      { method: 'POST', path: /^\/api\/folders\/move$/, reply: () => errorResponse(409, 'A folder with this name already exists in this location', 'CONFLICT') },
    ]);
    fireEvent.click(within(await row('Reports')).getByLabelText('Select Reports'));
    fireEvent.click(within(await row('handbook.pdf')).getByLabelText('Select handbook.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Items (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Destination Folder' }, LATER);
    const archive = (await within(dialog).findAllByTestId('move-target', undefined, LATER)).find((element) => element.dataset.folderName === 'Archive') as HTMLElement;
    fireEvent.click(archive);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Here' }));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(within(alert).getByText('Some items could not be moved')).toBeTruthy();
    expect(alert.textContent).toContain('Reports: A folder with this name already exists in this location');
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/data-sources/move')[0]?.[1])).toEqual({ sourceId: 'd-handbook', folderId: 'f-archive' });
  });

  it('moves a file dropped onto a folder row', async () => {
    const { fetchMock } = await openFiles();
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return [...store.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const file = await row('handbook.pdf');
    expect(file.getAttribute('draggable')).toBe('true');
    fireEvent.dragStart(file, { dataTransfer });
    const folder = await row('Archive');
    fireEvent.dragOver(folder, { dataTransfer });
    fireEvent.drop(folder, { dataTransfer });
    expect(await screen.findByText('Moved "handbook.pdf" to "Archive"', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/data-sources/move')[0]?.[1])).toEqual({ sourceId: 'd-handbook', folderId: 'f-archive' });
  });

  it('renames and deletes from the right-click menu with the spec texts', async () => {
    const { fetchMock } = await openFiles(filesState(), [
      { method: 'PATCH', path: /^\/api\/data-sources\/d-handbook$/, reply: () => errorResponse(400, 'Name cannot be empty') },
    ]);
    fireEvent.contextMenu(await row('handbook.pdf'), { clientX: 10, clientY: 10 });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }, LATER));
    const rename = await screen.findByRole('dialog', { name: 'Rename Data Source' }, LATER);
    fireEvent.change(within(rename).getByTestId('name-input'), { target: { value: '  ' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(rename).findByText('Name cannot be empty', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'PATCH', '/api/data-sources/d-handbook')).toHaveLength(0);
    fireEvent.click(within(rename).getByRole('button', { name: 'Cancel' }));

    fireEvent.contextMenu(await row('Archive'), { clientX: 10, clientY: 10 });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }, LATER));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' }, LATER);
    expect(confirm.textContent).toContain('Are you sure you want to delete "Archive"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Folder deleted successfully', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'DELETE', '/api/folders/f-archive')).toHaveLength(1);
  });

  it('creates a folder in the current folder, checking the name first', async () => {
    const { fetchMock } = await openFiles();
    fireEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder' }, LATER);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(await within(dialog).findByText('Folder name is required', undefined, LATER)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('name-input'), { target: { value: ' Contracts ' } });
    fireEvent.change(within(dialog).getByTestId('description-input'), { target: { value: 'Signed ones' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('Folder created successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/folders')[0]?.[1])).toEqual({ name: 'Contracts', description: 'Signed ones' });
  });

  it('shows file details with the access level, and downloads only an active file', async () => {
    const { fetchMock } = await openFiles(filesState(), [
      { method: 'GET', path: /^\/api\/files\/download\/d-handbook$/, reply: () => new Response(JSON.stringify({ url: 'http://objects.test/handbook.pdf?sig=1', filename: 'handbook.pdf', expiresIn: 300 }), { headers: { 'Content-Type': 'application/json' } }) },
    ]);
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);

    fireEvent.click(within(await row('new.txt')).getByRole('button', { name: 'Details of new.txt' }));
    let dialog = await screen.findByRole('dialog', { name: 'File Details' }, LATER);
    expect(await within(dialog).findByText('Manager', undefined, LATER)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'File Details' })).toBeNull(), LATER);

    fireEvent.click(within(await row('handbook.pdf')).getByRole('button', { name: 'Details of handbook.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'File Details' }, LATER);
    expect(within(dialog).getByTestId('access-level').textContent).toBe('Owner');
    expect(await within(dialog).findByText('Engineering', undefined, LATER)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://objects.test/handbook.pdf?sig=1'), LATER);
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/files/download/d-handbook')[0]?.[0])).searchParams.get('redirect')).toBe('false');
  });
});

describe('Upload Files modal', () => {
  it('refuses wrong types and files over 50 MB before any call', async () => {
    const { fetchMock } = await openFiles();
    const sent = installFakeXhr();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, LATER);
    expect(within(dialog).getByText('Supported formats: TXT, PDF, DOCX, MD, CSV, JSON, XLSX, XLS, PPTX, PPT')).toBeTruthy();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' }), big] } });
    expect(await within(dialog).findByText('File type not accepted', undefined, LATER)).toBeTruthy();
    expect(within(dialog).getByText('File size exceeds 50MB limit')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/data-sources/upload-url')).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('uploads in three steps with the signed Content-Type, then polls until the file is processed', async () => {
    const state = filesState();
    const { fetchMock } = await openFiles(state);
    const sent = installFakeXhr();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, LATER);
    fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File(['# Notes'], 'notes.md', { type: '' })] } });

    expect(await screen.findByText('File uploaded successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/data-sources/upload-url')[0]?.[1])).toEqual({ filename: 'notes.md', size: 7, mimeType: 'text/markdown' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'text/markdown' } });
    expect(sent[0]?.url).toContain('X-Amz-Signature');
    const complete = bodyOf(apiCalls(fetchMock, 'POST', '/api/data-sources/upload-complete')[0]?.[1]);
    expect(complete).toMatchObject({ dataSourceId: 'd-up-3', size: 7, mimeType: 'text/markdown' });
    expect(within(dialog).getByText(/Uploaded, processing/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const uploaded = await row('notes.md');
    expect(within(uploaded).getByText('Processing')).toBeTruthy();
    // Ingest finishes: the next poll shows it active.
    for (const item of state.files) item.status = item.id === 'd-broken' ? 'failed' : 'active';
    await waitFor(() => expect(within(uploaded).queryByText('Processing')).toBeNull(), { timeout: 10_000 });
  });

  it("follows each uploaded file in the dialog until it is ready or failed, with the failure's reason", async () => {
    const state = filesState();
    const { fetchMock } = await openFiles(state);
    installFakeXhr();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, LATER);
    fireEvent.change(within(dialog).getByTestId('upload-input'), {
      target: { files: [new File(['# Notes'], 'notes.md', { type: '' }), new File(['%PDF'], 'locked.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(within(dialog).getAllByText(/Uploaded, processing/)).toHaveLength(2), LATER);
    const entry = (name: string) => within(within(dialog).getByTitle(name).closest('[data-testid="upload-entry"]') as HTMLElement).getByTestId('upload-entry-status');

    // Ingestion settles after the transfer: one file is ready, the other refused.
    for (const item of state.files) {
      if (item.name === 'notes.md') item.status = 'active';
      if (item.name === 'locked.pdf') Object.assign(item, { status: 'failed', metadata: { ...item.metadata, error: 'File is password-protected' } });
    }
    await waitFor(() => expect(entry('notes.md').textContent).toContain('Uploaded, ready'), { timeout: 10_000 });
    await waitFor(() => expect(entry('locked.pdf').textContent).toBe('Processing failed: File is password-protected'), { timeout: 10_000 });
    expect(apiCalls(fetchMock, 'GET', '/api/data-sources/d-up-3').length).toBeGreaterThan(0);

    // Once settled, a file is no longer asked about.
    const asked = fetchMock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fetchMock.mock.calls.slice(asked).filter(([url]) => /\/api\/data-sources\/d-up-\d$/.test(new URL(String(url)).pathname))).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(await row('locked.pdf')).getByText('Failed')).toBeTruthy();
    expect(within(await row('notes.md')).queryByText('Processing')).toBeNull();
  });

  it('shows the storage status when the PUT fails', async () => {
    await openFiles();
    installFakeXhr(403);
    fireEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, LATER);
    fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File(['a'], 'a.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Upload failed with status 403', undefined, LATER)).toBeTruthy();
    expect(await screen.findByText('Failed to upload file(s)', undefined, LATER)).toBeTruthy();
  });

  it("shows the server's refusal of the upload URL", async () => {
    await openFiles(filesState(), [{ method: 'POST', path: /^\/api\/data-sources\/upload-url$/, reply: () => errorResponse(402, 'Storage limit reached for your plan', 'QUOTA_EXCEEDED') }]);
    installFakeXhr();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' }, LATER);
    fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File(['a'], 'a.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Storage limit reached for your plan', undefined, LATER)).toBeTruthy();
  });
});
