// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { rowAction } from '../../__fixtures__/list-page';
import { apiCalls, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { kbBackend, kbState, type KbState } from './__fixtures__/fake-kb-backend';

resetBrowserStateAfterEachTest();

const LATER = { timeout: 5000 };

function open(path: string, state: KbState = kbState()) {
  const fetchMock = stubApi('admin', kbBackend(state));
  renderApp(path);
  return { fetchMock, state };
}

const button = (name: string | RegExp, root: Pick<typeof screen, 'getByRole'> = screen) => root.getByRole('button', { name }) as HTMLButtonElement;
const nameField = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
const spin = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Knowledge base form', () => {
  it('creates from files picked in folders, after showing every validation message', async () => {
    const state = kbState();
    state.files.files.push({ ...state.files.files[0]!, id: 'd-q1', name: 'q1-report.pdf', folder_id: 'f-reports', path: 'Home/Reports/q1-report.pdf' });
    const { fetchMock } = open('/knowledge-bases/create', state);
    expect((await screen.findByTestId('page-title', undefined, LATER)).textContent).toBe('New Knowledge Base');
    // Submit needs a type and at least one source.
    expect(button('Create Knowledge Base').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Select Data Sources' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Files' }));
    fireEvent.click(button('Select Data Sources'));
    const picker = await screen.findByRole('dialog', { name: 'Select Data Sources' });
    const pick = within(picker);
    fireEvent.click(await pick.findByRole('checkbox', { name: 'Select handbook.pdf' }, LATER));
    // Folders come before files, and open on click; '..' and the breadcrumbs lead back.
    const names = pick.getAllByRole('listitem').map((item) => item.textContent);
    expect(names.findIndex((text) => text?.startsWith('Reports'))).toBeLessThan(names.findIndex((text) => text?.startsWith('handbook.pdf')));
    fireEvent.click(pick.getByRole('button', { name: 'Open folder Reports' }));
    fireEvent.click(await pick.findByRole('checkbox', { name: 'Select q1-report.pdf' }, LATER));
    expect(pick.getByRole('button', { name: 'Open folder Q1' })).toBeTruthy();
    expect(within(pick.getByRole('navigation', { name: 'Folder path' })).getByText('Reports').getAttribute('aria-current')).toBe('page');
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/data-sources').at(-1)?.[0])).searchParams.get('folder_id')).toBe('f-reports');
    fireEvent.click(pick.getByRole('button', { name: 'Parent folder' }));
    expect(await pick.findByRole('checkbox', { name: 'Select handbook.pdf' }, LATER)).toBeTruthy();
    expect((pick.getByRole('checkbox', { name: 'Select handbook.pdf' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('Select (2) Files', pick));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Data Sources' })).toBeNull());
    const chosen = screen.getByRole('list', { name: 'Selected sources' });
    expect(within(chosen).getByText('handbook.pdf')).toBeTruthy();
    expect(within(chosen).getByText('q1-report.pdf')).toBeTruthy();

    type(spin('Chunk size'), '50');
    type(spin('Overlap'), '300');
    fireEvent.click(button('Create Knowledge Base'));
    expect((await screen.findByTestId('kb-form-problems')).textContent).toBe('Name is required\nChunk size must be between 100 and 2000\nOverlap must be between 0 and 200');
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    type(spin('Chunk size'), '300');
    fireEvent.click(button('Create Knowledge Base'));
    expect((await screen.findByTestId('kb-form-problems')).textContent).toBe('Name is required\nOverlap must be between 0 and 200');
    expect(apiCalls(fetchMock, 'POST', '/api/knowledge-bases')).toHaveLength(0);

    type(nameField(), '  Guides  ');
    type(spin('Overlap'), '30');
    fireEvent.click(button('Create Knowledge Base'));
    expect(await screen.findByText('Knowledge Base created successfully', undefined, LATER)).toBeTruthy();
    expect(locationNow()).toBe('/knowledge-bases');
    const posts = apiCalls(fetchMock, 'POST', '/api/knowledge-bases');
    expect(bodyOf(posts[0]?.[1])).toEqual({
      name: 'Guides',
      description: '',
      source_type: 'files',
      embedding_model: 'text-embedding-ada-002',
      chunk_size: 300,
      overlap: 30,
      data_source_ids: ['d-handbook', 'd-q1'],
    });
  });

  async function fillNewFilesKnowledgeBase(name: string) {
    expect((await screen.findByTestId('page-title', undefined, LATER)).textContent).toBe('New Knowledge Base');
    fireEvent.click(screen.getByRole('radio', { name: 'Files' }));
    fireEvent.click(button('Select Data Sources'));
    const picker = await screen.findByRole('dialog', { name: 'Select Data Sources' });
    fireEvent.click(await within(picker).findByRole('checkbox', { name: 'Select handbook.pdf' }, LATER));
    fireEvent.click(button('Select (1) Files', within(picker)));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Data Sources' })).toBeNull());
    type(nameField(), name);
  }

  it('creates and deploys in one go from "Create and deploy"', async () => {
    const { fetchMock, state } = open('/knowledge-bases/create');
    await fillNewFilesKnowledgeBase('Guides');
    fireEvent.click(button('Create and deploy'));
    expect(await screen.findByText('Knowledge Base created successfully. Knowledge base deployment initiated', undefined, LATER)).toBeTruthy();
    expect(locationNow()).toBe('/knowledge-bases');
    const created = state.knowledgeBases.find((kb) => kb.name === 'Guides');
    expect(created?.status).toBe('processing');
    expect(apiCalls(fetchMock, 'POST', `/api/knowledge-bases/${created?.id}/deploy`)).toHaveLength(1);
  });

  it('keeps the knowledge base and says why when the deploy after creating is refused', async () => {
    const state = kbState();
    state.deployReply = () => errorResponse(409, 'Data sources are not ready for indexing: handbook.pdf', 'CONFLICT');
    const { fetchMock } = open('/knowledge-bases/create', state);
    await fillNewFilesKnowledgeBase('Guides');
    fireEvent.click(button('Create and deploy'));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(locationNow()).toBe('/knowledge-bases');
    expect(alert.textContent).toContain('Failed to deploy knowledge base');
    expect(alert.textContent).toContain('Guides was created as an undeployed draft');
    expect(alert.textContent).toContain('Data sources are not ready for indexing: handbook.pdf');
    expect(screen.getByText('Knowledge Base created successfully')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/knowledge-bases')).toHaveLength(1);
    expect(state.knowledgeBases.find((kb) => kb.name === 'Guides')?.status).toBe('draft');
  });

  it('creates without deploying from the plain Create button', async () => {
    const { fetchMock } = open('/knowledge-bases/create');
    await fillNewFilesKnowledgeBase('Guides');
    fireEvent.click(button('Create Knowledge Base'));
    expect(await screen.findByText('Knowledge Base created successfully', undefined, LATER)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/deploy'))).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the knowledge base", async () => {
    const state = kbState();
    state.saveReply = () => errorResponse(402, 'Knowledge base limit reached for your plan', 'QUOTA_EXCEEDED');
    open('/knowledge-bases/kb-draft/edit', state);
    await waitFor(() => expect(nameField().value).toBe('Handbook'), LATER);
    await screen.findByText('handbook.pdf', undefined, LATER);
    fireEvent.click(button('Save'));
    const alert = await screen.findByTestId('error-alert', undefined, LATER);
    expect(alert.textContent).toContain('Failed to save knowledge base');
    expect(alert.textContent).toContain('Knowledge base limit reached for your plan');
    expect(locationNow()).toBe('/knowledge-bases/kb-draft/edit');
  });

  it('lets only the name and description of a ready knowledge base change', async () => {
    const { fetchMock } = open('/knowledge-bases/kb-ready/edit');
    await waitFor(() => expect(nameField().value).toBe('Policies'), LATER);
    expect(screen.getByTestId('page-title').textContent).toBe('Edit Knowledge Base');
    expect(screen.getByTestId('kb-locked').textContent).toContain('Only name and description can be modified');
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(button('Select Data Sources').disabled).toBe(true);
    expect(spin('Chunk size').disabled).toBe(true);
    expect(spin('Overlap').disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Embedding model' }).getAttribute('aria-disabled')).toBe('true');
    expect((await screen.findByRole('button', { name: 'Remove handbook.pdf' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(spin('Chunk size').closest('.MuiPaper-root') as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only name and description can be modified');
    // Applications use it: Delete is refused with their names.
    await waitFor(() => expect(button('Delete').disabled).toBe(true), LATER);
    fireEvent.mouseOver(button('Delete').parentElement as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('tooltip').some((tip) => tip.textContent === 'Cannot delete - in use by: Support Bot')).toBe(true));

    expect(nameField().disabled).toBe(false);
    type(nameField(), 'Policies v2');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Knowledge Base updated successfully', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'PUT', '/api/knowledge-bases/kb-ready').map(([, init]) => bodyOf(init))).toEqual([{ name: 'Policies v2', description: 'Policies description' }]);
  });

  it('shows sources that no longer exist as orphaned, and keeps or removes them on save', async () => {
    const state = kbState();
    state.knowledgeBases[0]!.data_source_ids = ['d-handbook', 'd-gone'];
    const { fetchMock } = open('/knowledge-bases/kb-draft/edit', state);
    const orphan = await screen.findByTestId('kb-orphaned-source', undefined, LATER);
    expect(orphan.textContent).toContain('Orphaned Source');
    expect(orphan.textContent).toContain('(orphaned)');
    expect(orphan.textContent).toContain('ID: d-gone');
    expect(screen.getAllByTestId('kb-selected-source').map((item) => item.textContent)).toEqual([expect.stringContaining('handbook.pdf')]);
    expect((screen.getByRole('radio', { name: 'Files' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(button('Remove orphaned source d-gone'));
    expect(screen.queryByTestId('kb-orphaned-source')).toBeNull();
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Knowledge Base updated successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/knowledge-bases/kb-draft')[0]?.[1])).toEqual({
      name: 'Handbook',
      description: 'Handbook description',
      embedding_model: 'text-embedding-ada-002',
      chunk_size: 500,
      overlap: 50,
      data_source_ids: ['d-handbook'],
    });
  });

  it('clones a knowledge base into a new one from the list', async () => {
    const { fetchMock } = open('/knowledge-bases');
    // The list's Actions panel clones the selected row.
    await screen.findByLabelText('Select Policies', undefined, LATER);
    fireEvent.click(await rowAction('Policies', 'Clone'));
    expect((await screen.findByTestId('page-title', undefined, LATER)).textContent).toBe('Clone Knowledge Base');
    expect(nameField().value).toBe('Policies (Clone)');
    const files = screen.getByRole('radio', { name: 'Files' }) as HTMLInputElement;
    expect([files.checked, files.disabled]).toEqual([true, false]);
    await screen.findByText('handbook.pdf', undefined, LATER);
    fireEvent.click(button('Create Knowledge Base'));
    expect(await screen.findByText('Knowledge Base cloned successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/knowledge-bases')[0]?.[1])).toMatchObject({ name: 'Policies (Clone)', source_type: 'files', data_source_ids: ['d-handbook'] });
  });

  it('builds a website knowledge base from the website picker, searched by name, URL and description', async () => {
    const { fetchMock } = open('/knowledge-bases/create');
    fireEvent.click(await screen.findByRole('radio', { name: 'Websites' }, LATER));
    fireEvent.click(button('Select Websites'));
    const picker = await screen.findByRole('dialog', { name: 'Select Websites' });
    const pick = within(picker);
    expect(['Name', 'URL', 'Crawl Frequency', 'Crawl Depth'].every((column) => pick.getByRole('columnheader', { name: column }))).toBe(true);
    const docs = (await pick.findByRole('checkbox', { name: 'Select Product docs' }, LATER)).closest('tr') as HTMLElement;
    expect(within(docs).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', 'Product docs', 'https://docs.example.com/', 'weekly', '3']);
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/web-sources')[0]?.[0])).searchParams.get('all')).toBe('true');
    expect(button('Select (0) Website(s)', pick).disabled).toBe(true);

    const search = pick.getByRole('textbox', { name: 'Search websites' });
    const listed = () => pick.queryAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    type(search, 'example.org');
    expect(listed()).toEqual(['Select Help centre']);
    type(search, 'for customers');
    expect(listed()).toEqual(['Select Help centre']);
    type(search, 'product');
    expect(listed()).toEqual(['Select Product docs']);
    fireEvent.click(pick.getByRole('checkbox', { name: 'Select Product docs' }));
    type(search, 'weekly');
    expect(pick.getByTestId('kb-picker-empty').textContent).toBe('No websites match your search');
    type(search, '');
    fireEvent.click(pick.getByRole('checkbox', { name: 'Select Help centre' }));
    fireEvent.click(button('Select (2) Website(s)', pick));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Websites' })).toBeNull());
    const chosen = screen.getAllByTestId('kb-selected-source').map((item) => item.textContent);
    expect(chosen).toEqual(['Product docshttps://docs.example.com/', 'Help centrehttps://help.example.org/']);

    type(nameField(), 'Docs');
    fireEvent.click(button('Create Knowledge Base'));
    expect(await screen.findByText('Knowledge Base created successfully', undefined, LATER)).toBeTruthy();
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/knowledge-bases')[0]?.[1])).toMatchObject({ name: 'Docs', source_type: 'websites', data_source_ids: ['w-1', 'w-2'] });
  });

  it('shows the websites of a knowledge base by name, and one that no longer exists as orphaned', async () => {
    const state = kbState();
    state.knowledgeBases[2]!.data_source_ids = ['w-1', 'w-gone'];
    open('/knowledge-bases/kb-web/edit', state);
    await waitFor(() => expect(nameField().value).toBe('Docs site'), LATER);
    expect((screen.getByRole('radio', { name: 'Websites' }) as HTMLInputElement).checked).toBe(true);
    const orphan = await screen.findByTestId('kb-orphaned-source', undefined, LATER);
    expect(orphan.textContent).toContain('Orphaned Source');
    expect(orphan.textContent).toContain('ID: w-gone');
    expect(screen.getAllByTestId('kb-selected-source').map((item) => item.textContent)).toEqual(['Product docshttps://docs.example.com/']);
  });

  it('says so when API endpoints cannot be listed yet (501), instead of failing', async () => {
    open('/knowledge-bases/create');
    fireEvent.click(await screen.findByRole('radio', { name: 'APIs' }, LATER));
    fireEvent.click(button('Select API Endpoints'));
    const picker = await screen.findByRole('dialog', { name: 'Select API Endpoints' });
    expect((await within(picker).findByTestId('kb-picker-unavailable', undefined, LATER)).textContent).toContain('This endpoint is not available yet in this release');
    expect(within(picker).getByTestId('kb-picker-empty').textContent).toBe('No API endpoints available.');
    expect(['Name', 'Method', 'URL', 'Headers'].every((column) => within(picker).getByRole('columnheader', { name: column }))).toBe(true);
    expect(button('Select (0) Endpoint(s)', within(picker)).disabled).toBe(true);
  });
});
