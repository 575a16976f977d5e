// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../__fixtures__/fake-api';
import { apiCalls, jsonResponse, stubApi } from '../../__fixtures__/test-auth';
import { browserNavigation } from '../files/useFiles';
import { CHAT_FAILURE_TEXT, EXTRACTED_LABEL } from './chat-constants';
import { renderChatLauncher, setViewportWidth } from './__fixtures__/chat-test-kit';
import { chatTabs } from './ChatWindow';
import { chatBackend, chatState, storedSession, type ChatBackendState } from './__fixtures__/fake-chat-backend';

const LATER = { timeout: 5000 };
const HR = { id: 'app-1', name: 'HR Assistant' };
const IT = { id: 'app-2', name: 'IT Helpdesk' };
const SALES = { id: 'app-3', name: 'Sales Desk' };
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1440);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.matchMedia = originalMatchMedia;
  document.body.style.overflow = '';
});

async function openChat(state: ChatBackendState, ...targets: Array<{ id: string; name: string }>) {
  const fetchMock = stubApi('user', chatBackend(state));
  renderChatLauncher(targets.length > 0 ? targets : [HR]);
  for (const target of targets.length > 0 ? targets : [HR]) fireEvent.click(await screen.findByRole('button', { name: `Open ${target.name}` }, LATER));
  return fetchMock;
}

/** Opens HR Assistant, asks it about leave and opens the handbook it cites: the passage dialog. */
async function openCitedHandbook(): Promise<HTMLElement> {
  renderChatLauncher([HR]);
  fireEvent.click(await screen.findByRole('button', { name: 'Open HR Assistant' }, LATER));
  const hr = await chatWindow('HR Assistant');
  await sendText(hr, 'Leave?');
  fireEvent.click(await within(hr).findByRole('button', { name: 'Open handbook.pdf' }, LATER));
  return screen.findByRole('dialog', { name: 'handbook.pdf' }, LATER);
}

const chatWindow = (name: string) => screen.findByRole('dialog', { name }, LATER);
const input = (scope: HTMLElement) => within(scope).getByRole('textbox', { name: 'Message' });
const sendButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

async function sendText(scope: HTMLElement, text: string) {
  await waitFor(() => expect(within(scope).queryByLabelText('Loading chat')).toBeNull(), LATER);
  fireEvent.change(input(scope), { target: { value: text } });
  await waitFor(() => expect(sendButton(scope).disabled).toBe(false), LATER);
  fireEvent.click(sendButton(scope));
}

describe('floating chat windows (spec 01 §2.7)', () => {
  it('opens several windows, each 420 px further left from a 20 px base, with the header buttons', async () => {
    const tabs = vi.spyOn(chatTabs, 'open').mockImplementation(() => undefined);
    await openChat(chatState(), HR, IT, SALES);
    const windows = await Promise.all([chatWindow('HR Assistant'), chatWindow('IT Helpdesk'), chatWindow('Sales Desk')]);
    expect(windows.map((element) => element.style.right)).toEqual(['20px', '440px', '860px']);
    expect(windows.every((element) => element.style.bottom === '20px')).toBe(true);

    const hr = windows[0]!;
    for (const label of ['Minimize chat', 'Fullscreen', 'Open in new tab', 'New chat', 'Close chat']) expect(within(hr).getByRole('button', { name: label })).toBeTruthy();

    fireEvent.click(within(hr).getByRole('button', { name: 'Open in new tab' }));
    expect(tabs).toHaveBeenCalledWith('/chat/app-1');

    fireEvent.click(within(hr).getByRole('button', { name: 'Minimize chat' }));
    expect(within(hr).queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(within(hr).getByRole('button', { name: 'Expand chat' }));
    expect(input(hr)).toBeTruthy();

    // Opening an application again reuses its window.
    fireEvent.click(screen.getByRole('button', { name: 'Open HR Assistant' }));
    expect(screen.getAllByRole('dialog', { name: 'HR Assistant' })).toHaveLength(1);

    fireEvent.click(within(windows[1]!).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'IT Helpdesk' })).toBeNull());
    expect(screen.getAllByTestId('chat-window')).toHaveLength(2);
  });

  it('tells pages how far from the right the full-height windows reach, so side panels can keep clear', async () => {
    await openChat(chatState(), HR, IT);
    const occupied = screen.getByTestId('chat-occupied-right');
    await waitFor(() => expect(occupied.textContent).toBe('860'), LATER);
    fireEvent.click(within(await chatWindow('IT Helpdesk')).getByRole('button', { name: 'Minimize chat' }));
    await waitFor(() => expect(occupied.textContent).toBe('440'), LATER);
    fireEvent.click(within(await chatWindow('HR Assistant')).getByRole('button', { name: 'Minimize chat' }));
    await waitFor(() => expect(occupied.textContent).toBe('0'), LATER);
  });

  it('creates a session when the application has none', async () => {
    const state = chatState();
    const fetchMock = await openChat(state);
    await chatWindow('HR Assistant');
    await waitFor(() => expect(apiCalls(fetchMock, 'POST', '/api/chat/sessions/app-1')).toHaveLength(1), LATER);
    expect(JSON.parse(String(apiCalls(fetchMock, 'POST', '/api/chat/sessions/app-1')[0]?.[1]?.body))).toEqual({ name: 'New chat', metadata: { isNewSession: true } });
    expect(state.sessions).toHaveLength(1);
    const page = new URL(String(apiCalls(fetchMock, 'GET', '/api/chat/sessions/app-1')[0]?.[0])).searchParams;
    expect(Object.fromEntries(page)).toEqual({ page: '1', limit: '10' });
  });

  it('otherwise selects the most recently created session and shows its messages', async () => {
    const state = chatState({
      sessions: [
        storedSession('ses-old', 'app-1', '2025-01-01T00:00:00Z', '2025-03-11T00:00:00Z', 'Updated lately'),
        storedSession('ses-new', 'app-1', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', 'Created lately'),
      ],
      messages: { 'ses-new': [{ id: 'm1', sessionId: 'ses-new', sender: 'user', text: 'Where is the office?', timestamp: '2025-03-01T00:00:00Z' }] },
    });
    const fetchMock = await openChat(state);
    const hr = await chatWindow('HR Assistant');
    expect(await within(hr).findByText('Where is the office?', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/chat/sessions/app-1')).toHaveLength(0);
    expect(apiCalls(fetchMock, 'GET', '/api/chat/messages/app-1/sessions/ses-old')).toHaveLength(0);
  });

  it('sends a message: shown at once, a loading indicator, then the reply with its sources and the extracted label', async () => {
    const state = chatState();
    state.applications['app-1']!.integrations = [{ type: 'messaging', platform: 'slack', enabled: true, settings: {} }];
    const hold = deferred<void>();
    const fetchMock = stubApi(
      'user',
      chatBackend(state, [
        {
          method: 'POST',
          path: /^\/api\/chat\/messages\/app-1\/sessions\/[^/]+$/,
          reply: async (_match, url, init) => {
            await hold.promise;
            return chatBackend(state)(url.toString(), init);
          },
        },
      ]),
    );
    renderChatLauncher([HR]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open HR Assistant' }, LATER));
    const hr = await chatWindow('HR Assistant');

    await waitFor(() => expect(within(hr).queryByLabelText('Loading chat')).toBeNull(), LATER);
    expect(input(hr).getAttribute('placeholder')).toBe('Type your message...');
    expect(sendButton(hr).disabled).toBe(true);
    fireEvent.change(input(hr), { target: { value: '   ' } });
    expect(sendButton(hr).disabled).toBe(true);

    await sendText(hr, '  How many leave days do I get?  ');
    expect(within(hr).getByText('How many leave days do I get?')).toBeTruthy();
    expect(within(hr).getByRole('status', { name: 'Waiting for the reply' })).toBeTruthy();
    expect((input(hr) as HTMLTextAreaElement).value).toBe('');

    hold.resolve();
    expect(await within(hr).findByText('You get 25 days of paid leave.', undefined, LATER)).toBeTruthy();
    expect(within(hr).queryByRole('status', { name: 'Waiting for the reply' })).toBeNull();
    const sources = within(hr).getByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('button', { name: 'Open handbook.pdf' })).toBeTruthy();
    expect(sources.textContent).toContain('HR Policies');
    expect(sources.textContent).toContain('Employees get 25 days of paid leave.');
    expect(within(hr).getByText(EXTRACTED_LABEL)).toBeTruthy();
    expect(within(hr).queryByText(/Generated by/)).toBeNull();

    const [, init] = apiCalls(fetchMock, 'POST', `/api/chat/messages/app-1/sessions/${state.sessions[0]!.id}`)[0]!;
    expect((init?.headers as Record<string, string>)['X-User-ID']).toBe('user-1');
    expect(JSON.parse(String(init?.body))).toMatchObject({ message: { text: 'How many leave days do I get?', sender: 'user', sessionId: state.sessions[0]!.id }, history: [] });

    // Spec 01 §4.3: the exchange goes to the enabled messaging integrations.
    await waitFor(() => expect(apiCalls(fetchMock, 'POST', '/api/rag/integrations/app-1/notify')).toHaveLength(1), LATER);
    expect(JSON.parse(String(apiCalls(fetchMock, 'POST', '/api/rag/integrations/app-1/notify')[0]?.[1]?.body))).toEqual({
      query: 'How many leave days do I get?',
      response: 'You get 25 days of paid leave.',
      integrations: [{ type: 'messaging', platform: 'slack' }],
    });

    // The session took its name from the first message, in the local copy too.
    const stored = JSON.parse(localStorage.getItem('sessions_app-1_user-1') ?? '[]') as Array<{ name: string; firstMessage?: string; metadata: { isNewSession: boolean } }>;
    expect(stored[0]).toMatchObject({ name: 'How many leave days do I get?', firstMessage: 'How many leave days do I get?', metadata: { isNewSession: false } });
    expect(JSON.parse(localStorage.getItem(`chat_app-1_user-1_${state.sessions[0]!.id}`) ?? '[]')).toHaveLength(2);
  });

  it('labels a model answer with its model, and sends no notify without messaging integrations', async () => {
    const state = chatState({ reply: () => ({ text: 'Model answer.', sources: [], generator: { kind: 'llm', model: 'claude-3-sonnet' } }) });
    const fetchMock = await openChat(state);
    const hr = await chatWindow('HR Assistant');
    await sendText(hr, 'Hello');
    expect(await within(hr).findByText('Model answer.', undefined, LATER)).toBeTruthy();
    expect(within(hr).getByText('Generated by Claude 3 Sonnet')).toBeTruthy();
    expect(within(hr).queryByText(EXTRACTED_LABEL)).toBeNull();
    expect(within(hr).queryByRole('list', { name: 'Sources' })).toBeNull();
    expect(apiCalls(fetchMock, 'POST', '/api/rag/integrations/app-1/notify')).toHaveLength(0);
  });

  it('shows the apology when sending fails, and keeps the message', async () => {
    const state = chatState({ reply: () => 'fail' });
    state.applications['app-1']!.integrations = [{ type: 'messaging', platform: 'slack', enabled: true }];
    const fetchMock = await openChat(state);
    const hr = await chatWindow('HR Assistant');
    await sendText(hr, 'Will this fail?');
    expect(await within(hr).findByText(CHAT_FAILURE_TEXT, undefined, LATER)).toBeTruthy();
    expect(within(hr).getByText('Will this fail?')).toBeTruthy();
    expect(apiCalls(fetchMock, 'POST', '/api/rag/integrations/app-1/notify')).toHaveLength(0);
    // Nothing of the failed exchange is kept as the session's copy.
    expect(localStorage.getItem(`chat_app-1_user-1_${state.sessions[0]!.id}`)).toBeNull();
  });

  it("opens a cited file's passage, and lets an admin download the file through the download call", async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const state = chatState();
    const fetchMock = stubApi(
      'admin',
      chatBackend(state, [{ method: 'GET', path: /^\/api\/files\/download\/fil_handbook$/, reply: () => jsonResponse({ url: 'http://objects.test/handbook.pdf?sig=1', filename: 'handbook.pdf' }) }]),
    );
    const passage = await openCitedHandbook();
    expect(within(passage).getByText('Cited passage')).toBeTruthy();
    expect(apiCalls(fetchMock, 'GET', '/api/files/download/fil_handbook')).toHaveLength(0);
    fireEvent.click(within(passage).getByRole('button', { name: 'Download file' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://objects.test/handbook.pdf?sig=1'), LATER);
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/files/download/fil_handbook')[0]?.[0])).searchParams.get('redirect')).toBe('false');
  });

  it('shows a member the cited passage without offering a download the contract refuses them', async () => {
    const state = chatState();
    const fetchMock = stubApi('user', chatBackend(state));
    const passage = await openCitedHandbook();
    expect(within(passage).queryByRole('button', { name: 'Download file' })).toBeNull();
    expect(within(passage).getByText(/Only administrators can download/)).toBeTruthy();
    fireEvent.click(within(passage).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'handbook.pdf' })).toBeNull(), LATER);
    expect(apiCalls(fetchMock, 'GET', '/api/files/download/fil_handbook')).toHaveLength(0);
  });

  it('falls back to the locally saved sessions and messages when the server cannot be read', async () => {
    localStorage.setItem('sessions_app-1_user-1', JSON.stringify([storedSession('ses-local', 'app-1', '2025-03-01T00:00:00Z'), storedSession('ses-elsewhere', 'app-2', '2025-03-05T00:00:00Z')]));
    localStorage.setItem('chat_app-1_user-1_ses-local', JSON.stringify([{ text: 'Saved question', sender: 'user', timestamp: '2025-03-01T00:00:00Z', sessionId: 'ses-local' }]));
    const state = chatState();
    state.failing.add('list-sessions');
    state.failing.add('list-messages');
    const fetchMock = await openChat(state);
    const hr = await chatWindow('HR Assistant');
    expect(await within(hr).findByText('Saved question', undefined, LATER)).toBeTruthy();
    expect(apiCalls(fetchMock, 'GET', '/api/chat/messages/app-1/sessions/ses-local')).toHaveLength(1);
    expect(apiCalls(fetchMock, 'POST', '/api/chat/sessions/app-1')).toHaveLength(0);
  });

  it('uses the saved messages when the server returns none', async () => {
    localStorage.setItem('chat_app-1_user-1_ses-1', JSON.stringify([{ text: 'Only saved here', sender: 'user', timestamp: '2025-03-01T00:00:00Z', sessionId: 'ses-1' }]));
    await openChat(chatState({ sessions: [storedSession('ses-1', 'app-1', '2025-03-01T00:00:00Z')] }));
    const hr = await chatWindow('HR Assistant');
    expect(await within(hr).findByText('Only saved here', undefined, LATER)).toBeTruthy();
  });

  it('starts over when the stored user id changes', async () => {
    const fetchMock = await openChat(chatState({ sessions: [storedSession('ses-1', 'app-1', '2025-03-01T00:00:00Z')] }));
    await chatWindow('HR Assistant');
    await waitFor(() => expect(apiCalls(fetchMock, 'GET', '/api/chat/sessions/app-1')).toHaveLength(1), LATER);
    act(() => {
      localStorage.setItem('userId', 'user-9');
      window.dispatchEvent(new StorageEvent('storage', { key: 'userId' }));
    });
    await waitFor(() => expect(apiCalls(fetchMock, 'GET', '/api/chat/sessions/app-1')).toHaveLength(2), LATER);
    await waitFor(() => expect(localStorage.getItem('sessions_app-1_user-9')).not.toBeNull(), LATER);

    // Without an event, the once-a-second poll notices the change.
    localStorage.setItem('userId', 'user-7');
    await waitFor(() => expect(apiCalls(fetchMock, 'GET', '/api/chat/sessions/app-1')).toHaveLength(3), LATER);
    await waitFor(() => expect(localStorage.getItem('sessions_app-1_user-7')).not.toBeNull(), LATER);
  });
});

describe('fullscreen with the Chat History sidebar (spec 01 §2.7)', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) => {
      const day = String(index + 1).padStart(2, '0');
      return storedSession(`ses-${day}`, 'app-1', `2025-01-${day}T08:00:00Z`, `2025-01-${day}T09:00:00Z`, `Question number ${index + 1}`);
    });

  async function fullscreen(state: ChatBackendState) {
    const fetchMock = await openChat(state);
    const hr = await chatWindow('HR Assistant');
    fireEvent.click(within(hr).getByRole('button', { name: 'Fullscreen' }));
    expect(hr.getAttribute('data-mode')).toBe('fullscreen');
    return { fetchMock, hr };
  }

  it('opens near the left edge, closes 300 ms after the mouse leaves beyond 380 px, and can be pinned', async () => {
    const { hr } = await fullscreen(chatState({ sessions: many(2) }));
    expect(screen.queryByRole('complementary', { name: 'Chat History' })).toBeNull();

    fireEvent.mouseMove(window, { clientX: 100 });
    expect(screen.queryByRole('complementary', { name: 'Chat History' })).toBeNull();
    fireEvent.mouseMove(window, { clientX: 30 });
    const sidebar = await screen.findByRole('complementary', { name: 'Chat History' });
    expect(within(sidebar).getByRole('heading', { name: 'Chat History' })).toBeTruthy();

    vi.useFakeTimers();
    try {
      fireEvent.mouseMove(window, { clientX: 200 });
      act(() => void vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('complementary', { name: 'Chat History' })).not.toBeNull();
      fireEvent.mouseMove(window, { clientX: 500 });
      act(() => void vi.advanceTimersByTime(250));
      expect(screen.queryByRole('complementary', { name: 'Chat History' })).not.toBeNull();
      act(() => void vi.advanceTimersByTime(60));
      expect(screen.queryByRole('complementary', { name: 'Chat History' })).toBeNull();

      fireEvent.mouseMove(window, { clientX: 5 });
      fireEvent.click(within(screen.getByRole('complementary', { name: 'Chat History' })).getByRole('button', { name: 'Pin sidebar' }));
      fireEvent.mouseMove(window, { clientX: 900 });
      act(() => void vi.advanceTimersByTime(1000));
      expect(screen.getByRole('complementary', { name: 'Chat History' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Unpin sidebar' }));
      fireEvent.mouseMove(window, { clientX: 900 });
      act(() => void vi.advanceTimersByTime(400));
      expect(screen.queryByRole('complementary', { name: 'Chat History' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    // The header's history button is the keyboard's way in: it shows the sidebar pinned ...
    fireEvent.click(within(hr).getByRole('button', { name: 'Show chat history' }));
    expect(screen.getByRole('complementary', { name: 'Chat History' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpin sidebar' })).toBeTruthy();
    // ... and hides it again.
    fireEvent.click(within(hr).getByRole('button', { name: 'Hide chat history' }));
    expect(screen.queryByRole('complementary', { name: 'Chat History' })).toBeNull();

    // The button sits in the hover zone: a mouse reaching it has opened the sidebar already, and the
    // click keeps it open instead of hiding it.
    fireEvent.mouseMove(window, { clientX: 20 });
    expect(screen.getByRole('complementary', { name: 'Chat History' })).toBeTruthy();
    fireEvent.click(within(hr).getByRole('button', { name: 'Show chat history' }));
    expect(screen.getByRole('complementary', { name: 'Chat History' })).toBeTruthy();
    expect(within(hr).getByRole('button', { name: 'Hide chat history' })).toBeTruthy();
  });

  it('lists sessions newest updated first, pages them by 10 with Show More and Show Less, and starts new chats', async () => {
    const state = chatState({ sessions: many(12) });
    const { fetchMock, hr } = await fullscreen(state);
    fireEvent.click(within(hr).getByRole('button', { name: 'Show chat history' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Chat History' });
    const entries = () => within(within(sidebar).getByRole('list', { name: 'Recent Chats' })).getAllByRole('button');
    await waitFor(() => expect(entries()).toHaveLength(10), LATER);
    expect(entries()[0]?.textContent).toContain('Question number 12');
    expect(entries()[0]?.textContent).toContain('Jan 12, 2025');
    expect(entries()[9]?.textContent).toContain('Question number 3');
    expect(within(sidebar).queryByRole('button', { name: 'Show Less' })).toBeNull();

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(entries()).toHaveLength(12), LATER);
    expect(new URL(String(apiCalls(fetchMock, 'GET', '/api/chat/sessions/app-1').at(-1)?.[0])).searchParams.get('page')).toBe('2');
    expect(entries()[11]?.textContent).toContain('Question number 1');
    expect(within(sidebar).queryByRole('button', { name: 'Show More' })).toBeNull();

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Show Less' }));
    expect(entries()).toHaveLength(10);

    // Choosing an entry loads its messages.
    state.messages['ses-05'] = [{ id: 'x', sessionId: 'ses-05', sender: 'user', text: 'Fifth conversation', timestamp: '2025-01-05T09:00:00Z' }];
    fireEvent.click(entries().find((entry) => entry.textContent?.includes('Question number 5'))!);
    expect(await within(hr).findByText('Fifth conversation', undefined, LATER)).toBeTruthy();

    fireEvent.click(within(sidebar).getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(entries()[0]?.textContent).toContain('New chat'), LATER);
    expect(apiCalls(fetchMock, 'POST', '/api/chat/sessions/app-1')).toHaveLength(1);
    expect(within(hr).queryByText('Fifth conversation')).toBeNull();
  });

  it("shows 'No chats found' when there are none and none can be started", async () => {
    const state = chatState();
    state.failing.add('list-sessions');
    state.failing.add('create-session');
    const { hr } = await fullscreen(state);
    fireEvent.click(within(hr).getByRole('button', { name: 'Show chat history' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Chat History' });
    expect(await within(sidebar).findByText('No chats found', undefined, LATER)).toBeTruthy();
    expect(within(sidebar).queryByRole('button', { name: 'Show More' })).toBeNull();
    expect(sendButton(hr).disabled).toBe(true);
  });
});

describe('mobile overlay (spec 01 §2.7, under 768 px)', () => {
  it('shows one full-screen chat with Back to applications, and locks page scrolling', async () => {
    setViewportWidth(375);
    stubApi('user', chatBackend(chatState()));
    renderChatLauncher([HR, IT]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open HR Assistant' }, LATER));
    const overlay = await chatWindow('HR Assistant');
    expect(overlay.getAttribute('data-testid')).toBe('chat-mobile-overlay');
    expect(within(overlay).getByRole('heading', { name: 'HR Assistant' })).toBeTruthy();
    expect(within(overlay).getByRole('button', { name: 'New chat' })).toBeTruthy();
    expect(within(overlay).queryByRole('button', { name: 'Fullscreen' })).toBeNull();
    // The lock is an effect of the lazily loaded overlay, committed once its chunk has resolved.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));

    // One chat at a time: opening another replaces it.
    fireEvent.click(screen.getByRole('button', { name: 'Open IT Helpdesk' }));
    await chatWindow('IT Helpdesk');
    expect(screen.queryByRole('dialog', { name: 'HR Assistant' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to applications' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'IT Helpdesk' })).toBeNull());
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });
});
