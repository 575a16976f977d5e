// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN } from '../../../../shared/rules/application-form';
import { LLM_MODEL_LABELS, LLM_MODELS } from '../../../../shared/rules/chat';
import { bodyOf, errorResponse } from '../../__fixtures__/fake-api';
import { apiCalls, locationNow, renderApp, resetBrowserStateAfterEachTest, stubApi } from '../../__fixtures__/test-auth';
import { fakeApplication, ragBackend } from './__fixtures__/fake-rag-backend';

const SLACK_APP = fakeApplication('app-slack', 'Support bot', {
  integrations: [
    { type: 'api', platform: null, enabled: true, settings: { token: `rag_${'A'.repeat(40)}`, rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } },
    { type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********ijkl', signingSecret: '********6789', channels: '#support', eventsUrl: 'http://api.test/api/integrations/slack/events/app-slack' } },
  ],
});

resetBrowserStateAfterEachTest();

async function pickKnowledgeBase(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Select Knowledge Bases' }));
  const picker = await screen.findByRole('dialog', { name: 'Select Knowledge Bases' });
  fireEvent.click(await within(picker).findByRole('checkbox', { name }));
  fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Knowledge Bases' })).toBeNull());
}

describe('New RAG Application', () => {
  it('offers the five models with GPT-3.5 Turbo preselected', async () => {
    stubApi('admin', ragBackend({ applications: [] }));
    renderApp('/rag-applications/create');
    expect((await screen.findByTestId('page-title')).textContent).toBe('New RAG Application');
    const model = screen.getByRole('combobox', { name: /LLM Model/ });
    expect(model.textContent).toBe('GPT-3.5 Turbo');
    fireEvent.mouseDown(model);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(LLM_MODELS.map((id) => LLM_MODEL_LABELS[id]));
    expect(options.map((option) => option.getAttribute('data-value'))).toEqual([...LLM_MODELS]);
  });

  it('lets only ready knowledge bases be picked, and searches name and description', async () => {
    stubApi('admin', ragBackend({ applications: [] }));
    renderApp('/rag-applications/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Select Knowledge Bases' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Knowledge Bases' });
    const box = async (name: string) => (await within(picker).findByRole('checkbox', { name })) as HTMLInputElement;
    expect((await box('Handbook')).disabled).toBe(false);
    expect((await box('Travel policy')).disabled).toBe(false);
    expect((await box('Pricing')).disabled).toBe(true);
    expect((await box('Legacy wiki')).disabled).toBe(true);
    expect(within(picker).getByText('Processing')).toBeTruthy();
    expect(within(picker).getByText('Failed')).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Deploy Legacy wiki' })).toBeTruthy();

    fireEvent.change(within(picker).getByRole('textbox', { name: 'Search knowledge bases' }), { target: { value: 'EXPENSES' } });
    await waitFor(() => expect(within(picker).getAllByTestId('knowledge-base-option')).toHaveLength(1));
    expect(within(picker).getByRole('checkbox', { name: 'Travel policy' })).toBeTruthy();
  });

  it('needs a knowledge base and a name, then creates the application and returns to the list', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [] }));
    renderApp('/rag-applications/create');
    const submit = (await screen.findByRole('button', { name: 'Create Application' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.queryByTestId('knowledge-base-error')).toBeNull();

    // Closing the picker without a choice is when the message becomes the admin's business.
    fireEvent.click(screen.getByRole('button', { name: 'Select Knowledge Bases' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Knowledge Bases' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Knowledge Bases' })).toBeNull());
    expect(screen.getByTestId('knowledge-base-error').textContent).toBe('Please select at least one knowledge-base');

    await pickKnowledgeBase('Handbook');
    expect(within(screen.getByRole('region', { name: 'Selected knowledge bases' })).getByText('Handbook')).toBeTruthy();
    expect(screen.queryByTestId('knowledge-base-error')).toBeNull();
    expect(submit.disabled).toBe(false);

    fireEvent.click(submit);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/rag')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: '  Travel desk ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), { target: { value: 'Trips' } });
    fireEvent.click(submit);
    await waitFor(() => expect(locationNow()).toBe('/rag-applications'));
    const [body] = apiCalls(fetchMock, 'POST', '/api/rag').map(([, init]) => bodyOf(init));
    expect(body).toEqual({
      name: 'Travel desk',
      description: 'Trips',
      llmModel: 'gpt-3.5-turbo',
      indexIds: ['kb-1'],
      integrations: [],
      selectedKnowledgeBases: [{ id: 'kb-1', name: 'Handbook' }],
    });
    expect(await screen.findByText('Application created successfully', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('generates a rag_ API token and sends it with the rate limit and origins', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [] }));
    renderApp('/rag-applications/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Widget' } });
    await pickKnowledgeBase('Handbook');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable API access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    const token = (screen.getByRole('textbox', { name: 'API token' }) as HTMLInputElement).value;
    expect(API_TOKEN_PATTERN.test(token)).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Allowed origins' }), { target: { value: 'https://shop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    await waitFor(() => expect(apiCalls(fetchMock, 'POST', '/api/rag')).toHaveLength(1));
    expect(bodyOf(apiCalls(fetchMock, 'POST', '/api/rag')[0]?.[1]).integrations).toEqual([
      { type: 'api', enabled: true, settings: { token, rateLimit: 100, allowedOrigins: ['https://shop.example.com'] } },
    ]);
  });

  it("shows the server's message beside the field and in the alert when creating fails", async () => {
    stubApi(
      'admin',
      ragBackend({ applications: [], reply: { create: () => errorResponse(400, 'Knowledge base Handbook is not ready', 'VALIDATION_ERROR', [{ field: 'indexIds', message: 'Knowledge base Handbook is not ready' }]) } }),
    );
    renderApp('/rag-applications/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Widget' } });
    await pickKnowledgeBase('Handbook');
    fireEvent.click(screen.getByRole('button', { name: 'Create Application' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Knowledge base Handbook is not ready');
    expect(screen.getByTestId('knowledge-base-error').textContent).toBe('Knowledge base Handbook is not ready');
    expect(locationNow()).toBe('/rag-applications/create');
  });
});

describe('Edit RAG Application', () => {
  it('loads the application and saves its integrations back, masked Slack secrets included', async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [SLACK_APP] }));
    renderApp('/rag-applications/app-slack/edit');
    const name = (await screen.findByRole('textbox', { name: /Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Support bot');
    expect(screen.getByRole('combobox', { name: /LLM Model/ }).textContent).toBe('GPT-4');
    expect((screen.getByRole('textbox', { name: 'API token' }) as HTMLInputElement).value).toBe(`rag_${'A'.repeat(40)}`);
    expect(screen.getByTestId('slack-state').textContent).toBe('Enabled');

    fireEvent.click(screen.getByRole('button', { name: 'Configure Slack' }));
    const slack = await screen.findByRole('dialog', { name: 'Configure Slack Integration' });
    expect((within(slack).getByRole('textbox', { name: 'Events request URL' }) as HTMLInputElement).value).toBe('http://api.test/api/integrations/slack/events/app-slack');
    fireEvent.change(within(slack).getByRole('textbox', { name: 'Default channels' }), { target: { value: 'general' } });
    fireEvent.click(within(slack).getByRole('button', { name: 'Apply' }));
    expect(await within(slack).findByText('Invalid Slack channel: general')).toBeTruthy();
    fireEvent.change(within(slack).getByRole('textbox', { name: 'Default channels' }), { target: { value: '#support, #travel' } });
    fireEvent.click(within(slack).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configure Slack Integration' })).toBeNull());

    fireEvent.change(name, { target: { value: 'Support bot 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(locationNow()).toBe('/rag-applications'));
    expect(bodyOf(apiCalls(fetchMock, 'PUT', '/api/rag/app-slack')[0]?.[1])).toEqual({
      name: 'Support bot 2',
      description: 'Support bot answers questions',
      llmModel: 'gpt-4',
      indexIds: ['kb-1'],
      integrations: [
        { type: 'api', enabled: true, settings: { token: `rag_${'A'.repeat(40)}`, rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } },
        { type: 'messaging', platform: 'slack', enabled: true, settings: { botToken: '********ijkl', signingSecret: '********6789', channels: '#support,#travel' } },
      ],
    });
    expect(await screen.findByText('Application updated successfully', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("deletes only after 'delete' is typed, then returns to the list", async () => {
    const fetchMock = stubApi('admin', ragBackend({ applications: [SLACK_APP] }));
    renderApp('/rag-applications/app-slack/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete RAG Application' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const typed = within(dialog).getByRole('textbox', { name: 'Type delete to confirm' });
    fireEvent.change(typed, { target: { value: 'delet' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'DeLeTe' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(locationNow()).toBe('/rag-applications'));
    expect(apiCalls(fetchMock, 'DELETE', '/api/rag/app-slack')).toHaveLength(1);
    expect(await screen.findByText('Application deleted successfully', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows 'Failed to fetch application details' when the application cannot be read", async () => {
    stubApi('admin', ragBackend({ applications: [] }));
    renderApp('/rag-applications/missing/edit');
    const alert = await screen.findByTestId('error-alert');
    expect(alert.textContent).toContain('Failed to fetch application details');
    expect(alert.textContent).toContain('Application not found');
  });
});
